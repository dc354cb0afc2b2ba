import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { FaqAccordion } from "~/platform/ui/faq-accordion";
import { FeatureCards } from "~/platform/ui/feature-cards";
import { ClosingBand, ctaClass, DeclineLink, OfferHero, OfferPrice, Section } from "~/platform/ui/marketing";
import { OwnedNote, UpsellBanner, useDeclineHref, useOwns } from "~/features/site/upsell-banner";
import { BROWSING_PARAM, customSaasContent } from "~/features/site/upsells";
import { disclaimerFooterNote } from "~/features/site/site-footer";
import { countActiveEntitlements, catalogue } from "~/features/catalogue/index.server";
import { launchSettings } from "~/features/launch/index.server";
import { marketplaceLinks } from "~/features/billing/index.server";
import { publicPageMeta } from "~/platform/page-meta";
import { publicPageHeaders, type PageCacheRoute } from "~/platform/cache-policy";
import { brand, publicPage } from "~/features/site/index.server";

export const headers = publicPageHeaders;
/** `?from=upgrades` (a visitor browsing from /upgrades) hides the yellow banner: its own cached page. */
export const pageCache: PageCacheRoute = { query: { [BROWSING_PARAM.name]: [BROWSING_PARAM.value] } };
export const meta = publicPageMeta;
export const handle = disclaimerFooterNote;

export async function loader({ request }: LoaderFunctionArgs) {
  // Remaining = capacity − clients booked elsewhere (decision 053) − clients taken through the
  // site, an active custom_saas entitlement each (issue 26, item 4).
  const { customSaasCapacity: capacity, customSaasBookedElsewhere: booked } = launchSettings();
  const taken = await countActiveEntitlements("custom_saas");
  const content = customSaasContent(brand(), catalogue(), { capacity, remaining: capacity - booked - taken });
  const links = marketplaceLinks();
  return publicPage(request, "/custom-saas-upsell", content.page, {
    content,
    checkoutUrl: links.customSaasCheckout,
    declineUrl: links.decline,
  });
}

/** The custom SaaS upsell (OTO 2, docs/product.md §2). */
export default function CustomSaasUpsell() {
  const { content, checkoutUrl, declineUrl: marketplaceDeclineUrl } = useLoaderData<typeof loader>();
  const declineUrl = useDeclineHref(marketplaceDeclineUrl);
  const { availability } = content;
  const takenPercent = availability.max === 0 ? 100 : Math.round((availability.taken / availability.max) * 100);
  const owned = useOwns("custom_saas");
  const ownedNote = <OwnedNote href="/custom-saas/apply" label="Apply for your custom SaaS build" />;
  // An owner keeps the way to their application even when the offer is fully booked for others.
  let buyLink: ReactNode = null;
  if (owned) buyLink = ownedNote;
  else if (!content.fullyBooked) {
    buyLink = (
      <a href={checkoutUrl} className={ctaClass.buy}>
        {content.buyLabel}
      </a>
    );
  }
  const declineLink = <DeclineLink href={declineUrl} label={content.declineLabel} />;
  return (
    <>
      <UpsellBanner banner={content.banner} />
      <main>
        <OfferHero hero={content.hero}>
          <div className="mt-8">
            <OfferPrice regular={content.price.regular} special={content.price.special} />
          </div>
          <p className="mt-3 font-semibold text-red-700">{content.hero.scarcity}</p>
          <p className="mt-6">{buyLink}</p>
          {declineLink}
        </OfferHero>

        <Section id="features" heading={content.features.heading} className="bg-white">
          <FeatureCards cards={content.features.cards} />
        </Section>

        <Section id="journey" heading={content.journey.heading}>
          <ol className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {content.journey.steps.map((step, i) => (
              <li key={step.title} className="rounded-2xl border border-slate-200 bg-white p-6">
                <span className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-600 font-bold text-white">
                  {i + 1}
                </span>
                <h3 className="mt-4 text-lg font-bold">{step.title}</h3>
                <p className="mt-2 text-slate-600">{step.text}</p>
              </li>
            ))}
          </ol>
        </Section>

        <Section id="comparison" heading={content.comparison.heading} className="bg-white">
          <table className="mx-auto w-full max-w-3xl table-fixed border-collapse text-left text-sm sm:text-base">
            <thead>
              <tr className="border-b-2 border-slate-300">
                <th scope="col" className="w-1/3 py-3 pr-2">
                  <span className="sr-only">Aspect</span>
                </th>
                <th scope="col" className="py-3 pr-2 text-slate-700">
                  {content.comparison.diyLabel}
                </th>
                <th scope="col" className="py-3 text-green-800">
                  {content.comparison.packageLabel}
                </th>
              </tr>
            </thead>
            <tbody>
              {content.comparison.rows.map((row) => (
                <tr key={row.aspect} className="border-b border-slate-200 align-top">
                  <th scope="row" className="py-3 pr-2 font-semibold">
                    {row.aspect}
                  </th>
                  <td className="py-3 pr-2 text-slate-600">{row.diy}</td>
                  <td className="py-3 font-semibold text-green-800">{row.package}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Section>

        <Section id="availability" heading={availability.heading}>
          <div className="mx-auto max-w-xl rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
            <p className="text-slate-800">{availability.text}</p>
            <p id="spots-label" className="mt-4 text-xl font-extrabold text-red-700">
              {availability.spotsLabel}
            </p>
            <div
              role="progressbar"
              aria-labelledby="spots-label"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={takenPercent}
              aria-valuetext={`${takenPercent}% of spots taken`}
              className="mt-3 h-4 overflow-hidden rounded-full bg-red-200"
            >
              <div className="h-full rounded-full bg-red-600" style={{ width: `${takenPercent}%` }} />
            </div>
            <p className="mt-2 text-sm text-slate-700">{takenPercent}% of spots taken</p>
          </div>
        </Section>

        <section aria-labelledby="investment-heading" className="bg-white px-4 py-12 sm:py-16">
          <div className="mx-auto max-w-xl rounded-3xl border-2 border-green-700 p-6 text-center shadow-xl sm:p-10">
            <h2 id="investment-heading" className="text-2xl font-extrabold sm:text-3xl">
              {content.investment.heading}
            </h2>
            <p className="mt-3 text-slate-700">{content.investment.text}</p>
            <div className="mt-6">
              <OfferPrice regular={content.price.regular} special={content.price.special} />
            </div>
            {owned ? (
              <div className="mt-6">{ownedNote}</div>
            ) : content.fullyBooked ? (
              <p className="mt-6 text-xl font-extrabold text-red-700">Fully booked</p>
            ) : (
              <p className="mt-6">
                <a href={checkoutUrl} className={ctaClass.buy}>
                  {content.investment.applyLabel}
                </a>
              </p>
            )}
            <p className="mt-4 text-sm text-slate-600">{content.investment.note}</p>
          </div>
        </section>

        <Section id="faq" heading="Frequently Asked Questions">
          <FaqAccordion items={content.faqs} />
        </Section>

        <ClosingBand
          closing={content.closing}
          offer={
            <>
              {buyLink}
              {declineLink}
            </>
          }
        />
      </main>
    </>
  );
}
