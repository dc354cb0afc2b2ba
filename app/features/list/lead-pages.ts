import type { PageCopy } from "~/platform/copy-types";

/** Copy of the lead-capture pages (docs/product.md §2 "Lead-capture pages"). */
export const SPECIAL_ACCESS = {
  headline: "Special Access",
  tagline: "Build & Monetize Custom AI SaaS Apps Without Writing a Single Line of Code",
  prompt: "Enter your best email below to get immediate access",
  submit: "Get Instant Access",
  privacyNote: "We respect your privacy. Unsubscribe at any time.",
  benefitsTitle: "What You'll Get",
  benefits: [
    {
      title: "AI SaaS Idea Generator",
      description: "Find profitable app ideas in minutes, matched to a market that pays.",
    },
    {
      title: "Step-by-Step Prompting System",
      description: "The exact prompts that turn an idea into a working AI app.",
    },
    { title: "Free Traffic Generation Blueprint", description: "Get your first users without paying for ads." },
    { title: "Monetization Framework", description: "Price, package and sell your app from day one." },
  ],
};

export const THANK_YOU_ACCESS = {
  eyebrow: "Thank You",
  headline: "Your Access is Ready",
  registered: "Your email has been registered successfully.",
  confirmation: "A confirmation email with your access details is on its way. Check your inbox (and your spam folder).",
  button: "Access Your Training",
  nextTitle: "What to expect next",
  next: [
    "A confirmation email with your access details.",
    "Training emails over the next few days to help you build and launch.",
    "Questions? Just reply to any of our emails for support.",
  ],
};

export function leadPageCopy(brandName: string): Record<"specialAccess" | "thankYouAccess", PageCopy> {
  return {
    specialAccess: { title: `${SPECIAL_ACCESS.headline} | ${brandName}`, description: SPECIAL_ACCESS.tagline },
    thankYouAccess: {
      title: `${THANK_YOU_ACCESS.headline} | ${brandName}`,
      description: THANK_YOU_ACCESS.confirmation,
    },
  };
}
