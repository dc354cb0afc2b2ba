/**
 * The bonuses page (/bonuses, docs/product.md §2 "Bonuses page"): four cards and the community
 * notice, and the early-bird card for the first buyers who own `early_bonus` (issue 26).
 */

/** The download names; the download route serves these and nothing else (docs/decisions/012-bonus-files-behind-the-member-guard.md). */
export const BONUS_FILE_NAMES = {
  starter: "ai-todo-saas-starter.zip",
  launchPlan: "30-day-launch-plan.txt",
  promptVault: "ai-prompt-engineering-vault.txt",
  earlyBird: "early-bird-bonus.zip",
} as const;
export type BonusFileName = (typeof BONUS_FILE_NAMES)[keyof typeof BONUS_FILE_NAMES];

export const bonusDownloadPath = (file: BonusFileName) => `/bonuses/download/${file}`;

/** docs/product.md §8: the only thing the community button does for now. */
export const DISCORD_NOTICE = "Discord invite link coming soon!";

export type BonusCard = {
  id: string;
  title: string;
  value: string;
  description: string;
  includes: string[];
  download?: { file: BonusFileName; label: string };
};

/**
 * The early bonus (the landing's "bonus for the first {N} customers": a bonus template plus 3
 * other bonuses), shown only to a member who owns the `early_bonus` product. Its value is the
 * product's list price in the catalogue.
 */
export function earlyBirdCard(value: string): BonusCard {
  return {
    id: "early-bird",
    title: "Early-bird bonus",
    value: `${value} value`,
    description:
      "Thank you for being one of the first buyers: a bonus template plus 3 other bonuses, yours to keep and to use in your own products.",
    includes: [
      "A responsive SaaS landing page template in one HTML file",
      "A launch email swipe file (5 emails)",
      "First-customer outreach scripts",
      "An idea validation checklist (20 checks)",
    ],
    download: { file: BONUS_FILE_NAMES.earlyBird, label: "Download Early-Bird Bundle (.zip)" },
  };
}

export const BONUS_CARDS: BonusCard[] = [
  {
    id: "saas-starter",
    title: "AI To-Do SaaS Source Code",
    value: "$197 value",
    description:
      "The complete source of TaskPilot, a working to-do list SaaS with accounts, a free and a Pro plan, and an AI step that breaks tasks into subtasks. Run it with one command, learn from it, or upload it to your AI app builder and make it yours.",
    includes: [
      "Sign-up, login and hashed passwords",
      "Free plan limit and Pro upgrade",
      "AI subtasks (OpenAI, with an offline fallback)",
      "API tests and step-by-step extension prompts",
    ],
    download: { file: BONUS_FILE_NAMES.starter, label: "Download Source Code (.zip)" },
  },
  {
    id: "launch-plan",
    title: "30-Day Launch Plan",
    value: "$97 value",
    description:
      "A day-by-day plan from idea to paying customers: validate the idea, build the MVP, prepare the launch assets, launch, and plan month two, with a clear 'done when' check for every day.",
    includes: ["30 daily tasks in 5 phases", "Launch email and content checklist", "The weekly numbers to watch"],
    download: { file: BONUS_FILE_NAMES.launchPlan, label: "Download Launch Plan (.txt)" },
  },
  {
    id: "prompt-vault",
    title: "AI Prompt Engineering Vault",
    value: "$147 value",
    description:
      "Copy-and-paste prompts for every stage of an AI SaaS: finding and validating ideas, building with an AI app builder, the system prompts inside your product, marketing, launch and customer growth.",
    includes: [
      "The 7 rules and a master template",
      "23 fill-in-the-blank prompts in 5 categories",
      "A prompt debugging checklist",
    ],
    download: { file: BONUS_FILE_NAMES.promptVault, label: "Download Prompt Vault (.txt)" },
  },
  {
    id: "community",
    title: "Private Community",
    value: "$97 value",
    description:
      "A private Discord server for members: share your builds, get feedback on your prompts and launch plans, and find accountability partners. Membership is normally $347/year and is included with your access.",
    includes: ["Weekly build and launch threads", "Feedback from fellow members", "Early access to new templates"],
  },
];
