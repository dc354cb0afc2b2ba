import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { Idea } from "./idea-templates";
import { appBuilderHref } from "./idea-export";

const secondaryButton =
  "inline-flex min-h-11 items-center rounded-lg border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50";
const primaryButton =
  "inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700";

/** Opens /app-builder with a prompt built from the idea in its textarea (a plain link: no JavaScript needed). */
function SendToAppBuilder({ idea }: { idea: Idea }) {
  return (
    <Link to={appBuilderHref(idea)} className={primaryButton}>
      Send to App Builder<span className="sr-only">: {idea.title}</span>
    </Link>
  );
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{term}</dt>
      <dd className="mt-0.5 text-sm text-slate-800">{children}</dd>
    </div>
  );
}

function TechList({ items }: { items: string[] }) {
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Tech stack">
      {items.map((tech) => (
        <li
          key={tech}
          className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-700 ring-1 ring-brand-100"
        >
          {tech}
        </li>
      ))}
    </ul>
  );
}

/** The facts, key features and tech stack, shared by the card and the full write-up. */
function IdeaFacts({ idea, detailed }: { idea: Idea; detailed: boolean }) {
  const Heading = detailed ? "h3" : "h4";
  const headingClass = "mt-5 mb-1.5 text-xs font-semibold uppercase tracking-wide text-slate-500";
  return (
    <>
      <dl className={`mt-4 grid gap-3 ${detailed ? "sm:grid-cols-2 sm:gap-4" : ""}`}>
        <Fact term="Target market">{idea.targetMarket}</Fact>
        <Fact term="Problem solved">{idea.problemSolved}</Fact>
        <Fact term="Monetization strategy">{idea.monetizationStrategy}</Fact>
        <Fact term="Estimated dev time">{idea.estimatedDevTime}</Fact>
        <Fact term="Market potential">{idea.marketPotential}</Fact>
        {detailed ? <Fact term="Competitor analysis">{idea.competitorAnalysis}</Fact> : null}
      </dl>
      <Heading className={headingClass}>Key features</Heading>
      <ul className="list-disc space-y-0.5 pl-5 text-sm text-slate-800">
        {idea.keyFeatures.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <Heading className={headingClass}>Tech stack</Heading>
      <TechList items={idea.techStack} />
    </>
  );
}

/** One idea in the results grid; the competitor analysis is one link away. */
export function IdeaCard({ idea, detailsHref }: { idea: Idea; detailsHref: string }) {
  const titleId = `idea-card-${idea.id}-title`;
  return (
    <article
      id={`idea-card-${idea.id}`}
      aria-labelledby={titleId}
      className="flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
      data-testid="idea-card"
    >
      <h3 id={titleId} className="text-lg font-bold text-slate-900">
        {idea.title}
      </h3>
      <p className="mt-2 text-sm text-slate-600">{idea.description}</p>
      <IdeaFacts idea={idea} detailed={false} />
      <div className="mt-auto flex flex-wrap gap-3 pt-5">
        <Link to={detailsHref} preventScrollReset className={secondaryButton}>
          View details<span className="sr-only">: {idea.title}</span>
        </Link>
        <SendToAppBuilder idea={idea} />
      </div>
    </article>
  );
}

/**
 * The idea's full write-up. The server renders it as an open, in-page <dialog> (the no-JavaScript
 * page reaches it through ?idea=<id>); in the browser it becomes a modal, and Escape or Close go back
 * to the URL without ?idea=.
 */
export function IdeaDetails({ idea, closeHref }: { idea: Idea; closeHref: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // showModal() refuses a dialog that is already open, as the server-rendered one is.
    if (element.open) element.close();
    element.showModal();
  }, [idea.id]);

  return (
    <dialog
      ref={dialog}
      open
      id="idea-details"
      aria-labelledby="idea-details-title"
      onCancel={(event) => {
        event.preventDefault();
        navigate(closeHref, { preventScrollReset: true });
      }}
      className="m-auto w-full max-w-3xl scroll-mt-24 rounded-2xl bg-white p-0 text-slate-900 shadow-2xl ring-1 ring-slate-200 backdrop:bg-slate-900/60 [&:not(:modal)]:static [&:not(:modal)]:mb-8 [&:not(:modal)]:max-w-none [&:not(:modal)]:shadow-md"
    >
      <div className="max-h-[85vh] overflow-y-auto p-6 sm:p-8">
        <div className="flex items-start justify-between gap-4">
          <h2 id="idea-details-title" className="text-2xl font-bold">
            {idea.title}
          </h2>
          <Link
            to={closeHref}
            preventScrollReset
            className="inline-flex min-h-11 shrink-0 items-center rounded-lg border border-slate-300 px-4 text-sm font-medium text-slate-700 hover:bg-slate-100"
          >
            Close<span className="sr-only"> details</span>
          </Link>
        </div>
        <p className="mt-3 text-slate-700">{idea.description}</p>
        <IdeaFacts idea={idea} detailed />
        <div className="mt-6">
          <SendToAppBuilder idea={idea} />
        </div>
      </div>
    </dialog>
  );
}
