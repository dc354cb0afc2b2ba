/**
 * The product catalogue (docs/product.md §3 "Products", decision 051): what the site and the
 * marketplace sell, each product unlocking what it says. The `products` table is the one source
 * of the names and prices the pages show; these are its code defaults, which a fresh install is
 * seeded with (migration 0015, and the start adds a product listed here but missing there).
 */
export const PRODUCT_KEYS = ["membership", "vip", "white_label", "custom_saas", "early_bonus", "starter"] as const;
export type CatalogueKey = (typeof PRODUCT_KEYS)[number];

/** The free product a lead's account gets (decision 054): the starter courses and the idea generator. */
export const STARTER_PRODUCT = "starter" satisfies CatalogueKey;

export function isCatalogueKey(value: unknown): value is CatalogueKey {
  return typeof value === "string" && (PRODUCT_KEYS as readonly string[]).includes(value);
}

/**
 * What a page needs of a product: its name and prices, in cents (decision 064). The launch price
 * holds until 'Cart closes' (and while no dates are set), the regular price after it and as the
 * struck-through price before; the marketplace sells at its own price (null: at the launch price).
 */
export type CatalogueProduct = {
  key: CatalogueKey;
  name: string;
  launchPriceCents: number;
  regularPriceCents: number;
  marketplacePriceCents: number | null;
};
export type Catalogue = Record<CatalogueKey, CatalogueProduct>;

export type ProductDefault = Omit<CatalogueProduct, "key"> & {
  sortOrder: number;
  /** The environment variables whose values seed the launch and regular Stripe price ids, if any. */
  stripePriceEnv?: { launch: "STRIPE_PRICE_LIFETIME"; regular: "STRIPE_PRICE_LIFETIME_REGULAR" };
  /** The environment variable whose value seeds the marketplace item numbers, if any. */
  marketplaceItemsEnv?: "WARRIORPLUS_MEMBERSHIP_ITEMS";
};

/** docs/product.md §9's prices. */
export const PRODUCT_DEFAULTS: Record<CatalogueKey, ProductDefault> = {
  membership: {
    name: "AI Profit Labs Lifetime Access",
    launchPriceCents: 25_00,
    regularPriceCents: 197_00,
    // The marketplace front end (sales variant A, the JV funnel): the spec's $17.
    marketplacePriceCents: 17_00,
    sortOrder: 1,
    stripePriceEnv: { launch: "STRIPE_PRICE_LIFETIME", regular: "STRIPE_PRICE_LIFETIME_REGULAR" },
    marketplaceItemsEnv: "WARRIORPLUS_MEMBERSHIP_ITEMS",
  },
  vip: {
    name: "VIP Upgrade",
    launchPriceCents: 4_95,
    regularPriceCents: 4_95,
    marketplacePriceCents: null,
    sortOrder: 2,
  },
  white_label: {
    name: "12-in-1 White-Label AI SaaS",
    launchPriceCents: 37_00,
    regularPriceCents: 997_00,
    marketplacePriceCents: null,
    sortOrder: 3,
  },
  custom_saas: {
    name: "Custom AI SaaS and 1-on-1 Coaching",
    launchPriceCents: 997_00,
    regularPriceCents: 1_997_00,
    marketplacePriceCents: null,
    sortOrder: 4,
  },
  early_bonus: {
    name: "First 50 Customers Bonus Bundle",
    launchPriceCents: 0,
    regularPriceCents: 297_00,
    marketplacePriceCents: null,
    sortOrder: 5,
  },
  starter: {
    name: "AI SaaS Starter Kit",
    launchPriceCents: 0,
    regularPriceCents: 0,
    marketplacePriceCents: null,
    sortOrder: 6,
  },
};

/** The catalogue as the code defaults have it (tests, and a page rendered before any database read). */
export const DEFAULT_CATALOGUE: Catalogue = Object.fromEntries(
  PRODUCT_KEYS.map((key) => {
    const { name, launchPriceCents, regularPriceCents, marketplacePriceCents } = PRODUCT_DEFAULTS[key];
    return [key, { key, name, launchPriceCents, regularPriceCents, marketplacePriceCents }];
  }),
) as Catalogue;

/**
 * The upgrades a member can own beside the membership, with their own page (the offer) and what
 * an owner opens. Shown on /upgrades, /dashboard 'Your upgrades' and the purchases page.
 */
export const UPGRADES = [
  { key: "vip", offerHref: null, ownerHref: "/dashboard", lockedLabel: "Unlock with VIP Upgrade" },
  {
    key: "white_label",
    offerHref: "/white-label-upsell",
    ownerHref: "/dashboard",
    lockedLabel: "Unlock with the White-Label Upgrade",
  },
  {
    key: "custom_saas",
    offerHref: "/custom-saas-upsell",
    ownerHref: "/custom-saas/apply",
    lockedLabel: "Unlock with Custom SaaS",
  },
  { key: "starter", offerHref: null, ownerHref: "/dashboard", lockedLabel: "Unlock with the Starter Kit" },
] as const satisfies ReadonlyArray<{
  key: CatalogueKey;
  offerHref: string | null;
  ownerHref: string;
  lockedLabel: string;
}>;

/** 'Who can open this course' on the course form: the label of each product a course may require. */
export const COURSE_AUDIENCES: ReadonlyArray<{ key: CatalogueKey; label: string }> = [
  { key: "membership", label: "Members" },
  { key: "vip", label: "VIP" },
  { key: "white_label", label: "White-label" },
  { key: "custom_saas", label: "Custom SaaS" },
  { key: "starter", label: "Starter" },
];

/** The card's line on a course a member cannot open yet. */
export function lockedCourseLabel(product: CatalogueKey): string {
  return UPGRADES.find((upgrade) => upgrade.key === product)?.lockedLabel ?? "Unlock with lifetime access";
}
