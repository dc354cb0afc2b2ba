import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { ConsentForm, CookieCategoryList, type ConsentHandle } from "~/features/privacy/cookie-consent";
import { describeChoice } from "~/features/privacy/consent-copy";
import { parseConsentChoice } from "~/features/privacy/consent-rules";
import { BAD_CONSENT_CHOICE, consentForm } from "~/features/privacy/privacy-forms";
import { saveConsentChoice } from "~/features/privacy/index.server";
import { brandedTitle } from "~/platform/page-meta";
import { safeRedirect } from "~/platform/safe-redirect";

/** Not a landing page: kept out of search results. */
export const meta: MetaFunction = ({ matches }) => [
  brandedTitle("Cookie settings", matches),
  { name: "description", content: "Choose which cookies we may use, and change your choice at any time." },
  { name: "robots", content: "noindex" },
];

/** This page is the choice itself; the banner would only repeat it. */
export const handle: ConsentHandle = { hideConsentBanner: true };

/** GET /consent: the 'Cookie settings' page the footers link to, which re-opens the choice. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return data(
    {
      choice: parseConsentChoice(request.headers.get("Cookie")),
      returnTo: safeRedirect(url.searchParams.get("from"), "/"),
    },
    // The page depends on its query (where to go back to): never a shared cache entry.
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/**
 * POST /consent: records the choice (proof row + 2-year cookie; Decline expires the analytics
 * cookies). A browser without JavaScript is sent back (303) to the page it came from; the
 * banner's fetcher asks for data instead, so nothing reloads.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: consentForm });
  if (submission.status !== "success") return data({ ok: false as const, error: BAD_CONSENT_CHOICE }, { status: 400 });
  const { choice, respond, returnTo } = submission.value;

  const headers = await saveConsentChoice(request, context.clientAddress ?? "unknown", choice);
  if (respond === "data") return data({ ok: true as const, choice }, { headers });
  return redirect(safeRedirect(returnTo, "/"), { status: 303, headers });
}

export default function CookieSettingsPage() {
  const { choice, returnTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const fetcher = useFetcher<typeof action>({ key: "cookie-consent" });
  const result = fetcher.data ?? actionData;
  return (
    <>
      <main className="mx-auto max-w-3xl px-4 py-12">
        <h1 className="text-3xl font-extrabold tracking-tight">Cookie settings</h1>
        <p className="mt-3 text-slate-700" aria-live="polite">
          {result?.ok
            ? `Saved. Your choice: ${describeChoice(result.choice)}.`
            : choice
              ? `Your current choice: ${describeChoice(choice)}.`
              : "You have not made a choice yet."}
        </p>
        {result && !result.ok ? (
          <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
            {result.error}
          </p>
        ) : null}
        <section aria-labelledby="cookie-types" className="mt-8">
          <h2 id="cookie-types" className="text-xl font-bold">
            The cookies we use
          </h2>
          <CookieCategoryList />
        </section>
        <section aria-labelledby="cookie-choice" className="mt-8 rounded-xl border border-slate-200 bg-white p-5">
          <h2 id="cookie-choice" className="text-xl font-bold">
            Your choice
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            Decline removes analytics cookies; Essential Only keeps just what the site needs to work; Accept All allows
            analytical, functional and marketing cookies too. Read more in the{" "}
            <Link to="/privacy-policy#cookie-policy" className="tap-inline font-semibold text-brand-700 underline">
              cookie section of our privacy policy
            </Link>
            .
          </p>
          <ConsentForm returnTo={returnTo} />
        </section>
        <p className="mt-8">
          <Link to={returnTo} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
            Back to the page you were on
          </Link>
        </p>
      </main>
    </>
  );
}
