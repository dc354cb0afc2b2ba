import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { useRef, useState } from "react";
import { MemberPageHeader } from "~/platform/ui/member-page-header";
import {
  APP_BUILDER_PROMPT_PARAM,
  APP_PROMPT_MAX_LENGTH,
  EXAMPLE_PROMPTS,
  PROMPT_HABITS,
  PROMPT_TIPS,
} from "~/features/tools/member-tools";
import { env } from "~/platform/env.server";
import { requirePaidMember } from "~/features/catalogue/index.server";
import { brandedTitle } from "~/platform/page-meta";
import { buttonClass } from "~/platform/ui/button";

export const meta: MetaFunction = ({ matches }) => [brandedTitle("AI App Builder", matches)];

/**
 * The Build form submits straight to the external app builder (APP_BUILDER_URL), so it needs no
 * JavaScript. A GET form replaces the action's own query string with its fields, so any query the
 * configured URL carries (a referral code, say) travels as hidden fields instead.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePaidMember(request);
  const builder = new URL(env().APP_BUILDER_URL);
  const fixedParams = [...builder.searchParams].filter(([name]) => name !== APP_BUILDER_PROMPT_PARAM);
  builder.search = "";
  return { action: builder.toString(), fixedParams, builderHost: builder.host };
}

export default function AppBuilderPage() {
  const { action, fixedParams, builderHost } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  // The idea generator's 'Send to App Builder' arrives with ?prompt=...; without JavaScript an
  // example's "Use this prompt" link reloads the page with ?example=<id>.
  const [prompt, setPrompt] = useState(
    () =>
      params.get(APP_BUILDER_PROMPT_PARAM)?.slice(0, APP_PROMPT_MAX_LENGTH) ??
      EXAMPLE_PROMPTS.find((example) => example.id === params.get("example"))?.prompt ??
      "",
  );
  const textarea = useRef<HTMLTextAreaElement>(null);

  return (
    <>
      <main className="mx-auto max-w-6xl space-y-8 px-4 py-10">
        <MemberPageHeader eyebrow="Member tool" title="AI App Builder">
          Describe your app in plain English and press Build: {builderHost} opens in a new tab and starts building it
          from your prompt.
        </MemberPageHeader>

        <div className="grid items-start gap-8 lg:grid-cols-[1fr_22rem]">
          <form
            method="get"
            action={action}
            target="_blank"
            rel="noopener noreferrer"
            className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
          >
            {fixedParams.map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <label htmlFor="app-prompt" className="block text-lg font-bold text-slate-900">
              Your app prompt
            </label>
            <p id="app-prompt-help" className="mt-1 text-sm text-slate-600">
              Who is it for, what do they put in, what does the AI do, what comes out, and how does it make money?
            </p>
            <textarea
              ref={textarea}
              id="app-prompt"
              name={APP_BUILDER_PROMPT_PARAM}
              required
              rows={12}
              maxLength={APP_PROMPT_MAX_LENGTH}
              value={prompt}
              onChange={(event) => setPrompt(event.target.value)}
              aria-describedby="app-prompt-help"
              placeholder="Build a web app for real estate agents that turns property details into listing descriptions..."
              className="mt-3 block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30"
            />
            <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-slate-500">
                {prompt.length}/{APP_PROMPT_MAX_LENGTH} characters
              </p>
              <button type="submit" className={buttonClass({ size: "lg" })}>
                Build<span className="sr-only"> (opens {builderHost} in a new tab)</span>
                <span aria-hidden="true"> ↗</span>
              </button>
            </div>
          </form>

          <section aria-labelledby="tips-heading" className="rounded-2xl bg-brand-50 p-6 ring-1 ring-brand-100">
            <h2 id="tips-heading" className="text-lg font-bold text-slate-900">
              How to write a great app prompt
            </h2>
            <ol className="mt-4 space-y-3">
              {PROMPT_TIPS.map((tip, index) => (
                <li key={tip.title} className="text-sm text-slate-700">
                  <span className="font-semibold text-brand-700">
                    {index + 1}. {tip.title}.
                  </span>{" "}
                  {tip.body}
                </li>
              ))}
            </ol>
            <h3 className="mt-6 text-sm font-bold uppercase tracking-wide text-slate-600">Good habits</h3>
            <ul className="mt-2 list-disc space-y-1.5 pl-5 text-sm text-slate-700">
              {PROMPT_HABITS.map((habit) => (
                <li key={habit}>{habit}</li>
              ))}
            </ul>
          </section>
        </div>

        <section aria-labelledby="examples-heading">
          <h2 id="examples-heading" className="text-2xl font-bold text-slate-900">
            Example prompts
          </h2>
          <p className="mt-1 text-slate-600">Start from one of these and change the details to fit your idea.</p>
          <div className="mt-5 grid gap-6 md:grid-cols-3">
            {EXAMPLE_PROMPTS.map((example) => (
              <article
                key={example.id}
                aria-labelledby={`example-${example.id}`}
                className="flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
              >
                <h3 id={`example-${example.id}`} className="font-bold text-slate-900">
                  {example.title}
                </h3>
                <p className="mt-2 whitespace-pre-line text-sm text-slate-700">{example.prompt}</p>
                <div className="mt-auto pt-4">
                  <a
                    href={`?example=${example.id}#app-prompt`}
                    onClick={(event) => {
                      event.preventDefault();
                      setPrompt(example.prompt);
                      textarea.current?.focus();
                    }}
                    className="inline-flex min-h-11 items-center rounded-lg border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
                  >
                    Use this prompt<span className="sr-only">: {example.title}</span>
                  </a>
                </div>
              </article>
            ))}
          </div>
        </section>
      </main>
    </>
  );
}
