import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { InlineConsentGatedScript } from "~/features/privacy/consent-gated-script";
import { leadPageCopy, THANK_YOU_ACCESS } from "~/features/list/lead-pages";
import { env } from "~/platform/env.server";
import { publicPageHeaders, CACHED_PAGE } from "~/platform/cache-policy";
import { publicPageMeta } from "~/platform/page-meta";
import { brand, publicPage } from "~/features/site/index.server";
import { NO_JAVASCRIPT } from "~/platform/hydration";
import { buttonClass } from "~/platform/ui/button";

export const meta = publicPageMeta;
/** A pure-content page: no JavaScript (app/platform/hydration.ts). */
export const handle = NO_JAVASCRIPT;
export const pageCache = CACHED_PAGE;
export const headers = publicPageHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const page = leadPageCopy(brand().name).thankYouAccess;
  return publicPage(request, "/thank-you-access", page, { tracker: env().TRACKER_SCRIPT_URL ?? null });
}

/** docs/product.md §2: on load, a 'thank_you_page' conversion goes to the tracker, if one is present and consent allows. */
export default function ThankYouAccessPage() {
  const { tracker } = useLoaderData<typeof loader>();
  return (
    <>
      {tracker ? <InlineConsentGatedScript src={tracker} category="marketing" conversion="thank_you_page" /> : null}
      <main className="mx-auto max-w-2xl px-4 py-16 text-center">
        <p className="text-sm font-bold uppercase tracking-widest text-emerald-700">{THANK_YOU_ACCESS.eyebrow}</p>
        <h1 className="mt-2 text-4xl font-extrabold tracking-tight">{THANK_YOU_ACCESS.headline}</h1>
        <p className="mt-4 text-lg text-slate-700">{THANK_YOU_ACCESS.registered}</p>
        <p className="mt-2 text-slate-700">{THANK_YOU_ACCESS.confirmation}</p>
        <a
          href="/login?special_access=true"
          target="_blank"
          rel="noopener"
          className={buttonClass({ size: "lg", className: "mt-8" })}
        >
          {THANK_YOU_ACCESS.button}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        <section
          aria-labelledby="next-title"
          className="mt-12 rounded-2xl border border-slate-200 bg-white p-6 text-left"
        >
          <h2 id="next-title" className="text-xl font-bold">
            {THANK_YOU_ACCESS.nextTitle}
          </h2>
          <ol className="mt-3 list-decimal space-y-2 pl-6 text-slate-700">
            {THANK_YOU_ACCESS.next.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>
      </main>
    </>
  );
}
