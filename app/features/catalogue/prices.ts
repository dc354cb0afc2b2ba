import type { Catalogue, CatalogueProduct } from "./catalogue";

/**
 * Business constants of docs/product.md §9 that the marketing pages show, in integer cents, that
 * are offers rather than products. The products' own names and prices (lifetime access and its
 * marketplace price, the VIP upgrade, white-label, custom SaaS, the bonus bundle's value) are the
 * catalogue's (app/features/catalogue/catalogue.ts, table products, editable on /admin/products).
 */
export const PRICES = {
  /** What the coupon code saves at the marketplace checkout. */
  couponSaving: 3_00,
  /** The $1 offer (sales variant B). */
  trial: 1_00,
  /** The monthly plan the copy says comes later. */
  laterMonthly: 47_00,
} as const;

export const COUPON_CODE = "LAUNCH";

/** The launch settings' two dates, as the price rule reads them (decision 064). */
export type SalesWindow = { cartOpensAt: Date | null; cartClosesAt: Date | null };

/**
 * Which card price holds (decision 064): `before` 'Cart opens' nothing is sold (the pages show the
 * launch price with 'Opens {date}'); the `launch` price from 'Cart opens' to 'Cart closes', and
 * while a date is unset; the `regular` price from 'Cart closes' on. launchPhase (the launch
 * feature) reads its phases from this rule.
 */
export type PriceTerm = "before" | "launch" | "regular";

export function priceTermAt(window: SalesWindow, now: Date): PriceTerm {
  if (window.cartOpensAt && now < window.cartOpensAt) return "before";
  if (window.cartClosesAt && now >= window.cartClosesAt) return "regular";
  return "launch";
}

/** What the card checkout is told of the launch: the term, and before 'Cart opens' when it opens. */
export type Sale = { term: "before"; opensLabel: string } | { term: "launch" | "regular" };

/** What the card path charges and shows for a product in a term. */
export const cardPriceCents = (product: CatalogueProduct, term: PriceTerm) =>
  term === "regular" ? product.regularPriceCents : product.launchPriceCents;

/** What the marketplace charges for a product: its marketplace price, else its launch price. */
export const marketplacePriceCents = (product: CatalogueProduct) =>
  product.marketplacePriceCents ?? product.launchPriceCents;

/** A price box's numbers (regular − discount = today), from the two prices it is made of. */
export function priceBreakdown(regularCents: number, todayCents: number) {
  return { regularCents, discountCents: regularCents - todayCents, todayCents };
}

/** The $1 offer against lifetime access's regular price. */
export const trialDiscount = (catalogue: Catalogue) =>
  priceBreakdown(catalogue.membership.regularPriceCents, PRICES.trial).discountCents;
/** '99.5% OFF' for the $1 offer: one decimal, as the spec shows it. */
export function trialPercentOff(catalogue: Catalogue): string {
  const regular = catalogue.membership.regularPriceCents;
  return `${Math.round((trialDiscount(catalogue) / regular) * 1000) / 10}% OFF`;
}

export const GUARANTEE_DAYS = 30;
export const LOGIN_EMAIL_MINUTES = 5;

/** The custom SaaS offer's terms (docs/product.md §9); its capacity is a launch setting (decision 053). */
export const CUSTOM_SAAS = {
  reviewHours: 24,
  deliveryWeeks: "4-6 weeks",
  tableDeliveryWeeks: "2-4 weeks",
  supportDays: 30,
  revisionRounds: 3,
} as const;
