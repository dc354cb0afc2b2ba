import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import {
  AffiliateAccessLink,
  AffiliateSubHeader,
  FunnelAndContestSections,
  JvContact,
} from "~/features/affiliates/affiliate";
import { LaunchCountdown } from "~/features/affiliates/launch-countdown";
import { PROMO_RESOURCES } from "~/features/affiliates/affiliate-copy";
import { Section } from "~/platform/ui/marketing";
import { CopyButton } from "~/platform/ui/copy-button";
import { affiliatePage } from "~/features/affiliates/index.server";
import { publicPageHeaders, CACHED_PAGE } from "~/platform/cache-policy";
import { publicPageMeta } from "~/platform/page-meta";

export const meta = publicPageMeta;
export const headers = publicPageHeaders;
export const pageCache = CACHED_PAGE;

export async function loader({ request }: LoaderFunctionArgs) {
  return affiliatePage(request, "/jv-doc", "jvDoc", {});
}

export default function JvDocPage() {
  const { brandName, supportEmail, affiliateUrl, launch, dates, funnel, contest } = useLoaderData<typeof loader>();
  return (
    <>
      <AffiliateSubHeader
        badgeText={dates.badge}
        badge={launch ? <LaunchCountdown target={launch.at} initial={launch.initial} variant="badge" /> : undefined}
      />
      <main className="mx-auto max-w-5xl px-4 pb-16 pt-10">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{brandName} JV Doc</h1>
        <p className="mt-2 text-slate-700">Launch: {dates.launchLabel}.</p>

        <Section variant="inline" id="product" heading="Product Information">
          <p className="mt-3 text-slate-700">
            {brandName} is a lifetime-access training on building and launching AI-powered software-as-a-service apps
            without coding. Buyers get a complete development course, a step-by-step monetization guide, AI boilerplate
            templates, a SaaS business idea generator, a launch strategy framework and a marketing toolkit.
          </p>
          <p className="mt-3 text-slate-700">
            Audience: aspiring non-developer entrepreneurs and online marketers who want their own AI software product.
          </p>
        </Section>

        <FunnelAndContestSections
          funnel={funnel}
          funnelHeading="Funnel and Commission Structure"
          contestHeading="Contest"
          dates={dates}
          contest={contest}
        />

        <Section variant="inline" id="dates" heading="Important Dates">
          <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {dates.important.length === 0 ? (
              <li className="px-4 py-3 text-slate-700">The launch dates are to be announced.</li>
            ) : null}
            {dates.important.map((entry) => (
              <li key={entry.date} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:gap-6">
                <span className="font-semibold sm:w-64">{entry.date}</span>
                <span className="text-slate-700">{entry.event}</span>
              </li>
            ))}
          </ul>
        </Section>

        <Section variant="inline" id="affiliate-link" heading="Your Affiliate Link">
          <p className="mt-2 text-slate-700">
            Request approval on the marketplace; your personal link appears there once approved. The offer page:
          </p>
          <div className="mt-3 flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-4">
            <code id="affiliate-offer-url" className="break-all text-sm">
              {affiliateUrl}
            </code>
            <CopyButton text={affiliateUrl} label="Copy Link" describedBy="affiliate-offer-url" />
          </div>
          <div className="mt-4">
            <AffiliateAccessLink href={affiliateUrl} />
          </div>
        </Section>

        <Section variant="inline" id="resources" heading="Resources">
          <ul className="mt-4 list-disc space-y-1 pl-6">
            {PROMO_RESOURCES.map((resource) => (
              <li key={resource.tab}>
                <Link
                  to={`/demo-swipes?tab=${resource.tab}`}
                  className="tap-inline font-semibold text-brand-700 underline"
                >
                  {resource.title}
                </Link>
                : {resource.description}
              </li>
            ))}
          </ul>
        </Section>

        <Section variant="inline" id="contact" heading="Contact Information">
          <JvContact supportEmail={supportEmail} />
        </Section>
      </main>
    </>
  );
}
