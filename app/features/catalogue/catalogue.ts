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

/** What a page needs of a product: its name and prices, in cents. */
export type CatalogueProduct = { key: CatalogueKey; name: string; priceCents: number; listPriceCents: number | null };
export type Catalogue = Record<CatalogueKey, CatalogueProduct>;

export type ProductDefault = Omit<CatalogueProduct, "key"> & {
  sortOrder: number;
  /** The environment variable whose value seeds the Stripe price id, if any. */
  stripePriceEnv?: "STRIPE_PRICE_LIFETIME";
  /** The environment variable whose value seeds the marketplace item numbers, if any. */
  marketplaceItemsEnv?: "WARRIORPLUS_MEMBERSHIP_ITEMS";
};

/** docs/product.md §9's prices. */
export const PRODUCT_DEFAULTS: Record<CatalogueKey, ProductDefault> = {
  membership: {
    name: "AI Profit Labs Lifetime Access",
    priceCents: 25_00,
    listPriceCents: 197_00,
    sortOrder: 1,
    stripePriceEnv: "STRIPE_PRICE_LIFETIME",
    marketplaceItemsEnv: "WARRIORPLUS_MEMBERSHIP_ITEMS",
  },
  vip: { name: "VIP Upgrade", priceCents: 4_95, listPriceCents: null, sortOrder: 2 },
  white_label: { name: "12-in-1 White-Label AI SaaS", priceCents: 37_00, listPriceCents: 997_00, sortOrder: 3 },
  custom_saas: {
    name: "Custom AI SaaS and 1-on-1 Coaching",
    priceCents: 997_00,
    listPriceCents: 1_997_00,
    sortOrder: 4,
  },
  early_bonus: { name: "First 50 Customers Bonus Bundle", priceCents: 0, listPriceCents: 297_00, sortOrder: 5 },
  starter: { name: "AI SaaS Starter Kit", priceCents: 0, listPriceCents: null, sortOrder: 6 },
};

/** The catalogue as the code defaults have it (tests, and a page rendered before any database read). */
export const DEFAULT_CATALOGUE: Catalogue = Object.fromEntries(
  PRODUCT_KEYS.map((key) => {
    const { name, priceCents, listPriceCents } = PRODUCT_DEFAULTS[key];
    return [key, { key, name, priceCents, listPriceCents }];
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
