import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BuildDemo, BuildDemoScript } from "~/features/site/build-demo";
import { landingContent, landingForCommunity } from "~/features/site/landing";
import { communityLinkSet } from "~/features/community/index.server";
import { disclaimerFooterNote } from "~/features/site/site-footer";
import { FeatureCards } from "~/platform/ui/feature-cards";
import { Icon } from "~/platform/ui/icon";
import { CheckList, ClosingBand, ctaClass, Section } from "~/platform/ui/marketing";
import { publicPageMeta } from "~/platform/page-meta";
import { publicPageHeaders, CACHED_PAGE } from "~/platform/cache-policy";
import { brand, publicPage } from "~/features/site/index.server";
import { NO_JAVASCRIPT } from "~/platform/hydration";
import { clientModuleUrl } from "~/platform/client-modules.server";
import { useNonce } from "~/platform/hooks/use-nonce";
import { DeadlineTickerScript, InlineCountdown } from "~/features/launch/sales-countdown";
import { LAUNCH_PRICE_ENDED, launchPhase } from "~/features/launch/launch";
import { now } from "~/platform/clock.server";
import { catalogue } from "~/features/catalogue/index.server";
import { earlyBonus, launchSettings } from "~/features/launch/index.server";

export const headers = publicPageHeaders;
export const pageCache = CACHED_PAGE;
export const meta = publicPageMeta;
/**
 * No React on the landing page (issue 12: React and Remix alone are 84.2 KiB, above its 85 KiB
 * budget; docs/decisions/031-lighter-javascript.md). Its links and the consent sheet are plain HTML;
 * its one moving part, the build demo, loads its player alone.
 */
export const handle = { ...disclaimerFooterNote, ...NO_JAVASCRIPT };

export async function loader({ request }: LoaderFunctionArgs) {
  const content = landingForCommunity(
    landingContent(brand(), catalogue(), launchPhase(launchSettings(), now()), earlyBonus()),
    communityLinkSet(),
  );
  const demoPlayer = clientModuleUrl("app/features/site/build-demo-player.ts");
  const ticker = content.offer.countdown ? clientModuleUrl("app/features/launch/deadline-ticker.ts") : null;
  return publicPage(request, "/", content.page, { content, demoPlayer, ticker });
}

/**
 * The landing page (docs/product.md §2): 'Start Learning' and 'Get Started Today' go to /login,
 * 'Get Lifetime Access' to /signup (before 'Cart opens' it reads 'Opens {date}' and links nowhere,
 * decision 064).
 */
export default function Landing() {
  const { content, demoPlayer, ticker } = useLoaderData<typeof loader>();
  const nonce = useNonce() || undefined;
  const { hero, offer } = content;
  return (
    <>
      <main>
        <section className="bg-gradient-to-b from-brand-50 to-slate-50 px-4 pb-14 pt-12 sm:pt-20">
          <div className="mx-auto max-w-4xl text-center">
            <p className="text-sm font-bold uppercase tracking-wide text-brand-700">{hero.eyebrow}</p>
            <h1 className="mt-3 text-4xl font-extrabold leading-tight tracking-tight sm:text-5xl">{hero.heading}</h1>
            <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-700">{hero.text}</p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <Link to="/login" className={ctaClass.primary}>
                Start Learning
              </Link>
              {offer.buyLabel.opens ? (
                <span className={`${ctaClass.secondary} opacity-70`} aria-disabled="true">
                  {offer.buyLabel.text}
                </span>
              ) : (
                <Link to="/signup" className={ctaClass.secondary}>
                  {offer.buyLabel.text}
                </Link>
              )}
            </div>
          </div>
        </section>

        <Section id="demo" heading={content.demo.heading}>
          <BuildDemo demo={content.demo} />
          {demoPlayer ? <BuildDemoScript src={demoPlayer} nonce={nonce} /> : null}
        </Section>

        <Section id="features" heading={content.features.heading} className="bg-white">
          <FeatureCards cards={content.features.cards} />
        </Section>

        <Section id="learn" heading={content.learn.heading}>
          <CheckList
            items={content.learn.items}
            className="mx-auto max-w-3xl gap-x-8 text-lg sm:grid sm:grid-cols-2 sm:space-y-0 sm:gap-y-3"
          />
        </Section>

        <section aria-labelledby="offer-heading" className="bg-white px-4 py-12 sm:py-16">
          <div className="mx-auto max-w-xl rounded-3xl border-2 border-brand-600 bg-white p-6 shadow-xl sm:p-10">
            <p className="text-center text-sm font-bold uppercase tracking-wide text-red-700">{offer.heading}</p>
            <h2 id="offer-heading" className="mt-2 text-center text-3xl font-extrabold">
              {offer.product}
            </h2>
            <p className="mt-1 text-center text-slate-600">{offer.paymentNote}</p>
            <p className="mt-5 flex items-baseline justify-center gap-3">
              {offer.regularPrice ? (
                <span className="text-2xl text-slate-600">
                  <span className="sr-only">Regular price </span>
                  <s>{offer.regularPrice}</s>
                </span>
              ) : null}
              <span className="text-6xl font-extrabold">
                <span className="sr-only">Offer price </span>
                {offer.price}
              </span>
            </p>
            <CheckList items={offer.benefits} className="mt-6" />
            {offer.bonus ? (
              <div className="mt-6 rounded-xl bg-yellow-100 p-4 text-slate-900">
                <p className="flex items-center gap-2 font-bold">
                  <Icon name="gift" className="h-5 w-5" /> {offer.bonus.heading}
                </p>
                <p className="mt-1">{offer.bonus.text}</p>
                <p className="mt-2 text-sm font-semibold text-red-700">{offer.bonus.spotsLeft}</p>
                <p className="mt-1 text-sm">{offer.bonus.spotsRule}</p>
              </div>
            ) : null}
            <p className="mt-6 text-center">
              {offer.buyLabel.opens ? (
                <span className={`${ctaClass.primary} w-full opacity-70`} aria-disabled="true">
                  {offer.buyLabel.text}
                </span>
              ) : (
                <Link to="/signup" className={`${ctaClass.primary} w-full`}>
                  {offer.buyLabel.text}
                </Link>
              )}
            </p>
            {offer.priceRiseNote ? (
              <p
                className="mt-3 text-center text-sm font-semibold text-red-700"
                data-deadline-ended={offer.countdown ? LAUNCH_PRICE_ENDED : undefined}
              >
                {offer.priceRiseNote}
                {offer.countdown ? (
                  <>
                    {" "}
                    <InlineCountdown
                      label={offer.countdown.label}
                      closesAt={offer.countdown.closesAt}
                      remaining={offer.countdown.remaining}
                    />
                    .
                  </>
                ) : null}
              </p>
            ) : null}
            {ticker ? <DeadlineTickerScript src={ticker} nonce={nonce} /> : null}
          </div>
        </section>

        <ClosingBand closing={content.closing}>
          <Link
            to="/login"
            className="mt-8 inline-flex min-h-12 items-center rounded-lg bg-white px-6 py-3 font-bold text-brand-900 hover:bg-brand-50"
          >
            Get Started Today
          </Link>
        </ClosingBand>
      </main>
    </>
  );
}
