/**
 * The product catalogue (docs/product.md §3): what checkout can sell. Price ids are configuration
 * (STRIPE_PRICE_LIFETIME, STRIPE_PRICE_TRIAL), so the same code runs against test and live
 * Stripe accounts; the amounts here are what the pages show (docs/product.md §9), in cents.
 */
import { PRICES } from "./prices";

export type CheckoutMode = "payment" | "subscription";

export type Product = {
  name: string;
  description: string;
  mode: CheckoutMode;
  /** The environment variable that holds this product's Stripe price id. */
  priceEnv: "STRIPE_PRICE_LIFETIME" | "STRIPE_PRICE_TRIAL";
  priceCents: number;
  listPriceCents: number;
};

export const PRODUCTS = {
  AI_PROFIT_LABS: {
    name: "AI Profit Labs Lifetime Access",
    description: "Full Membership/Training Access + SaaS Boilerplate + AI SaaS Idea Generator + More",
    mode: "payment",
    priceEnv: "STRIPE_PRICE_LIFETIME",
    priceCents: PRICES.lifetime,
    listPriceCents: PRICES.regular,
  },
  AI_PROFIT_LABS_TRIAL: {
    name: "AI Profit Labs $1 Offer",
    description: "Limited Time $1 Offer Access to AI Profit Labs",
    mode: "payment",
    priceEnv: "STRIPE_PRICE_TRIAL",
    priceCents: PRICES.trial,
    listPriceCents: PRICES.regular,
  },
} as const satisfies Record<string, Product>;

export type ProductKey = keyof typeof PRODUCTS;

/** The product the plan page sells. */
export const PLAN_PRODUCT: ProductKey = "AI_PROFIT_LABS";

export function isProductKey(value: unknown): value is ProductKey {
  return typeof value === "string" && Object.hasOwn(PRODUCTS, value);
}

/** What the plan page lists (docs/product.md §2 "Plan page"). */
export const PLAN_FEATURES = [
  "Complete AI SaaS Development Course",
  "Step-by-Step Monetization Guide",
  "AI Boilerplate Templates",
  "Business Idea Generator",
  "Launch Strategy Framework",
  "Marketing Toolkit",
  "Private Community Access",
  "Lifetime Updates",
] as const;
