import { Link } from "@remix-run/react";
import type { LegalDocument } from "./legal";

/** A legal document (privacy policy, terms): title, date, numbered sections, Back to Home. */
export function LegalPage({ document }: { document: LegalDocument }) {
  return (
    <>
      <main className="mx-auto max-w-3xl px-4 py-12">
        <Link to="/" className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 hover:underline">
          ← Back to Home
        </Link>
        <h1 className="mt-6 text-3xl font-extrabold tracking-tight sm:text-4xl">{document.title}</h1>
        <p className="mt-2 text-sm text-slate-600">Last updated: {document.lastUpdated}</p>
        <p className="mt-6 text-slate-700">{document.intro}</p>
        {document.sections.map((section) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-title`}
            className="mt-8 scroll-mt-24"
          >
            <h2 id={`${section.id}-title`} className="text-xl font-bold">
              {section.title}
            </h2>
            {section.paragraphs?.map((paragraph) => (
              <p key={paragraph} className="mt-3 leading-relaxed text-slate-700">
                {paragraph}
              </p>
            ))}
            {section.list ? (
              <ul className="mt-3 list-disc space-y-1.5 pl-6 text-slate-700">
                {section.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
            {section.after?.map((paragraph) => (
              <p key={paragraph} className="mt-3 leading-relaxed text-slate-700">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
        <p className="mt-12">
          <Link to="/" className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline">
            ← Back to Home
          </Link>
        </p>
      </main>
    </>
  );
}
