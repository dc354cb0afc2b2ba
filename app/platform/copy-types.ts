/**
 * Shapes of the marketing copy. Copy modules (app/content/*.ts) fill them on the server; routes pass
 * them to components as loader data, so the copy travels in the HTML, not in the client bundles.
 */
export type Brand = { name: string; supportEmail: string };

export type IconName =
  | "bolt"
  | "rocket"
  | "dollar"
  | "sparkles"
  | "layers"
  | "chart"
  | "users"
  | "shield"
  | "code"
  | "palette"
  | "globe"
  | "chat"
  | "clock"
  | "gift";

export type FeatureCard = { icon: IconName; title: string; description: string };

export type FaqItem = { question: string; answer: string };

export type PriceLine = { label: string; amount: string; tone: "regular" | "discount" | "total" };

export type PriceBoxContent = {
  heading: string;
  lines: PriceLine[];
  /** A ribbon such as '99.5% OFF'. */
  badge?: string;
  note?: string;
};

export type DemoContent = {
  heading: string;
  intro?: string;
  /** At least one: the page shows the first, finished, before anything plays. */
  prompts: [string, ...string[]];
  steps: string[];
  finalLine: string;
  /** The disabled button while building, and the one that replaces it when the build is done. */
  buildingLabel: string;
  deployLabel: string;
};

/** Title and description of a page; the server adds the absolute URL and share image. */
export type PageCopy = { title: string; description: string };
