import { LAUNCH_PRICE_ENDED } from "~/features/launch";
import type { CountdownValue, LaunchPhase } from "~/features/launch";
import { formatDiscount, formatUsd } from "~/platform/money";
import { SALES_DEMO } from "./demo";
import { earningsDisclaimer, socialNetworkDisclaimer } from "./disclaimers";
import type { Catalogue } from "~/features/catalogue";
import {
  COUPON_CODE,
  GUARANTEE_DAYS,
  marketplacePriceCents,
  priceBreakdown,
  PRICES,
  trialDiscount,
  trialPercentOff,
} from "~/features/catalogue";
import type { Brand, DemoContent, FaqItem, PageCopy, PriceBoxContent } from "~/platform/copy-types";

/**
 * The sales pages (docs/product.md §2 Sales pages, docs/decisions/009-sales-variants-one-component.md): one set of common sections and
 * three variants that differ in banner, price box, FAQ, countdown and disclaimers.
 */
export type SalesVariantKey = "a" | "b" | "launch";

export type SalesContent = {
  page: PageCopy;
  banner: { text: string; coupon?: string };
  /** To 'Cart closes', while the cart is open; shown on the launch variant only (decision 053). */
  countdown: { label: string; closesAt: string; remaining: CountdownValue } | null;
  /** 'Opens {date}' before 'Cart opens'; null otherwise. */
  opensNote: string | null;
  headline: string;
  subheadline: string;
  heroImageAlt: string;
  checkoutImageAlt: string;
  videoCaption: string;
  story: { heading: string; paragraphs: string[] };
  intro: { heading: string; text: string };
  benefits: { heading: string; items: string[] };
  demo: DemoContent;
  bonuses: { heading: string; items: Array<{ title: string; description: string; value: string }> };
  testimonials: { heading: string; items: Array<{ quote: string; name: string; role: string }> };
  guarantee: { heading: string; text: string };
  priceBox: PriceBoxContent;
  buyLabel: string;
  faqs: FaqItem[];
  disclaimers: string[];
};

/** The private community as a bonus card: listed only while a community link is set (issue 40). */
const COMMUNITY_BONUS = {
  title: "Private Community",
  description: "Ask questions, share progress and get feedback from other members.",
  value: formatUsd(97_00),
};

const bonusesHeading = (count: number) => `Plus These ${count} Bonuses`;

/**
 * The page as it is sold: the community is listed only while a community link is set
 * (`/admin/community` or COMMUNITY_INVITE_URL), so a buyer is never sold a community that does not
 * exist yet (issue 40).
 */
export function salesForCommunity(content: SalesContent, communityLinkSet: boolean): SalesContent {
  if (communityLinkSet) return content;
  const items = content.bonuses.items.filter((item) => item !== COMMUNITY_BONUS);
  return { ...content, bonuses: { heading: bonusesHeading(items.length), items } };
}

function commonFaqs(brand: Brand): FaqItem[] {
  return [
    {
      question: "Do I need any coding or technical experience?",
      answer: `No. ${brand.name} is made for people who have never written code. You describe what you want in plain English and the lessons show you how to get AI to build it, step by step.`,
    },
    {
      question: "How fast can I launch my first app?",
      answer:
        "The course follows a 7-day launch formula. Some members go faster, others take longer; you get lifetime access, so you can work at your own pace.",
    },
    {
      question: "What if it isn't right for me?",
      answer: `You are covered by a ${GUARANTEE_DAYS}-day money-back guarantee. Email ${brand.supportEmail} within ${GUARANTEE_DAYS} days of your purchase and you get a full refund, no questions asked.`,
    },
    {
      question: "Is this a subscription?",
      answer: `No. You pay once and keep lifetime access, including future updates. We plan to move to ${formatUsd(PRICES.laterMonthly)} per month later, but your launch price never changes.`,
    },
  ];
}

function commonSections(brand: Brand) {
  return {
    headline: "How to Build and Launch Your Own AI SaaS App in 7 Days, Without Writing a Single Line of Code",
    subheadline:
      "The exact AI-first workflow that turns a plain-English idea into a paid software product, even if you have never coded before.",
    heroImageAlt: "Chart of monthly SaaS revenue rising over twelve months",
    checkoutImageAlt: `Buy now: get instant access to ${brand.name}`,
    videoCaption: "Watch an app go from a one-line prompt to ready to deploy.",
    story: {
      heading: "From Stuck Marketer to SaaS Founder",
      paragraphs: [
        "A few years ago I had ideas for software but no way to build them. Developers quoted me thousands, and every no-code tool I tried hit a wall the moment my app needed something real.",
        "Then AI changed the rules. I spent $15,000 on a masterclass, tested every tool I could find, and boiled it all down to a simple, repeatable process: describe the app, let AI build it, launch it in a week.",
        "One of those apps now turns 23% of its free users into paying customers and helped me reach $50K per month. You keep 100% of the profit from the apps you build. Now I want to show you how to do it too.",
      ],
    },
    intro: {
      heading: `Introducing ${brand.name}`,
      text: `${brand.name} is a complete training program that shows you how to plan, build, launch and sell AI-powered SaaS apps without writing code, with templates and an idea generator to help you along the way.`,
    },
    benefits: {
      heading: "Here's What You Get",
      items: [
        "The complete AI SaaS development course, from idea to launch",
        "The 7-day launch formula, day by day",
        "Prompt templates that make AI build real features",
        "A SaaS boilerplate to start every app from",
        "The business idea generator for validated app ideas",
        "A step-by-step guide to pricing and taking payments",
        "A marketing toolkit for your first customers",
        "Lifetime access and every future update",
      ],
    },
    demo: SALES_DEMO,
    bonuses: {
      heading: bonusesHeading(4),
      items: [
        {
          title: "AI SaaS Boilerplate",
          description: "A complete starter project with accounts, a dashboard and payments ready to go.",
          value: formatUsd(197_00),
        },
        {
          title: "30-Day Launch Plan",
          description: "A day-by-day checklist that takes you from launch to your first paying customers.",
          value: formatUsd(97_00),
        },
        {
          title: "AI Prompt Engineering Vault",
          description: "Tested prompts for building features, fixing bugs and writing your marketing copy.",
          value: formatUsd(147_00),
        },
        COMMUNITY_BONUS,
      ],
    },
    testimonials: {
      heading: "What Members Are Saying",
      items: [
        {
          quote:
            "I had never built anything before. Two weeks after starting, my AI writing tool had its first paying users.",
          name: "Sarah M.",
          role: "Marketing consultant",
        },
        {
          quote:
            "The launch formula alone was worth it. I stopped tinkering and finally shipped an app people pay for every month.",
          name: "James R.",
          role: "Course creator",
        },
      ],
    },
    guarantee: {
      heading: `${GUARANTEE_DAYS}-Day Money-Back Guarantee`,
      text: `Try everything for ${GUARANTEE_DAYS} days. If you are not happy for any reason, email ${brand.supportEmail} and we will refund every cent. You keep nothing you don't want and risk nothing.`,
    },
  };
}

/**
 * A sales page for where the launch stands (decision 053): before 'Cart opens' it says when it
 * opens; while open the launch variant counts down to 'Cart closes'; once closed no page offers a
 * launch price: the banner says it has ended and the price box shows the regular price alone.
 * With no dates set there is no launch week to speak of: the same prices, with no word of a
 * deadline ('Launch Week', 'Today only', 'for a short time').
 * `catalogue`: the products' names and prices (services/catalogue, decision 051). Decision 064:
 * the launch variant sells by card at the launch price, variant A at the marketplace (its buy
 * button goes there) at the 'Marketplace price'; both struck from lifetime access's regular price,
 * which alone is shown once the cart has closed. Before 'Cart opens' the buy buttons say when.
 */
export function salesContent(
  variant: SalesVariantKey,
  brand: Brand,
  catalogue: Catalogue,
  launch: LaunchPhase,
): SalesContent {
  const regular = formatUsd(catalogue.membership.regularPriceCents);
  const content = launchPriceContent(variant, brand, catalogue, launch);
  if (launch.phase === "before") {
    const opens = `Opens ${launch.opensLabel}`;
    return { ...content, opensNote: opens, buyLabel: opens };
  }
  if (launch.phase !== "closed") return content;
  return {
    ...content,
    page: {
      title: `${brand.name}: Lifetime Access for ${regular}`,
      description: `Build and launch AI SaaS apps without coding. Lifetime access to ${brand.name} for ${regular}, one-time.`,
    },
    banner: { text: LAUNCH_PRICE_ENDED },
    countdown: null,
    priceBox: {
      heading: "Lifetime Access",
      lines: [{ label: "Price", amount: regular, tone: "total" }],
      note: "One-time payment. Instant access.",
    },
    buyLabel: `Get Instant Access for ${regular}`,
  };
}

function launchPriceContent(
  variant: SalesVariantKey,
  brand: Brand,
  catalogue: Catalogue,
  launch: LaunchPhase,
): SalesContent {
  const regular = formatUsd(catalogue.membership.regularPriceCents);
  const common = commonSections(brand);
  const disclaimer = earningsDisclaimer(brand);
  const coupon = `Save an extra ${formatUsd(PRICES.couponSaving)} with coupon code ${COUPON_CODE} at checkout.`;
  const dated = launch.phase !== "none";

  if (variant === "b") {
    return {
      ...common,
      page: {
        title: `Get ${brand.name} for Just ${formatUsd(PRICES.trial)}`,
        description: `Full access to the ${brand.name} AI SaaS training for ${formatUsd(PRICES.trial)} (normally ${regular}). Build and launch AI apps without coding.`,
      },
      banner: { text: `Get Full Access for Just ${formatUsd(PRICES.trial)} (Normally ${regular})` },
      countdown: null,
      opensNote: null,
      priceBox: {
        heading: "Your Special Price",
        lines: [
          { label: "Regular price", amount: regular, tone: "regular" },
          { label: "Special discount", amount: formatDiscount(trialDiscount(catalogue)), tone: "discount" },
          { label: "Your price", amount: formatUsd(PRICES.trial), tone: "total" },
        ],
        badge: trialPercentOff(catalogue),
        note: "One-time payment. Instant access.",
      },
      buyLabel: `Get Instant Access for ${formatUsd(PRICES.trial)}`,
      faqs: [
        ...commonFaqs(brand),
        {
          question: `Why is it only ${formatUsd(PRICES.trial)}?`,
          answer: `We want as many people as possible to see what AI-first development can do. Most members who try ${brand.name} stay for the advanced upgrades, so we are happy to make the core training almost free${dated ? " for a short time" : ""}.`,
        },
      ],
      disclaimers: [disclaimer, socialNetworkDisclaimer],
    };
  }

  const box = priceBreakdown(
    catalogue.membership.regularPriceCents,
    variant === "launch" ? catalogue.membership.launchPriceCents : marketplacePriceCents(catalogue.membership),
  );
  const today = box.todayCents;
  return {
    ...common,
    page: dated
      ? {
          title: `${brand.name}: Launch Week Special, ${formatUsd(today)} Today`,
          description: `Build and launch AI SaaS apps without coding. Launch week price ${formatUsd(today)} (regular ${regular}); use coupon ${COUPON_CODE} to save ${formatUsd(PRICES.couponSaving)}.`,
        }
      : {
          title: `${brand.name}: Lifetime Access for ${formatUsd(today)}`,
          description: `Build and launch AI SaaS apps without coding. Lifetime access for ${formatUsd(today)} (regular ${regular}); use coupon ${COUPON_CODE} to save ${formatUsd(PRICES.couponSaving)}.`,
        },
    banner: { text: dated ? `Launch Week Special: ${coupon}` : coupon, coupon: COUPON_CODE },
    countdown:
      variant === "launch" && launch.phase === "open"
        ? { label: "The launch price ends in", closesAt: launch.closesAt, remaining: launch.remaining }
        : null,
    opensNote: null,
    priceBox: {
      heading: dated ? "Launch Week Price" : "Your Price",
      lines: [
        { label: "Regular price", amount: regular, tone: "regular" },
        {
          label: dated ? "Launch discount" : "Discount",
          amount: formatDiscount(box.discountCents),
          tone: "discount",
        },
        { label: dated ? "Today only" : "Your price", amount: formatUsd(today), tone: "total" },
      ],
      note: coupon,
    },
    buyLabel: `Get Instant Access for ${formatUsd(today)}`,
    faqs: commonFaqs(brand),
    disclaimers: [disclaimer],
  };
}
