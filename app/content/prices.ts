/**
 * Business constants of docs/product.md §9 that the marketing pages show, in integer cents. Copy modules build
 * their texts from these, so a price changes in one place.
 */
export const PRICES = {
  /** The lifetime-access list price every offer is struck through from. */
  regular: 197_00,
  /** Lifetime access on the landing page and the launch-countdown sales page. */
  lifetime: 25_00,
  /** Sales variant A's price today: the marketplace front end (the course). */
  salesToday: 17_00,
  /** The marketplace order bump (VIP upgrade). */
  vipBump: 4_95,
  /** What the coupon code saves at the marketplace checkout. */
  couponSaving: 3_00,
  /** The $1 offer (sales variant B). */
  trial: 1_00,
  /** OTO 1: the white-label upgrade. */
  whiteLabel: { regular: 997_00, special: 37_00 },
  /** OTO 2: the custom SaaS partner offer. */
  customSaas: { regular: 1_997_00, special: 997_00 },
  /** Value of the first-50-customers bonus bundle on the landing page. */
  earlyBonusValue: 297_00,
  /** The monthly plan the copy says comes later. */
  laterMonthly: 47_00,
} as const;

export const COUPON_CODE = "LAUNCH";

/** The launch discount shown in price boxes: list price down to lifetime price. */
export const LAUNCH_DISCOUNT = PRICES.regular - PRICES.lifetime;
export const TRIAL_DISCOUNT = PRICES.regular - PRICES.trial;
/** '99.5% OFF' for the $1 offer: one decimal, as the spec shows it. */
export const TRIAL_PERCENT_OFF = `${Math.round((TRIAL_DISCOUNT / PRICES.regular) * 1000) / 10}% OFF`;

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
