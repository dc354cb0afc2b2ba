import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AffiliateAccessLink, FunnelAndContestSections, JvContact } from "~/features/affiliates/affiliate";
import { LaunchCountdown } from "~/features/affiliates/launch-countdown";
import { PROMO_RESOURCES, reasonsToPromote } from "~/features/affiliates/affiliate-copy";
import { Section } from "~/platform/ui/marketing";
import { affiliatePage } from "~/features/affiliates/index.server";
import { publicPageHeaders, CACHED_PAGE } from "~/platform/cache-policy";
import { publicPageMeta } from "~/platform/page-meta";

export const meta = publicPageMeta;
export const headers = publicPageHeaders;
export const pageCache = CACHED_PAGE;

export async function loader({ request }: LoaderFunctionArgs) {
  return affiliatePage(request, "/jv-affiliate", "jvAffiliate", {});
}

export default function JvAffiliatePage() {
  const { brandName, supportEmail, affiliateUrl, launch, dates, funnel, contest } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="sticky top-16 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-0.5">
          <p className="text-sm font-bold text-slate-900">JV Partners</p>
          <nav aria-label="JV" className="flex items-center gap-4 text-sm font-semibold">
            <Link to="/jv-doc" className="inline-flex min-h-11 items-center text-brand-700 hover:underline">
              JV Doc
            </Link>
            <Link to="/demo-swipes" className="inline-flex min-h-11 items-center text-brand-700 hover:underline">
              Swipes
            </Link>
          </nav>
        </div>
      </div>

      <main>
        <section className="bg-gradient-to-br from-brand-900 to-brand-600 px-4 py-14 text-white">
          <div className="mx-auto max-w-5xl text-center">
            <p className="text-sm font-bold uppercase tracking-widest text-amber-300">Joint-venture partners</p>
            <h1 className="mt-3 text-3xl font-extrabold tracking-tight sm:text-5xl">Promote the {brandName} launch</h1>
            <p className="mx-auto mt-4 max-w-2xl text-lg text-indigo-100">
              Launch: <strong className="text-white">{dates.launchLabel}</strong>. Build AI SaaS apps without coding, a
              low-ticket front end with 50% commissions across the whole funnel.
            </p>
            {launch ? (
              <div className="mx-auto mt-8 max-w-xl">
                <LaunchCountdown target={launch.at} initial={launch.initial} />
              </div>
            ) : null}
            <div className="mt-8">
              <AffiliateAccessLink href={affiliateUrl} />
            </div>
          </div>
        </section>

        <div className="mx-auto max-w-5xl px-4 pb-16">
          <FunnelAndContestSections
            funnel={funnel}
            funnelHeading="The Funnel"
            contestHeading="Launch Contest"
            dates={dates}
            contest={contest}
          />

          <Section variant="inline" id="reasons" heading="Why Promote">
            <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {reasonsToPromote(funnel).map((reason) => (
                <li key={reason.title} className="rounded-xl border border-slate-200 bg-white p-5">
                  <h3 className="font-bold">{reason.title}</h3>
                  <p className="mt-1 text-sm text-slate-700">{reason.description}</p>
                </li>
              ))}
            </ul>
          </Section>

          <Section variant="inline" id="resources" heading="Promotional Resources">
            <ul className="mt-6 grid gap-4 sm:grid-cols-3">
              {PROMO_RESOURCES.map((resource) => (
                <li key={resource.tab}>
                  <Link
                    to={`/demo-swipes?tab=${resource.tab}`}
                    className="block h-full rounded-xl border border-slate-200 bg-white p-5 hover:border-brand-500 hover:shadow"
                  >
                    <h3 className="font-bold text-brand-700">{resource.title}</h3>
                    <p className="mt-1 text-sm text-slate-700">{resource.description}</p>
                  </Link>
                </li>
              ))}
            </ul>
          </Section>

          <Section variant="inline" id="get-link" heading="Get Your Affiliate Link">
            <p className="mt-2 text-slate-700">
              Affiliate links are issued on the marketplace once your request is approved.
            </p>
            <div className="mt-4">
              <AffiliateAccessLink href={affiliateUrl} />
            </div>
          </Section>

          <Section variant="inline" id="contact" heading="Contact Us">
            <p className="mt-2 text-slate-700">Questions, bonuses or a custom promotion? Reach us here:</p>
            <JvContact supportEmail={supportEmail} />
          </Section>
        </div>
      </main>
    </>
  );
}
