import type { SalesContent } from "./sales";
import { useNonce } from "~/platform/hooks/use-nonce";
import { NO_JAVASCRIPT } from "~/platform/hydration";
import { BuildDemo, BuildDemoScript } from "./build-demo";
import { FaqAccordion } from "~/platform/ui/faq-accordion";
import { Icon } from "~/platform/ui/icon";
import { CheckList, ctaClass, Section } from "~/platform/ui/marketing";
import { PriceBox } from "~/features/billing";
import { DeadlineTickerScript, SalesCountdown } from "~/features/launch";
import { DemoVideo } from "./demo-video";
import { footerNote } from "./site-footer";

/** The checkout button image of the sales pages, linking out to the marketplace. */
export function CheckoutImageLink({ href, alt }: { href: string; alt: string }) {
  return (
    <a href={href} className="mx-auto block w-full max-w-sm">
      <img src="/images/checkout-button.svg" width={420} height={120} alt={alt} className="h-auto w-full" />
    </a>
  );
}

/**
 * One sales page for all three variants (docs/decisions/009-sales-variants-one-component.md): the variant's data decides
 * the banner, countdown, price box, FAQ and disclaimers.
 */
/**
 * The `handle` of the sales page routes: the disclaimers go above the footer links, and no React
 * (issue 32): hydrating the long page was the total blocking time Lighthouse held against
 * `/ailabs-offer`, the page affiliates send their traffic to, and React buys it nothing. Like `/`
 * (docs/decisions/031-lighter-javascript.md), its two moving parts, the build demo and the
 * countdown, load their own small modules; the FAQ is `<details>`, the video a `<video>`.
 */
export const salesPageHandle = {
  ...footerNote(({ content }: { content: SalesContent }) =>
    content.disclaimers.map((text) => (
      <p key={text} className="mt-2 first:mt-0">
        {text}
      </p>
    )),
  ),
  ...NO_JAVASCRIPT,
};

export function SalesPage({
  content,
  checkoutUrl,
  demoPlayer,
  ticker,
}: {
  content: SalesContent;
  checkoutUrl: string;
  /** The build demo's player and the countdown's ticker, as modules of their own (`clientModuleUrl`). */
  demoPlayer: string | null;
  ticker: string | null;
}) {
  const nonce = useNonce() || undefined;
  // Before 'Cart opens' nothing links to the checkout: the button says when it opens (decision 064).
  const notOpen = content.opensNote !== null;
  const buyButton = (
    <p className="text-center">
      {notOpen ? (
        <span className={`${ctaClass.buy} opacity-70`} aria-disabled="true">
          {content.buyLabel}
        </span>
      ) : (
        <a href={checkoutUrl} className={ctaClass.buy}>
          {content.buyLabel}
        </a>
      )}
    </p>
  );
  const checkoutImage = notOpen ? null : <CheckoutImageLink href={checkoutUrl} alt={content.checkoutImageAlt} />;
  return (
    <>
      <div className="bg-slate-900 px-4 py-3 text-center text-sm font-semibold text-white sm:text-base">
        <p>
          {content.banner.text}
          {content.banner.coupon ? (
            <span className="ml-2 inline-block rounded bg-yellow-300 px-2 font-mono text-slate-900">
              {content.banner.coupon}
            </span>
          ) : null}
        </p>
      </div>
      {content.countdown ? (
        <div className="bg-red-700 px-4 py-4 text-white">
          <SalesCountdown
            label={content.countdown.label}
            closesAt={content.countdown.closesAt}
            remaining={content.countdown.remaining}
          />
          {ticker ? <DeadlineTickerScript src={ticker} nonce={nonce} /> : null}
        </div>
      ) : null}
      {content.opensNote ? (
        <p className="bg-red-700 px-4 py-3 text-center font-semibold text-white">{content.opensNote}</p>
      ) : null}

      <main>
        <section className="bg-gradient-to-b from-brand-50 to-slate-50 px-4 pb-12 pt-10 sm:pt-14">
          <div className="mx-auto max-w-4xl text-center">
            <h1 className="text-3xl font-extrabold leading-tight tracking-tight sm:text-5xl">{content.headline}</h1>
            <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-700">{content.subheadline}</p>
            <img
              src="/images/hero-chart.svg"
              width={800}
              height={450}
              alt={content.heroImageAlt}
              className="mx-auto mt-8 h-auto w-full max-w-3xl rounded-2xl border border-slate-200 bg-white shadow-md"
            />
            {checkoutImage ? <div className="mt-8">{checkoutImage}</div> : null}
          </div>
        </section>

        <section aria-label="Video" className="px-4 pb-4">
          <div className="mx-auto max-w-3xl">
            <DemoVideo className="rounded-2xl shadow-md" />
            <p className="mt-2 text-center text-sm text-slate-600">{content.videoCaption}</p>
          </div>
        </section>

        <Section id="story" heading={content.story.heading}>
          <div className="mx-auto max-w-2xl space-y-4 text-lg leading-relaxed text-slate-700">
            {content.story.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </Section>

        <Section id="intro" heading={content.intro.heading} className="bg-white">
          <p className="mx-auto max-w-2xl text-center text-lg text-slate-700">{content.intro.text}</p>
        </Section>

        <Section id="benefits" heading={content.benefits.heading}>
          <CheckList items={content.benefits.items} className="mx-auto max-w-2xl text-lg" />
          <div className="mt-10">{buyButton}</div>
        </Section>

        <Section id="demo" heading={content.demo.heading} intro={content.demo.intro} className="bg-white">
          <BuildDemo demo={content.demo} />
          {demoPlayer ? <BuildDemoScript src={demoPlayer} nonce={nonce} /> : null}
        </Section>

        <Section id="bonuses" heading={content.bonuses.heading}>
          <ul className="grid gap-5 sm:grid-cols-2">
            {content.bonuses.items.map((bonus, i) => (
              <li key={bonus.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <p className="flex items-center gap-2 text-sm font-bold uppercase text-brand-700">
                  <Icon name="gift" className="h-5 w-5" /> Bonus #{i + 1}
                </p>
                <h3 className="mt-2 text-lg font-bold">{bonus.title}</h3>
                <p className="mt-2 text-slate-600">{bonus.description}</p>
                <p className="mt-3 font-semibold text-green-800">Value: {bonus.value}</p>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="testimonials" heading={content.testimonials.heading} className="bg-white">
          <ul className="grid gap-5 md:grid-cols-2">
            {content.testimonials.items.map((item) => (
              <li key={item.name}>
                <figure className="h-full rounded-2xl border border-slate-200 bg-slate-50 p-6">
                  <blockquote className="text-lg text-slate-800">“{item.quote}”</blockquote>
                  <figcaption className="mt-4 font-semibold">
                    {item.name}, <span className="font-normal text-slate-600">{item.role}</span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="guarantee" heading={content.guarantee.heading}>
          <div className="mx-auto flex max-w-2xl flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
            <span className="flex h-20 w-20 flex-none items-center justify-center rounded-full bg-green-100 text-green-800">
              <Icon name="shield" className="h-10 w-10" />
            </span>
            <p className="text-lg text-slate-700">{content.guarantee.text}</p>
          </div>
        </Section>

        <Section id="price" heading="Get Instant Access Today" className="bg-white">
          <PriceBox box={content.priceBox} />
          <div className="mt-8 space-y-6">
            {buyButton}
            {checkoutImage}
          </div>
        </Section>

        <Section id="faq" heading="Frequently Asked Questions">
          <FaqAccordion items={content.faqs} />
        </Section>
      </main>
    </>
  );
}
