import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AffiliateAccessLink, AffiliateSubHeader } from "~/features/affiliates/affiliate";
import { CopyButton } from "~/platform/ui/copy-button";
import {
  BANNERS,
  DEMO_VIDEO,
  SWIPE_PLACEHOLDERS,
  SWIPE_TABS,
  longSwipes,
  parseSwipeTab,
  shortSwipes,
  type SwipeEmail,
} from "~/features/affiliates/affiliate-copy";
import { affiliatePage } from "~/features/affiliates/index.server";
import { publicPageHeaders, type PageCacheRoute } from "~/platform/cache-policy";
import { publicPageMeta } from "~/platform/page-meta";
import { brand } from "~/features/site/index.server";
import { buttonClass } from "~/platform/ui/button";
import { DemoVideo } from "~/features/site/demo-video";

export const meta = publicPageMeta;
export const headers = publicPageHeaders;
/** Kept by the page cache; `tab` is the only query parameter the page reads (an unknown tab is the default). */
export const pageCache: PageCacheRoute = { query: { tab: SWIPE_TABS.map((entry) => entry.tab) } };

/**
 * Tabs are links (?tab=demo|emails|emails-long|banners), so each works without JavaScript; no
 * tab starts on Demo Video. Only the open tab's emails travel with the page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const tab = parseSwipeTab(new URL(request.url).searchParams.get("tab"));
  const { name } = brand();
  const emails = tab === "emails" ? shortSwipes(name) : tab === "emails-long" ? longSwipes(name) : [];
  return affiliatePage(request, "/demo-swipes", "demoSwipes", { tab, emails });
}

export default function DemoSwipesPage() {
  const { tab, emails, supportEmail, affiliateUrl, brandName, dates } = useLoaderData<typeof loader>();
  return (
    <>
      <AffiliateSubHeader badgeText={dates.badge} />
      <main className="mx-auto max-w-5xl px-4 pb-16 pt-10">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Demo and Swipes</h1>
        <p className="mt-2 text-slate-700">Everything you need to promote {brandName}.</p>

        <nav aria-label="Swipe sections" className="mt-6 flex flex-wrap gap-2 border-b border-slate-200 pb-2">
          {SWIPE_TABS.map((entry) => (
            <Link
              key={entry.tab}
              to={`?tab=${entry.tab}`}
              preventScrollReset
              aria-current={entry.tab === tab ? "page" : undefined}
              className={`inline-flex min-h-11 items-center rounded-lg px-4 py-2 text-sm font-semibold ${
                entry.tab === tab
                  ? "bg-brand-600 text-white"
                  : "bg-white text-slate-800 ring-1 ring-slate-200 hover:bg-slate-100"
              }`}
            >
              {entry.label}
            </Link>
          ))}
        </nav>

        <div className="mt-8">
          {tab === "demo" ? <DemoVideoTab /> : null}
          {tab === "emails" || tab === "emails-long" ? (
            <EmailSwipes emails={emails} title={tab === "emails" ? "Email Swipes (Short)" : "Email Swipes (Long)"} />
          ) : null}
          {tab === "banners" ? <Banners supportEmail={supportEmail} /> : null}
        </div>

        <section aria-labelledby="get-link-title" className="mt-12 rounded-2xl bg-brand-900 p-6 text-white">
          <h2 id="get-link-title" className="text-2xl font-extrabold">
            Get Your Affiliate Link
          </h2>
          <p className="mt-2 text-indigo-100">
            Request approval on the marketplace to get your personal link, then use it in place of{" "}
            <code>{SWIPE_PLACEHOLDERS.affiliateLink}</code> in every swipe.
          </p>
          <div className="mt-4">
            <AffiliateAccessLink href={affiliateUrl} />
          </div>
        </section>
      </main>
    </>
  );
}

function DemoVideoTab() {
  return (
    <section aria-labelledby="demo-title">
      <h2 id="demo-title" className="text-2xl font-bold">
        Demo Video
      </h2>
      <DemoVideo className="mt-4 rounded-xl" />
      <h3 className="mt-6 text-lg font-bold">How to use the demo in your promotions</h3>
      <ol className="mt-2 list-decimal space-y-1 pl-6 text-slate-700">
        {DEMO_VIDEO.tips.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ol>
    </section>
  );
}

function EmailSwipes({ emails, title }: { emails: SwipeEmail[]; title: string }) {
  return (
    <section aria-labelledby="emails-title">
      <h2 id="emails-title" className="text-2xl font-bold">
        {title}
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        Replace <code>{SWIPE_PLACEHOLDERS.firstName}</code> with your subscriber&apos;s first name and{" "}
        <code>{SWIPE_PLACEHOLDERS.affiliateLink}</code> with your affiliate link.
      </p>
      <div className="mt-6 space-y-6">
        {emails.map((email) => {
          const fullText = `Subject: ${email.subject}\n\n${email.body}`;
          return (
            <article
              key={email.id}
              aria-labelledby={`${email.id}-title`}
              className="rounded-xl border border-slate-200 bg-white p-5"
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div>
                  <h3 id={`${email.id}-title`} className="text-lg font-bold">
                    {email.label}
                  </h3>
                  <p className="mt-1 text-sm text-slate-700">
                    <span className="font-semibold">Subject:</span> {email.subject}
                  </p>
                </div>
                <CopyButton text={fullText} describedBy={`${email.id}-title`} />
              </div>
              <pre className="mt-4 whitespace-pre-wrap rounded-lg bg-slate-50 p-4 font-sans text-sm leading-relaxed text-slate-800">
                {email.preview}
              </pre>
              {email.preview !== email.body ? (
                <details className="mt-3">
                  <summary className="cursor-pointer text-sm font-semibold text-brand-700">Show the full email</summary>
                  <label htmlFor={`${email.id}-full`} className="mt-2 block text-sm font-medium text-slate-700">
                    Full email text
                  </label>
                  <textarea
                    id={`${email.id}-full`}
                    readOnly
                    rows={14}
                    value={fullText}
                    className="mt-1 w-full rounded-lg border border-slate-300 p-3 font-sans text-sm"
                  />
                </details>
              ) : null}
            </article>
          );
        })}
      </div>
    </section>
  );
}

function Banners({ supportEmail }: { supportEmail: string }) {
  return (
    <section aria-labelledby="banners-title">
      <h2 id="banners-title" className="text-2xl font-bold">
        Banners
      </h2>
      <ul className="mt-6 grid gap-6 sm:grid-cols-2">
        {BANNERS.map((banner) => (
          <li key={banner.size} className="rounded-xl border border-slate-200 bg-white p-5">
            <h3 className="font-bold">{banner.size}</h3>
            <div className="mt-3 overflow-x-auto">
              <img
                src={banner.src}
                width={banner.width}
                height={banner.height}
                alt={`AI SaaS training banner, ${banner.size}`}
                loading="lazy"
                className="h-auto max-w-full"
              />
            </div>
            <a href={banner.src} download={banner.filename} className={buttonClass({ size: "sm", className: "mt-3" })}>
              Download<span className="sr-only"> the {banner.size} banner</span>
            </a>
          </li>
        ))}
      </ul>
      <p className="mt-6">
        <a
          href={`mailto:${supportEmail}?subject=${encodeURIComponent("Custom graphics request")}`}
          className="tap-inline font-semibold text-brand-700 underline"
        >
          Request Custom Graphics
        </a>
      </p>
    </section>
  );
}
