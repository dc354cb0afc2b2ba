/**
 * Affiliate (JV) program data (docs/product.md §2 "Affiliate pages", §9 "Funnel", "Contest", swipe claims):
 * the launch moment, the funnel and commissions, the contest, dates, swipe emails and banners.
 * Money is integer cents; the display strings are derived from it.
 */

import { formatDayInZone, formatInZone, type LaunchSettings } from "~/features/launch";
import type { Catalogue } from "~/features/catalogue";
import { marketplacePriceCents } from "~/features/catalogue";
import type { PageCopy } from "~/platform/copy-types";
import { formatUsd } from "~/platform/money";

/**
 * The launch's dates as the affiliate pages show them, from the launch settings (decision 053;
 * they were constants until issue 26). A date not set reads "to be announced".
 */
export type AffiliateDates = {
  /** 'June 6, 2025 at 11 AM CDT'. */
  launchLabel: string;
  /** 'June 6, 2025', for titles and the badge; null when not set. */
  launchDay: string | null;
  badge: string;
  fullBlast: string;
  winners: string;
  important: Array<{ date: string; event: string }>;
};

const TO_BE_ANNOUNCED = "to be announced";

export function affiliateDates(settings: LaunchSettings): AffiliateDates {
  const zone = settings.timeZone;
  const full = (at: Date | null) => (at ? formatInZone(at, zone) : TO_BE_ANNOUNCED);
  const day = (at: Date | null) => (at ? formatDayInZone(at, zone) : null);
  const launchDay = day(settings.cartOpensAt);
  const important: AffiliateDates["important"] = [];
  if (settings.cartOpensAt) important.push({ date: full(settings.cartOpensAt), event: "Launch: cart opens" });
  if (settings.fullBlastStartsAt) {
    important.push({
      date: full(settings.fullBlastStartsAt),
      event: "Full blast: 100% commission on front end and bump",
    });
  }
  if (settings.cartClosesAt) important.push({ date: full(settings.cartClosesAt), event: "Cart closes" });
  if (settings.winnersAnnouncedAt) {
    important.push({ date: full(settings.winnersAnnouncedAt), event: "Contest winners announced" });
  }
  return {
    launchLabel: full(settings.cartOpensAt),
    launchDay,
    badge: launchDay ? `Launch: ${launchDay}` : "Launch date to be announced",
    fullBlast: settings.fullBlastStartsAt ? `from ${full(settings.fullBlastStartsAt)}` : TO_BE_ANNOUNCED,
    winners: day(settings.winnersAnnouncedAt) ?? TO_BE_ANNOUNCED,
    important,
  };
}

/** Titles and descriptions of the three affiliate pages; the contest's total from its prizes (a launch setting). */
export function affiliatePageCopy(
  brandName: string,
  launchDay: string | null,
  contest: readonly ContestPrize[],
  funnelItems: readonly FunnelItem[],
): Record<"jvAffiliate" | "jvDoc" | "demoSwipes", PageCopy> {
  const launch = launchDay ? `the ${launchDay} launch` : "the launch";
  const prizes = formatUsd(contest.reduce((sum, prize) => sum + prize.prizeCents, 0));
  return {
    jvAffiliate: {
      title: `JV Partners: Launch${launchDay ? ` ${launchDay}` : ""} | ${brandName}`,
      description: `Promote our AI SaaS training launch: 50% commissions across a ${formatUsd(funnelTotalCents(funnelItems))} funnel, a ${prizes} contest, swipes and banners.`,
    },
    jvDoc: {
      title: `JV Doc | ${brandName}`,
      description: `Everything affiliates need for ${launch}: product, funnel and commissions, contest, dates, links and resources.`,
    },
    demoSwipes: {
      title: `Demo and Swipes | ${brandName}`,
      description: "The affiliate toolkit: demo video, short and long email swipes, and banners in four sizes.",
    },
  };
}

export const COMMISSION_PERCENT = 50;

export type FunnelItem = { key: string; stage: string; name: string; priceCents: number; description: string };

/**
 * The marketplace funnel (docs/product.md §3 funnel items), front end first, each at the price the
 * marketplace charges: the product's 'Marketplace price', else its launch price (decision 064); the custom SaaS
 * offer's client limit is the launch setting 'Custom SaaS capacity'.
 */
export const funnel = (catalogue: Catalogue, customSaasCapacity: number): FunnelItem[] => [
  {
    key: "frontend",
    stage: "Front End",
    name: "AI Profit Labs course",
    priceCents: marketplacePriceCents(catalogue.membership),
    description:
      "The complete course on building and launching AI SaaS apps without coding, with templates and the idea generator.",
  },
  {
    key: "bump",
    stage: "Order Bump",
    name: "VIP Upgrade",
    priceCents: marketplacePriceCents(catalogue.vip),
    description: "Priority extras at checkout: a one-click add-on most buyers take.",
  },
  {
    key: "oto1",
    stage: "OTO 1",
    name: "White-Label Upgrade",
    priceCents: marketplacePriceCents(catalogue.white_label),
    description:
      "12 AI app kits (prompt, brand file, setup guide) with a white-label licence to rebrand and sell as their own.",
  },
  {
    key: "oto2",
    stage: "OTO 2",
    name: "SaaS Partner",
    priceCents: marketplacePriceCents(catalogue.custom_saas),
    description: `A custom AI SaaS built with the buyer, plus 1-on-1 coaching. Limited to ${customSaasCapacity} client${customSaasCapacity === 1 ? "" : "s"}.`,
  },
];

export const funnelTotalCents = (items: readonly FunnelItem[]) => items.reduce((sum, item) => sum + item.priceCents, 0);

/** A commission in whole cents, rounded down (the marketplace never pays a fraction of a cent). */
export function commissionCents(priceCents: number, percent = COMMISSION_PERCENT): number {
  return Math.floor((priceCents * percent) / 100);
}

/** docs/product.md §9: $527.97 when a buyer takes the whole funnel. */
export const maxCommissionCents = (items: readonly FunnelItem[]) => commissionCents(funnelTotalCents(items));

export const FULL_BLAST = {
  description:
    "100% commission on the front end and the order bump: every frontend and bump sale pays you the full price.",
};

export type ContestPrize = { place: string; prizeCents: number };

/** '1st', '2nd', '3rd', '4th', ... (the contest has at most 10 places). */
function placeOf(index: number): string {
  const place = index + 1;
  return `${place}${place === 1 ? "st" : place === 2 ? "nd" : place === 3 ? "rd" : "th"}`;
}

/** The contest's prizes, first place first, from the launch setting 'Contest prizes' (issue 40). */
export const contestPrizes = (settings: Pick<LaunchSettings, "contestPrizesCents">): ContestPrize[] =>
  settings.contestPrizesCents.map((prizeCents, index) => ({ place: placeOf(index), prizeCents }));

export const CONTEST = {
  kind: "Revenue-based, solo affiliates only",
  rule: "To collect a prize you must earn commissions at least equal to it; otherwise the payout is pro rata (earn $200 in commissions and a $350 prize pays $200).",
};

/** Why promote, with the funnel's prices as the marketplace charges them (decision 064). */
export const reasonsToPromote = (funnelItems: readonly FunnelItem[]): Array<{ title: string; description: string }> => [
  {
    title: "Low-ticket, easy yes",
    description: `A ${formatUsd(funnelItems.find((item) => item.key === "frontend")?.priceCents ?? 0)} front end converts cold and warm lists alike.`,
  },
  {
    title: "50% across the funnel",
    description: `Earn up to ${formatUsd(maxCommissionCents(funnelItems))} on a single buyer who takes every offer.`,
  },
  { title: "Hot topic", description: "AI apps without coding is what your subscribers are already asking about." },
  { title: "Done-for-you swipes", description: "Short and long emails, banners and a demo video ready to use." },
  {
    title: "Proven upsells",
    description: "A white-label upgrade and a high-ticket SaaS partner offer lift your earnings per click.",
  },
  { title: "Full-blast finish", description: "100% commission on front end and bump in the final 24 hours." },
];

export const JV_CONTACT = {
  socialLabel: "Message us on Facebook",
  socialUrl: "https://www.facebook.com/aiprofitlabs",
};

export type SwipeTab = "demo" | "emails" | "emails-long" | "banners";

/**
 * The tabs of /demo-swipes, in page order. Without ?tab= the page starts on Demo Video
 * (docs/product.md §2 "Four tabs, starting on Demo Video"); links from /jv-affiliate name their tab explicitly.
 */
export const SWIPE_TABS: Array<{ tab: SwipeTab; label: string }> = [
  { tab: "demo", label: "Demo Video" },
  { tab: "emails", label: "Email Swipes (Short)" },
  { tab: "emails-long", label: "Email Swipes (Long)" },
  { tab: "banners", label: "Banners" },
];
export const DEFAULT_SWIPE_TAB: SwipeTab = "demo";

export function parseSwipeTab(value: string | null): SwipeTab {
  return SWIPE_TABS.some((entry) => entry.tab === value) ? (value as SwipeTab) : DEFAULT_SWIPE_TAB;
}

/** The resource cards of /jv-affiliate, each opening its /demo-swipes tab. */
export const PROMO_RESOURCES: Array<{ tab: SwipeTab; title: string; description: string }> = [
  { tab: "emails", title: "Email Swipes", description: "Four short and seven long emails, ready to paste." },
  { tab: "banners", title: "Banners", description: "Four sizes for your site, blog and newsletter." },
  { tab: "demo", title: "Demo Video", description: "Show the product in action to your audience." },
];

/** The Demo Video tab's promotion tips (the video itself is DEMO_VIDEO_MEDIA in ./demo). */
export const DEMO_VIDEO = {
  tips: [
    "Embed the demo on your bonus or review page so visitors see the product before they click.",
    "Cut short clips of the build steps for social posts and stories, with your affiliate link.",
    "Link the demo in your launch-day email: a working app sells better than a description.",
    "Record your own reaction or walkthrough over it to add your voice and your bonuses.",
  ],
};

export type Banner = { size: string; width: number; height: number; src: string; filename: string };

export const BANNERS: Banner[] = [
  { size: "728x90", width: 728, height: 90 },
  { size: "300x250", width: 300, height: 250 },
  { size: "468x60", width: 468, height: 60 },
  { size: "160x600", width: 160, height: 600 },
].map((banner) => ({
  ...banner,
  src: `/banners/banner-${banner.size}.svg`,
  filename: `ai-profit-labs-banner-${banner.size}.svg`,
}));

/** Placeholders a partner replaces before sending (docs/product.md §2 swipe placeholders). */
export const SWIPE_PLACEHOLDERS = { firstName: "[First Name]", affiliateLink: "[YOUR AFFILIATE LINK]" };

export type SwipeEmail = {
  id: string;
  label: string;
  subject: string;
  /** What the page shows; for the long emails a preview, with the whole email copied. */
  preview: string;
  body: string;
};

const { firstName: NAME, affiliateLink: LINK } = SWIPE_PLACEHOLDERS;

function email(id: string, label: string, subject: string, body: string, previewParagraphs?: number): SwipeEmail {
  const preview =
    previewParagraphs === undefined
      ? body
      : `${body.split("\n\n").slice(0, previewParagraphs).join("\n\n")}\n\n[Full email in the copy version]`;
  return { id, label, subject, preview, body };
}

export function shortSwipes(brand: string): SwipeEmail[] {
  return [
    email(
      "launch-day",
      "Launch Day",
      `It's live: build AI apps without code (${brand})`,
      `Hi ${NAME},\n\n${brand} just opened its doors.\n\nIt shows you how to build and launch AI-powered SaaS apps without writing a single line of code, and the launch price is only about $17.\n\nGet in here before the price goes up:\n${LINK}\n\nTalk soon`,
    ),
    email(
      "proof",
      "Proof",
      "This is what a no-code AI app looks like",
      `Hi ${NAME},\n\nWatch a complete AI app go from one prompt to deployed in minutes.\n\nNo developers. No code. Just the step-by-step system inside ${brand}.\n\nSee the demo and grab it at the launch price:\n${LINK}`,
    ),
    email(
      "24h-countdown",
      "24h Countdown",
      "24 hours left at this price",
      `Hi ${NAME},\n\nQuick heads-up: the launch price of ${brand} goes up in 24 hours.\n\nThe price is $17.95 right now and rises every 25 sales, so every hour you wait costs you.\n\nLock in your lifetime access here:\n${LINK}`,
    ),
    email(
      "final-hour",
      "Final Hour",
      "Final hour (closing now)",
      `${NAME}, this is it.\n\nIn one hour the ${brand} launch special closes for good. After that it moves to $47 per month.\n\nLast chance for the one-time price:\n${LINK}`,
    ),
  ];
}

export function longSwipes(brand: string): SwipeEmail[] {
  return [
    email(
      "48h-pre-launch",
      "48h Pre-Launch",
      "In 48 hours this changes how you build apps",
      `Hi ${NAME},\n\nIn 48 hours something opens that I've been waiting to tell you about.\n\nIt's called ${brand}, and it teaches ordinary people (no coders, no tech team) to build AI-powered SaaS apps and sell them.\n\nWhy it matters: people are happily paying $49 for lifetime deals or $9-$19 per month for simple AI tools. You can build those tools yourself now.\n\nKeep an eye on your inbox on launch day. The price starts around $17 and rises quickly.\n\nHere's the page to bookmark:\n${LINK}\n\nSpeak soon`,
    ),
    email(
      "cart-open",
      "Cart Open",
      `${brand} is open (launch price inside)`,
      `Hi ${NAME},\n\nThe doors to ${brand} are open.\n\nInside you get the complete training on building AI SaaS apps without coding, AI boilerplate templates, a business idea generator and a launch strategy that gets your first paying users.\n\nThe launch price is $17.95 and it goes up every 25 sales. Later it becomes a $47 per month plan.\n\nGet lifetime access now:\n${LINK}\n\nTo your success`,
    ),
    email(
      "success-story",
      "$3,000/mo Success Story",
      "From idea to $3,000/month with one small AI app",
      `Hi ${NAME},\n\nLet me tell you about a simple AI app that now brings in about $3,000 a month.\n\nIt does one thing: it writes product descriptions for online store owners. No fancy features, no team, no code.\n\nThe builder followed the same step-by-step process taught inside ${brand}: pick a painful problem, build the app with AI, launch it to a small audience, charge from day one.\n\nResults like that are not typical and take work, but the path is real and now it's open to you.\n\nSee how it's done:\n${LINK}`,
      2,
    ),
    email(
      "stop-overthinking",
      "Stop Overthinking",
      "You don't need to learn to code",
      `Hi ${NAME},\n\nMost people with a great app idea never start. They think they need to learn to code, hire developers or raise money first.\n\nYou don't.\n\nWith AI doing the building, your job is the idea, the prompt and the launch. ${brand} walks you through all three, one small step at a time.\n\nStop overthinking it and start building:\n${LINK}`,
      2,
    ),
    email(
      "walkthrough",
      "Walkthrough",
      `Inside ${brand}: a quick walkthrough`,
      `Hi ${NAME},\n\nHere's a peek at what you get inside ${brand}.\n\n1. The AI SaaS development course, from first prompt to deployed app.\n2. A step-by-step monetization guide.\n3. AI boilerplate templates to start fast.\n4. A business idea generator for your next app.\n5. A launch strategy framework and marketing toolkit.\n\nThere is also a white-label upgrade with 12 AI app kits to brand and sell as your own.\n\nTake the full tour here:\n${LINK}`,
      2,
    ),
    email(
      "17-investment",
      "$17 Investment",
      "The best $17 you'll spend this year?",
      `Hi ${NAME},\n\nWhat does $17 usually get you? Lunch. A couple of coffees.\n\nRight now it gets you lifetime access to ${brand}: the complete system for building and selling AI apps without code.\n\nThe price rises every 100 sales and jumps after 500 sales, so it won't stay at $17 for long.\n\nMake the investment while it's this small:\n${LINK}`,
      2,
    ),
    email(
      "case-study",
      "Case Study",
      "Case study: one weekend, one AI app, first customers",
      `Hi ${NAME},\n\nHere's a case study that shows what's possible.\n\nA complete beginner picked an idea from the ${brand} idea generator on Friday evening: a resume reviewer for job seekers.\n\nBy Sunday the app was built with AI, connected to payments and live. The first paying customers arrived the next week from a single post in a job-seekers group.\n\nThis is not a guarantee; it shows what the process makes possible when you follow it.\n\nStart your own case study:\n${LINK}`,
      2,
    ),
  ];
}
