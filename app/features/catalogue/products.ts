/**
 * The plan page's checkout offers (docs/product.md §3): both sell the `membership` product of the
 * catalogue (app/features/catalogue/catalogue.ts). Lifetime access is sold at the catalogue's Stripe price
 * (/admin/products; STRIPE_PRICE_LIFETIME seeds it), the $1 offer at STRIPE_PRICE_TRIAL. The
 * amounts the pages show are the catalogue's (docs/product.md §9).
 */
export type CheckoutMode = "payment" | "subscription";

export type Product = {
  name: string;
  description: string;
  mode: CheckoutMode;
  /** Where this offer's Stripe price id comes from: the catalogue's membership, or a variable. */
  price: { catalogue: "membership" } | { env: "STRIPE_PRICE_TRIAL" };
};

export const PRODUCTS = {
  AI_PROFIT_LABS: {
    name: "AI Profit Labs Lifetime Access",
    description: "Full Membership/Training Access + SaaS Boilerplate + AI SaaS Idea Generator + More",
    mode: "payment",
    price: { catalogue: "membership" },
  },
  AI_PROFIT_LABS_TRIAL: {
    name: "AI Profit Labs $1 Offer",
    description: "Limited Time $1 Offer Access to AI Profit Labs",
    mode: "payment",
    price: { env: "STRIPE_PRICE_TRIAL" },
  },
} as const satisfies Record<string, Product>;

export type ProductKey = keyof typeof PRODUCTS;

/** The product the plan page sells. */
export const PLAN_PRODUCT: ProductKey = "AI_PROFIT_LABS";

export function isProductKey(value: unknown): value is ProductKey {
  return typeof value === "string" && Object.hasOwn(PRODUCTS, value);
}

/** What the plan page lists (docs/product.md §2 "Plan page"). */
const PLAN_COMMUNITY_FEATURE = "Private Community Access";

const PLAN_FEATURES = [
  "Complete AI SaaS Development Course",
  "Step-by-Step Monetization Guide",
  "AI Boilerplate Templates",
  "Business Idea Generator",
  "Launch Strategy Framework",
  "Marketing Toolkit",
  PLAN_COMMUNITY_FEATURE,
  "Lifetime Updates",
] as const;

/** The plan's features as sold: the community only while a community link is set (issue 40). */
export const planFeatures = (communityLinkSet: boolean): readonly string[] =>
  communityLinkSet ? PLAN_FEATURES : PLAN_FEATURES.filter((feature) => feature !== PLAN_COMMUNITY_FEATURE);
