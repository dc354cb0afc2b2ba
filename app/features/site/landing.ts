import { LANDING_DEMO } from "./demo";
import { earningsDisclaimer } from "./disclaimers";
import type { Catalogue } from "~/features/catalogue";
import { GUARANTEE_DAYS } from "~/features/catalogue";
import { LAUNCH_PRICE_ENDED } from "~/features/launch";
import type { CountdownValue, EarlyBonusSpots, LaunchPhase } from "~/features/launch";
import { formatUsd } from "~/platform/money";
import type { Brand, DemoContent, FeatureCard, PageCopy } from "~/platform/copy-types";

export type LandingContent = {
  page: PageCopy;
  hero: { eyebrow: string; heading: string; text: string };
  demo: DemoContent;
  features: { heading: string; cards: FeatureCard[] };
  learn: { heading: string; items: string[] };
  offer: {
    heading: string;
    product: string;
    paymentNote: string;
    price: string;
    /** Struck through beside the launch price; null once the launch price has ended. */
    regularPrice: string | null;
    benefits: string[];
    /** The early bonus while spots remain (null once none do): heading, what it is, spots left. */
    bonus: { heading: string; text: string; spotsLeft: string; spotsRule: string } | null;
    /** 'This launch price will rise to $197 in' (then the countdown) while open, else nothing. */
    priceRiseNote: string | null;
    /** The buy button's words: 'Opens {date}' (and no link) before 'Cart opens' (decision 064). */
    buyLabel: { text: string; opens: boolean };
    countdown: { label: string; closesAt: string; remaining: CountdownValue } | null;
  };
  closing: { heading: string; text: string };
  disclaimer: string;
};

/**
 * The landing page (docs/product.md §2 Landing page). Button targets are fixed in the route. The
 * prices are the catalogue's (decision 051); the offer follows the launch (decision 053): a
 * countdown to 'Cart closes' while open, 'Opens {date}' on the buy button (no link, decision 064)
 * before, the regular price and "The launch price has ended" after, and no deadline without
 * dates. The early-bonus block counts its spots down and is gone once none remain.
 */
/** The community among the offer's benefits: listed only while a community link is set (issue 40). */
const COMMUNITY_BENEFIT = "Private community access";

/** The landing page as it is sold: the community only while a community link is set (issue 40). */
export function landingForCommunity(content: LandingContent, communityLinkSet: boolean): LandingContent {
  if (communityLinkSet) return content;
  const benefits = content.offer.benefits.filter((benefit) => benefit !== COMMUNITY_BENEFIT);
  return { ...content, offer: { ...content.offer, benefits } };
}

export function landingContent(
  brand: Brand,
  catalogue: Catalogue,
  launch: LaunchPhase,
  earlyBonus: EarlyBonusSpots,
): LandingContent {
  const lifetime = formatUsd(catalogue.membership.launchPriceCents);
  const regular = formatUsd(catalogue.membership.regularPriceCents);
  const closed = launch.phase === "closed";
  return {
    page: {
      title: `${brand.name}: Build and Launch AI SaaS Apps Without Coding`,
      description: `Learn to build, launch and sell AI-powered SaaS apps without writing code. Lifetime access to ${brand.name} for a one-time ${lifetime}.`,
    },
    hero: {
      eyebrow: "The 7-Day AI SaaS Launch Formula",
      heading: "Build and Launch Your Own AI SaaS App Without Writing Code",
      text: "Describe the app you want, let AI build it, and learn exactly how to launch it, find customers and get paid. No developers, no technical background, no guesswork.",
    },
    demo: LANDING_DEMO,
    features: {
      heading: "Everything You Need to Go From Idea to Income",
      cards: [
        {
          icon: "sparkles",
          title: "AI-First Development",
          description:
            "Use AI tools to turn a plain-English description into a working web app, then refine it prompt by prompt.",
        },
        {
          icon: "rocket",
          title: "Launch Strategy",
          description:
            "Follow a 7-day launch plan that takes your app from private test to public release with its first users.",
        },
        {
          icon: "dollar",
          title: "Monetization",
          description: "Choose pricing that fits your app, take payments, and turn free users into paying customers.",
        },
      ],
    },
    learn: {
      heading: "What You'll Actually Learn",
      items: [
        "How to find SaaS ideas that people already pay for",
        "How to write prompts that make AI build the app you have in mind",
        "How to connect GPT and other AI services to your app",
        "How to add user accounts and sign-in",
        "How to accept payments and sell subscriptions",
        "How to put your app online under your own domain",
        "How to write a landing page that converts visitors into users",
        "How to get your first customers with free traffic",
        "How to improve and grow your app after launch",
      ],
    },
    offer: {
      // No dates, no deadline: "Limited-Time" would promise one the software does not keep.
      heading: closed ? LAUNCH_PRICE_ENDED : launch.phase === "none" ? "Special Offer" : "Limited-Time Special Offer",
      product: "Lifetime Access",
      paymentNote: "One-time payment",
      price: closed ? regular : lifetime,
      regularPrice: closed ? null : regular,
      benefits: [
        "The complete AI SaaS development course",
        "A step-by-step monetization guide",
        "AI boilerplate templates to start from",
        "The business idea generator",
        COMMUNITY_BENEFIT,
        "Every future update, free for life",
      ],
      bonus:
        earlyBonus.remaining > 0
          ? {
              heading: `Bonus for the first ${earlyBonus.total} customers`,
              text: `A ready-to-use SaaS starter template, plus 3 more bonuses valued at ${formatUsd(catalogue.early_bonus.regularPriceCents)}.`,
              spotsLeft: `${earlyBonus.remaining} of ${earlyBonus.total} early-bonus spots left`,
              // Decision 069: the count stays true, since a refunded early buyer's spot reopens.
              spotsRule: `A spot given back by a refund within the ${GUARANTEE_DAYS}-day guarantee goes to the next buyer.`,
            }
          : null,
      buyLabel:
        launch.phase === "before"
          ? { text: `Opens ${launch.opensLabel}`, opens: true }
          : { text: "Get Lifetime Access", opens: false },
      // Before 'Cart opens' the buy button itself says when it opens.
      priceRiseNote: launch.phase === "open" ? `This launch price will rise to ${regular} in` : null,
      countdown:
        launch.phase === "open"
          ? { label: "Time left at the launch price", closesAt: launch.closesAt, remaining: launch.remaining }
          : null,
    },
    closing: {
      heading: "Your First AI SaaS App Is Closer Than You Think",
      text: "Join now, follow the lessons at your own pace, and build something people will pay for.",
    },
    disclaimer: earningsDisclaimer(brand),
  };
}
