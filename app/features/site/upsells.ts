import { formatUsd } from "~/platform/money";
import { earningsDisclaimer } from "./disclaimers";
import {
  CUSTOM_SAAS,
  GUARANTEE_DAYS,
  LOGIN_EMAIL_MINUTES,
  cardPriceCents,
  marketplacePriceCents,
  type Catalogue,
  type PriceTerm,
} from "~/features/catalogue";
import type { Brand, FaqItem, FeatureCard, PageCopy } from "~/platform/copy-types";

/**
 * The upgrade offers: the white-label and custom SaaS upsell pages, the custom SaaS thank-you page
 * and the /upgrades hub (docs/product.md §2).
 */

/**
 * The yellow banner both upsell pages open with, for the marketplace's buyer who has just paid
 * (an anonymous visitor: the marketplace sends its buyers here). The offer stays on /upgrades, so
 * the banner promises no "one-time" scarcity (issue 40).
 */
const waitBanner = {
  heading: "Wait! Your order is not complete yet.",
  text: `Your login details will arrive by email in about ${LOGIN_EMAIL_MINUTES} minutes (check your spam folder). While you wait, see the upgrade below: add it now, or later from the Upgrades page.`,
};

/**
 * Added to the upsell pages' links on /upgrades: a visitor who came from there is browsing, not in
 * the middle of a marketplace order, so the yellow banner is not shown (a cache key's value).
 */
export const BROWSING_PARAM = { name: "from", value: "upgrades" } as const;
const browsingHref = (path: string) => `${path}?${BROWSING_PARAM.name}=${BROWSING_PARAM.value}`;

/**
 * What a signed-in member sees instead of the yellow banner: they bought long ago, so "your order is
 * not complete" and "login details by email" would be false, and 'No Thanks' takes them back to
 * /upgrades rather than to the marketplace.
 */
export const MEMBER_UPSELL = {
  banner: {
    heading: "You already have lifetime access.",
    text: "This optional upgrade adds to your membership. Take your time: it stays on your Upgrades page.",
  },
  declineHref: "/upgrades",
};

/**
 * The twelve apps of the white-label upgrade, as its upsell page lists them; the White-label
 * course (app/features/site/white-label-course.ts) has one chapter for each.
 */
export const WHITE_LABEL_TOOLS = [
  "AI Content Generator",
  "AI Image Creator",
  "AI Chatbot Assistant",
  "AI Email Writer",
  "AI SEO Optimizer",
  "AI Social Media Manager",
  "AI Video Script Generator",
  "AI Product Description Writer",
  "AI Landing Page Builder",
  "AI Business Name Generator",
  "AI Ad Copy Creator",
  "AI Market Research Tool",
] as const;

export type WhiteLabelContent = {
  page: PageCopy;
  banner: typeof waitBanner;
  hero: { eyebrow: string; heading: string; text: string };
  price: { regular: string; special: string; note: string };
  checkoutImageAlt: string;
  declineLabel: string;
  features: { heading: string; cards: FeatureCard[] };
  tools: { heading: string; items: string[] };
  offer: { heading: string; items: string[]; price: string; regular: string; note: string };
  faqs: FaqItem[];
  closing: { heading: string; text: string };
  disclaimer: string;
};

export function whiteLabelContent(brand: Brand, catalogue: Catalogue): WhiteLabelContent {
  // Sold at the marketplace (its buy links go there): the marketplace price (decision 064).
  const special = formatUsd(marketplacePriceCents(catalogue.white_label));
  const regular = formatUsd(catalogue.white_label.regularPriceCents);
  return {
    page: {
      title: `12-in-1 White-Label AI SaaS Upgrade | ${brand.name}`,
      description: `Twelve AI app kits (the prompt each app runs on, a brand file, a setup guide and a white-label licence) to build, brand and sell as your own, for a one-time ${special} (regular ${regular}).`,
    },
    banner: waitBanner,
    hero: {
      eyebrow: "One-time upgrade offer",
      heading: "Get 12 AI App Kits You Can Brand and Sell as Your Own",
      text: "Each kit holds the tested prompt an AI app runs on, a brand file and a setup guide. Build the app with your AI app builder, put your brand on it, set your own prices and keep 100% of the profit.",
    },
    price: { regular, special, note: "One-time payment" },
    checkoutImageAlt: `Buy the white-label upgrade for ${special}`,
    declineLabel: "No Thanks, I Don't Want To Upgrade",
    features: {
      heading: "Why Members Add the White-Label Upgrade",
      cards: [
        {
          icon: "layers",
          title: "12 App Kits",
          description:
            "Twelve AI app kits, each with the prompt the app runs on, a brand file and a step-by-step setup guide.",
        },
        {
          icon: "palette",
          title: "Your Brand",
          description:
            "Set the name, tagline, logo and colour in each kit's brand file so every app looks like your own product.",
        },
        {
          icon: "dollar",
          title: "Keep 100% of Sales",
          description: "Charge monthly, yearly or one-time; every sale is yours.",
        },
        {
          icon: "globe",
          title: "Sell Anywhere",
          description: "Launch on your own domain and sell to clients in any country.",
        },
        {
          icon: "clock",
          title: "A Head Start",
          description: "No idea to invent and no prompt to write: follow the kit's guide, build, brand and publish.",
        },
        {
          icon: "shield",
          title: "Commercial Licence",
          description: "A white-label licence in every kit lets you sell the apps you build to your own customers.",
        },
      ],
    },
    tools: {
      heading: "The 12 AI App Kits You Get",
      items: [...WHITE_LABEL_TOOLS],
    },
    offer: {
      heading: "Your White-Label Package",
      items: [
        "12 AI app kits, each with its tested prompt and a brand file",
        "A step-by-step setup guide for every app",
        "White-label rights to rebrand and resell the apps you build",
        "The White-Label course in your members' area, one chapter per app",
      ],
      price: special,
      regular,
      note: `One-time payment, covered by our ${GUARANTEE_DAYS}-day money-back guarantee.`,
    },
    faqs: [
      {
        question: "Do I need technical skills to build these apps?",
        answer:
          "No coding. Each kit's setup guide walks you through building the app with an AI app builder, branding it and publishing it; if you can follow a checklist, you can launch them.",
      },
      {
        question: "Can I really sell the apps as my own?",
        answer:
          "Yes. The white-label licence lets you rebrand the apps you build from the kits and sell access to your own customers. You may not resell the kits themselves.",
      },
      {
        question: "Are there monthly fees?",
        answer: `No. You pay ${special} once. Running the apps may need your own hosting and AI service accounts, which you control.`,
      },
      {
        question: "How do I get access after buying?",
        answer: `Access details arrive by email with your login, in about ${LOGIN_EMAIL_MINUTES} minutes. Check your spam folder if you don't see them.`,
      },
      {
        question: "What if I change my mind?",
        answer: `Email ${brand.supportEmail} within ${GUARANTEE_DAYS} days and we will refund you in full.`,
      },
    ],
    closing: {
      heading: "Start Selling AI Apps Today",
      text: `Add the 12-in-1 white-label upgrade for ${special} now, or later from the Upgrades page.`,
    },
    disclaimer: earningsDisclaimer(brand),
  };
}

export type CustomSaasContent = {
  page: PageCopy;
  banner: typeof waitBanner;
  hero: { eyebrow: string; heading: string; text: string; scarcity: string };
  price: { regular: string; special: string };
  buyLabel: string;
  declineLabel: string;
  features: { heading: string; cards: FeatureCard[] };
  journey: { heading: string; steps: Array<{ title: string; text: string }> };
  comparison: {
    heading: string;
    diyLabel: string;
    packageLabel: string;
    rows: Array<{ aspect: string; diy: string; package: string }>;
  };
  availability: { heading: string; text: string; spotsLabel: string; taken: number; max: number };
  /** No spot left: the page says so and offers no buy link (the 'No Thanks' links stay). */
  fullyBooked: boolean;
  investment: { heading: string; text: string; applyLabel: string; note: string };
  faqs: FaqItem[];
  closing: { heading: string; text: string };
  disclaimer: string;
};

/** Spots from the launch settings: 'Custom SaaS capacity' and how many of them are taken. */
export type CustomSaasSpots = { capacity: number; remaining: number };

/** Prices from the catalogue (decision 051), spots from the launch settings (decision 053). */
export function customSaasContent(brand: Brand, catalogue: Catalogue, spots: CustomSaasSpots): CustomSaasContent {
  // Sold at the marketplace (its buy links go there): the marketplace price (decision 064).
  const special = formatUsd(marketplacePriceCents(catalogue.custom_saas));
  const regular = formatUsd(catalogue.custom_saas.regularPriceCents);
  const maxClients = spots.capacity;
  const spotsRemaining = Math.max(0, Math.min(spots.remaining, spots.capacity));
  const fullyBooked = spotsRemaining === 0;
  return {
    page: {
      title: `Custom AI SaaS Build and 1-on-1 Coaching | ${brand.name}`,
      description: `We build your custom AI SaaS app with you and coach you through launch. ${special} instead of ${regular}; only ${maxClients} clients.`,
    },
    banner: waitBanner,
    hero: {
      eyebrow: "Done-with-you partnership",
      heading: "We Build Your Custom AI SaaS App With You, and Coach You to Launch",
      text: "Bring your idea. Our team designs, builds and launches it with you, and 1-on-1 coaching makes sure you know how to grow it.",
      // Said at the top too: with no buy link there, the visitor must not have to scroll to learn why.
      scarcity: fullyBooked
        ? "Fully booked for now: every spot is taken."
        : `Limited spots: we take only ${maxClients} clients at a time.`,
    },
    price: { regular, special },
    buyLabel: `Yes, Build My App for ${special}`,
    declineLabel: "No Thanks, I'll Build It Myself",
    features: {
      heading: "What's Included",
      cards: [
        {
          icon: "code",
          title: "Custom Development",
          description: "Your app built to your specification, not a template.",
        },
        {
          icon: "palette",
          title: "Professional Design",
          description: "A clean, modern interface your customers will trust.",
        },
        { icon: "users", title: "1-on-1 Coaching", description: "Private sessions on pricing, marketing and growth." },
        { icon: "rocket", title: "Launch Support", description: "We prepare and run the launch with you." },
        {
          icon: "bolt",
          title: "AI Integration",
          description: "The AI services your idea needs, connected and tested.",
        },
        {
          icon: "chat",
          title: `${CUSTOM_SAAS.supportDays} Days of Support`,
          description: "Help after launch while your first customers arrive.",
        },
      ],
    },
    journey: {
      heading: "Your 4-Step Journey",
      steps: [
        {
          title: "Discovery Session",
          text: "We map your idea, your customers and the features your first version needs.",
        },
        {
          title: "Design and Development",
          text: `We design and build your app, with up to ${CUSTOM_SAAS.revisionRounds} rounds of revisions per deliverable.`,
        },
        {
          title: "Marketing and Launch Preparation",
          text: "Sales page, pricing, emails and a launch plan, ready before day one.",
        },
        {
          title: "Launch and Growth Support",
          text: `We launch together and support you for ${CUSTOM_SAAS.supportDays} days afterwards.`,
        },
      ],
    },
    comparison: {
      heading: "Do It Yourself vs. Our Package",
      diyLabel: "Do it yourself",
      packageLabel: "Our package",
      rows: [
        { aspect: "Development time", diy: "3-6+ months", package: CUSTOM_SAAS.tableDeliveryWeeks },
        { aspect: "Technical expertise", diy: "You learn it all yourself", package: "Our team provides it" },
        { aspect: "Design", diy: "Templates or hired help", package: "Custom, professional design" },
        { aspect: "Marketing materials", diy: "You write them", package: "Prepared for you" },
        { aspect: "Launch strategy", diy: "Trial and error", package: "A proven launch plan" },
        { aspect: "Integration", diy: "You wire up every service", package: "AI and payments connected" },
        { aspect: "Coaching", diy: "None", package: "1-on-1 sessions" },
      ],
    },
    availability: {
      heading: "Limited Availability",
      text: `To give every client our full attention, we work with only ${maxClients} clients at a time.`,
      spotsLabel: fullyBooked ? "Fully booked" : `${spotsRemaining} of ${maxClients} spots remaining`,
      taken: maxClients - spotsRemaining,
      max: maxClients,
    },
    fullyBooked,
    investment: {
      heading: "Your Investment",
      text: `A custom AI SaaS app with coaching, for ${special} instead of ${regular}.`,
      applyLabel: `Apply Now ${special}`,
      note: `Applications are reviewed within ${CUSTOM_SAAS.reviewHours} hours. Not everyone qualifies: we only take projects we are confident we can deliver.`,
    },
    faqs: [
      {
        question: "How long does it take to build my app?",
        answer: `Typical delivery is ${CUSTOM_SAAS.deliveryWeeks}, depending on the features your first version needs.`,
      },
      {
        question: "What if I don't have an idea yet?",
        answer:
          "The discovery session helps you choose one. We look at your skills, audience and market and pick an idea worth building.",
      },
      {
        question: "Who owns the app?",
        answer: "You do. The app, its code and its customers are yours, and you keep 100% of the revenue.",
      },
      {
        question: "How many revisions do I get?",
        answer: `Up to ${CUSTOM_SAAS.revisionRounds} rounds of revisions for each deliverable.`,
      },
      {
        question: "What happens after launch?",
        answer: `We support you for ${CUSTOM_SAAS.supportDays} days after launch, with coaching on growth, pricing and your next features.`,
      },
    ],
    closing: {
      heading: fullyBooked ? "Fully booked" : `Only ${spotsRemaining} Spot${spotsRemaining === 1 ? "" : "s"} Remaining`,
      text: fullyBooked
        ? "Every spot is taken for now. Thank you for your interest."
        : "When they are gone, this offer closes. Apply now and let's build your AI SaaS together.",
    },
    disclaimer: earningsDisclaimer(brand),
  };
}

export type CustomSaasThankYouContent = {
  page: PageCopy;
  heading: string;
  text: string;
  /** The next step: the application form (/custom-saas/apply), reached by signing in. */
  apply: { heading: string; text: string; href: string; label: string; help: string };
  checklist: { heading: string; items: Array<{ title: string; text: string }> };
  expect: { heading: string; steps: Array<{ title: string; duration: string; text: string }> };
};

/** Where a custom SaaS buyer applies (a signed-in owner's form; anyone else is shown the offer). */
export const CUSTOM_SAAS_APPLY_PATH = "/custom-saas/apply";

export function customSaasThankYouContent(brand: Brand): CustomSaasThankYouContent {
  return {
    page: {
      title: `Thank You for Your Custom AI SaaS Purchase | ${brand.name}`,
      description:
        "Your custom AI SaaS package is confirmed. Here is how to apply for your build and prepare for your first session.",
    },
    heading: "Thank You! Your Purchase Is Confirmed",
    text: `Welcome to the ${brand.name} custom AI SaaS program. We can't wait to build your app with you.`,
    apply: {
      heading: "Apply for Your Build",
      text: `Sign in with the login details we email you (in about ${LOGIN_EMAIL_MINUTES} minutes; check your spam folder), then fill in the application form: your idea, your goals and your availability. We review it within ${CUSTOM_SAAS.reviewHours} hours and reply by email to book your discovery session.`,
      href: CUSTOM_SAAS_APPLY_PATH,
      label: "Open the Application Form",
      help: `Questions before you apply? Email ${brand.supportEmail}.`,
    },
    checklist: {
      heading: "How to Prepare",
      items: [
        {
          title: "Vision document",
          text: "Write 1-2 pages about your idea: who it is for, the problem it solves and the features you want.",
        },
        {
          title: "Your availability",
          text: "Choose a few times that suit you for the consultation and the design sessions.",
        },
        {
          title: "Technical environment (optional)",
          text: "If you already have accounts for hosting, domains or AI services, list them.",
        },
        {
          title: "Hosting preference",
          text: "Tell us whether you want us to recommend hosting or use a provider you already have.",
        },
        {
          title: "Content planning",
          text: "Gather your logo, colours, sample texts and anything else the app should contain.",
        },
      ],
    },
    expect: {
      heading: "What to Expect",
      steps: [
        {
          title: "Initial consultation",
          duration: "1-2 hours",
          text: "We go through your vision and agree on the first version.",
        },
        {
          title: "Design and architecture",
          duration: "1-2 sessions",
          text: "We design the screens and plan how the app is built.",
        },
        {
          title: "Development sprints",
          duration: "Weekly updates",
          text: "We build in short sprints and show you progress as we go.",
        },
        {
          title: "Deployment and launch",
          duration: "Launch week",
          text: "Your app goes live on your domain, with your launch plan.",
        },
        {
          title: "Post-launch support",
          duration: `${CUSTOM_SAAS.supportDays} days`,
          text: "We stay with you while your first customers arrive.",
        },
      ],
    },
  };
}

export type UpgradesContent = {
  page: PageCopy;
  heading: string;
  text: string;
  offers: Array<{
    key: "vip" | "white_label" | "custom_saas";
    title: string;
    description: string;
    regular: string;
    special: string;
    /** The offer's own page, if it has one (the VIP upgrade is the marketplace's order bump). */
    href: string | null;
    cta: string;
  }>;
  /**
   * The membership itself, for whoever does not hold it (a lead whose locked course or training
   * email led here): its price and the way to buy it, the plan page's card checkout (issue 40).
   */
  membership: { title: string; description: string; regular: string; special: string; href: string; cta: string };
  /** What an owner sees instead of a buy link. */
  owned: string;
  guarantee: string;
};

/** The plan page: the membership's card checkout (signing in or up first, when needed). */
export const MEMBERSHIP_OFFER_HREF = "/payment-options";

/** /upgrades sells by card: each upgrade's card price in the term, struck from its regular price (decision 064). */
export function upgradesContent(brand: Brand, catalogue: Catalogue, term: PriceTerm): UpgradesContent {
  const price = (product: Catalogue[keyof Catalogue]) => ({
    regular: formatUsd(product.regularPriceCents),
    special: formatUsd(cardPriceCents(product, term)),
  });
  return {
    page: {
      title: `Upgrade Offers | ${brand.name}`,
      description:
        "Member upgrades: the 12-in-1 white-label AI SaaS package and a custom AI SaaS build with 1-on-1 coaching.",
    },
    heading: "Upgrade Your Membership",
    text: "Go further, faster, with these member upgrades.",
    offers: [
      {
        key: "vip",
        title: catalogue.vip.name,
        description: "Priority extras for members, with the VIP course.",
        ...price(catalogue.vip),
        href: null,
        cta: "Add it at the marketplace checkout",
      },
      {
        key: "white_label",
        title: catalogue.white_label.name,
        description: "Twelve AI app kits (prompt, brand file, setup guide) to build, brand and sell as your own.",
        ...price(catalogue.white_label),
        href: browsingHref("/white-label-upsell"),
        cta: "See the White-Label Offer",
      },
      {
        key: "custom_saas",
        title: catalogue.custom_saas.name,
        description: "We build your custom AI SaaS app with you and coach you through launch.",
        ...price(catalogue.custom_saas),
        href: browsingHref("/custom-saas-upsell"),
        cta: "See the Custom SaaS Offer",
      },
    ],
    membership: {
      title: catalogue.membership.name,
      description:
        "Every course, the AI App Builder, the idea generator and the premium bonuses, for a one-time payment.",
      ...price(catalogue.membership),
      href: MEMBERSHIP_OFFER_HREF,
      cta: "Get Lifetime Access",
    },
    owned: "You own this",
    guarantee: `Every upgrade comes with our ${GUARANTEE_DAYS}-day satisfaction guarantee: if you are not happy, email ${brand.supportEmail} for a full refund.`,
  };
}
