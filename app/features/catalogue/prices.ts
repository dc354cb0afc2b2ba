import type { Catalogue, CatalogueProduct } from "./catalogue";

/**
 * Business constants of docs/product.md §9 that the marketing pages show, in integer cents, that
 * are offers rather than products. The products' own names and prices (lifetime access, the VIP
 * upgrade, white-label, custom SaaS, the bonus bundle's value) are the catalogue's
 * (app/features/catalogue/catalogue.ts, table products, editable on /admin/products).
 */
export const PRICES = {
  /** Sales variant A's price today: the marketplace front end (the course). */
  salesToday: 17_00,
  /** What the coupon code saves at the marketplace checkout. */
  couponSaving: 3_00,
  /** The $1 offer (sales variant B). */
  trial: 1_00,
  /** The monthly plan the copy says comes later. */
  laterMonthly: 47_00,
} as const;

export const COUPON_CODE = "LAUNCH";

/** What a product's price is struck through from: its list price, else its price. */
export const listPriceOf = (product: CatalogueProduct) => product.listPriceCents ?? product.priceCents;

/** The launch discount shown in price boxes: list price down to lifetime price. */
export const launchDiscount = (catalogue: Catalogue) =>
  listPriceOf(catalogue.membership) - catalogue.membership.priceCents;
export const trialDiscount = (catalogue: Catalogue) => listPriceOf(catalogue.membership) - PRICES.trial;
/** '99.5% OFF' for the $1 offer: one decimal, as the spec shows it. */
export function trialPercentOff(catalogue: Catalogue): string {
  const regular = listPriceOf(catalogue.membership);
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
