import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FaqAccordion } from "~/platform/ui/faq-accordion";
import { FeatureCards } from "~/platform/ui/feature-cards";
import { CheckList, ClosingBand, DeclineLink, OfferHero, OfferPrice, Section } from "~/platform/ui/marketing";
import { CheckoutImageLink } from "~/features/site/sales-page";
import { OwnedNote, UpsellBanner, useDeclineHref, useOwns } from "~/features/site/upsell-banner";
import { BROWSING_PARAM, whiteLabelContent } from "~/features/site/upsells";
import { disclaimerFooterNote } from "~/features/site/site-footer";
import { marketplaceLinks } from "~/features/billing/index.server";
import { publicPageMeta } from "~/platform/page-meta";
import { publicPageHeaders, type PageCacheRoute } from "~/platform/cache-policy";
import { brand, publicPage } from "~/features/site/index.server";
import { catalogue } from "~/features/catalogue/index.server";

/** `?from=upgrades` (a visitor browsing from /upgrades) hides the yellow banner: its own cached page. */
export const pageCache: PageCacheRoute = { query: { [BROWSING_PARAM.name]: [BROWSING_PARAM.value] } };
export const headers = publicPageHeaders;
export const meta = publicPageMeta;
export const handle = disclaimerFooterNote;

export async function loader({ request }: LoaderFunctionArgs) {
  const content = whiteLabelContent(brand(), catalogue());
  const links = marketplaceLinks();
  return publicPage(request, "/white-label-upsell", content.page, {
    content,
    checkoutUrl: links.whiteLabelCheckout,
    declineUrl: links.decline,
  });
}

/** The white-label upsell (OTO 1, docs/product.md §2): every buy link and all four 'No Thanks' links go to the marketplace. */
export default function WhiteLabelUpsell() {
  const { content, checkoutUrl, declineUrl: marketplaceDeclineUrl } = useLoaderData<typeof loader>();
  const declineUrl = useDeclineHref(marketplaceDeclineUrl);
  const owned = useOwns("white_label");
  const buy = owned ? (
    <OwnedNote href="/dashboard" label="Open your training" />
  ) : (
    <>
      <CheckoutImageLink href={checkoutUrl} alt={content.checkoutImageAlt} />
      <DeclineLink href={declineUrl} label={content.declineLabel} />
    </>
  );
  return (
    <>
      <UpsellBanner banner={content.banner} />
      <main>
        <OfferHero hero={content.hero}>
          <img
            src="/images/white-label-banner.svg"
            width={960}
            height={360}
            alt="Twelve AI app dashboards under your own brand"
            className="mx-auto mt-8 h-auto w-full max-w-3xl rounded-2xl"
          />
          <div className="mt-8">
            <OfferPrice regular={content.price.regular} special={content.price.special} note={content.price.note} />
          </div>
          <div className="mt-6">{buy}</div>
        </OfferHero>

        <Section id="features" heading={content.features.heading} className="bg-white">
          <FeatureCards cards={content.features.cards} />
        </Section>

        <Section id="tools" heading={content.tools.heading}>
          <ol className="mx-auto grid max-w-4xl gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {content.tools.items.map((tool, i) => (
              <li
                key={tool}
                className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 font-semibold"
              >
                <span className="flex h-8 w-8 flex-none items-center justify-center rounded-full bg-brand-600 text-sm text-white">
                  {i + 1}
                </span>
                {tool}
              </li>
            ))}
          </ol>
          <div className="mt-10">{buy}</div>
        </Section>

        <section aria-labelledby="offer-heading" className="bg-white px-4 py-12 sm:py-16">
          <div className="mx-auto max-w-xl rounded-3xl border-2 border-green-700 p-6 shadow-xl sm:p-10">
            <h2 id="offer-heading" className="text-center text-2xl font-extrabold sm:text-3xl">
              {content.offer.heading}
            </h2>
            <CheckList items={content.offer.items} className="mt-6" />
            <div className="mt-6">
              <OfferPrice regular={content.offer.regular} special={content.offer.price} note={content.offer.note} />
            </div>
            <div className="mt-6">{buy}</div>
          </div>
        </section>

        <Section id="faq" heading="Frequently Asked Questions">
          <FaqAccordion items={content.faqs} />
        </Section>

        <ClosingBand closing={content.closing} icon="rocket" offer={buy} />
      </main>
    </>
  );
}
