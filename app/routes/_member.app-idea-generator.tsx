import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation, useNavigate, useSearchParams } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { IdeaFilterForm } from "~/features/tools/idea-filter-form";
import { IdeaCard, IdeaDetails } from "~/features/tools/idea-views";
import {
  filterForForm,
  GENERATION_DELAY_MS,
  IDEAS_PER_RUN,
  ideasForQuery,
  newSeed,
} from "~/features/tools/idea-generator";
import { MemberPageHeader } from "~/platform/ui/member-page-header";
import type { ExportFormat } from "~/features/tools/idea-export";
import { requireTrainingAccess } from "~/features/catalogue/index.server";
import { brandedTitle } from "~/platform/page-meta";

export const meta: MetaFunction = ({ matches }) => [brandedTitle("SaaS Idea Generator", matches)];

/**
 * The ideas follow from the query string alone (filter + seed), so the component generates them,
 * on the server for the first render and the no-JavaScript form, in the browser after that. The
 * loader guards the page and deals the seed the no-JavaScript form will submit next. It never
 * changes state: generating is a GET.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireTrainingAccess(request);
  return { nextSeed: newSeed() };
}

const withoutIdea = (search: string) => {
  const params = new URLSearchParams(search);
  params.delete("idea");
  return params.toString();
};

export default function IdeaGeneratorPage() {
  const { nextSeed } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const run = useMemo(() => ideasForQuery(params), [params]);
  // The location a run started from: the run ends when the URL changes (its own URL was
  // reached, or the visitor went elsewhere meanwhile).
  const [generatingFrom, setGeneratingFrom] = useState<string | null>(null);
  const generating = generatingFrom === location.key;
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  /** The enhanced form: the spec's ~1.2 s 'generating' state, then the URL of the run. */
  function generate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (name !== "seed" && typeof value === "string" && value.trim() !== "") query.append(name, value);
    }
    query.set("seed", String(newSeed()));
    setGeneratingFrom(location.key);
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => navigate({ search: `?${query}` }, { preventScrollReset: true }),
      GENERATION_DELAY_MS,
    );
  }

  const runQuery = withoutIdea(location.search);
  const exportQuery = (format: ExportFormat) => {
    const query = new URLSearchParams(runQuery);
    query.set("format", format);
    return query.toString();
  };
  const detailsHref = (id: string) => {
    const query = new URLSearchParams(runQuery);
    query.set("idea", id);
    return `?${query}#idea-details`;
  };
  const selected = generating ? undefined : run.ideas.find((idea) => idea.id === params.get("idea"));

  return (
    <>
      <main className="mx-auto max-w-6xl space-y-8 px-4 py-10">
        <MemberPageHeader eyebrow="Member tool" title="SaaS Idea Generator">
          Describe the market you want to serve and get {IDEAS_PER_RUN} AI SaaS ideas with features, pricing, build time
          and competition, ready to turn into an app prompt.
        </MemberPageHeader>

        <IdeaFilterForm
          filter={filterForForm(params)}
          nextSeed={nextSeed}
          generating={generating}
          onSubmit={generate}
        />

        <section aria-labelledby="ideas-heading" aria-busy={generating} className="space-y-5">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="ideas-heading" className="text-2xl font-bold text-slate-900">
              Your SaaS ideas
            </h2>
            {run.status !== "idle" && !generating ? (
              <div className="flex flex-wrap gap-2">
                <a
                  href={`/app-idea-generator/export?${runQuery}`}
                  download
                  className="inline-flex min-h-11 items-center rounded-lg bg-slate-900 px-4 text-sm font-semibold text-white hover:bg-slate-700"
                >
                  Export JSON
                </a>
                <a
                  href={`/app-idea-generator/export?${exportQuery("markdown")}`}
                  download
                  className="inline-flex min-h-11 items-center rounded-lg border border-slate-900 px-4 text-sm font-semibold text-slate-900 hover:bg-slate-100"
                >
                  Export Markdown
                </a>
              </div>
            ) : null}
          </div>

          {generating ? (
            <div>
              <p role="status" className="font-medium text-brand-700">
                Generating your SaaS ideas...
              </p>
              <div className="mt-4 grid gap-6 md:grid-cols-3" aria-hidden="true">
                {Array.from({ length: IDEAS_PER_RUN }, (_, index) => (
                  <div key={index} className="h-72 animate-pulse rounded-2xl bg-slate-200" />
                ))}
              </div>
            </div>
          ) : run.status === "idle" ? (
            <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
              Choose your filters and press <strong>Generate Ideas</strong> to get {IDEAS_PER_RUN} tailored SaaS ideas.
            </p>
          ) : (
            <>
              {run.error ? (
                <p
                  role="alert"
                  className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-800"
                >
                  {run.error}
                </p>
              ) : null}
              {selected ? (
                <IdeaDetails key={selected.id} idea={selected} closeHref={`?${runQuery}#idea-card-${selected.id}`} />
              ) : null}
              <div className="grid gap-6 md:grid-cols-3">
                {run.ideas.map((idea) => (
                  <IdeaCard key={idea.id} idea={idea} detailsHref={detailsHref(idea.id)} />
                ))}
              </div>
            </>
          )}
        </section>
      </main>
    </>
  );
}
