import * as z from "zod/mini";
import { dollarsToCents } from "~/platform/money";

/**
 * The /admin/products form's rules (decisions 051 and 064), pure so they are tested alone. Every
 * field is checked and each problem is named by its field; nothing is saved unless all are right
 * (and, on the server, unless Stripe knows each price id: `saveProduct`'s caller asks).
 */
export const PRODUCT_FIELD_LABELS = {
  name: "Name",
  launchPrice: "Launch price",
  regularPrice: "Regular price",
  marketplacePrice: "Marketplace price",
  launchStripePriceId: "Launch Stripe price id",
  regularStripePriceId: "Regular Stripe price id",
  marketplaceItems: "Marketplace item numbers",
} as const;
export type ProductField = keyof typeof PRODUCT_FIELD_LABELS;
const PRODUCT_FIELDS = Object.keys(PRODUCT_FIELD_LABELS) as ProductField[];

export type ProductForm = Record<ProductField, string>;
export type ParsedProduct = {
  name: string;
  launchPriceCents: number;
  regularPriceCents: number;
  marketplacePriceCents: number | null;
  launchStripePriceId: string | null;
  regularStripePriceId: string | null;
  marketplaceItems: string[];
};

/** The fields that hold a Stripe price id, each checked with Stripe before a save. */
export const STRIPE_PRICE_FIELDS = ["launchStripePriceId", "regularStripePriceId"] as const satisfies ProductField[];

const STRIPE_PRICE = /^price_[A-Za-z0-9_]{1,200}$/;
const ITEM = /^[A-Za-z0-9_-]{1,100}$/;
const MAX_ITEMS = 50;

const dollarsIn = (text: string) => dollarsToCents(text.trim().replace(/^\$/, ""));

export function parseProductForm(
  form: ProductForm,
): { ok: true; value: ParsedProduct } | { ok: false; errors: Partial<Record<ProductField, string>> } {
  const errors: Partial<Record<ProductField, string>> = {};
  const name = form.name.trim();
  if (name.length < 1 || name.length > 120) errors.name = "Enter a name of 1 to 120 characters.";

  const launchPriceCents = dollarsIn(form.launchPrice);
  if (launchPriceCents === null) errors.launchPrice = "Enter the launch price in dollars, like 37 or 4.95.";

  const regularPriceCents = dollarsIn(form.regularPrice);
  if (regularPriceCents === null) errors.regularPrice = "Enter the regular price in dollars, like 197.";
  else if (launchPriceCents !== null && regularPriceCents < launchPriceCents)
    errors.regularPrice = "The regular price cannot be below the launch price.";

  const marketplaceText = form.marketplacePrice.trim();
  const marketplacePriceCents = marketplaceText === "" ? null : dollarsIn(marketplaceText);
  if (marketplaceText !== "" && marketplacePriceCents === null)
    errors.marketplacePrice = "Enter the marketplace price in dollars, or leave it empty.";

  const stripePrices = Object.fromEntries(
    STRIPE_PRICE_FIELDS.map((field) => [field, form[field].trim() || null]),
  ) as Record<(typeof STRIPE_PRICE_FIELDS)[number], string | null>;
  for (const field of STRIPE_PRICE_FIELDS) {
    const id = stripePrices[field];
    if (id !== null && !STRIPE_PRICE.test(id))
      errors[field] = "A Stripe price id starts with price_ (letters, digits and _ only), or leave it empty.";
  }

  const items = [
    ...new Set(
      form.marketplaceItems
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean),
    ),
  ];
  const badItem = items.find((item) => !ITEM.test(item));
  if (badItem !== undefined)
    errors.marketplaceItems = `"${badItem.slice(0, 40)}" is not an item number (letters, digits, - and _ only).`;
  else if (items.length > MAX_ITEMS) errors.marketplaceItems = `At most ${MAX_ITEMS} item numbers.`;

  if (Object.keys(errors).length > 0 || launchPriceCents === null || regularPriceCents === null)
    return { ok: false, errors };
  return {
    ok: true,
    value: {
      name,
      launchPriceCents,
      regularPriceCents,
      marketplacePriceCents,
      ...stripePrices,
      marketplaceItems: items,
    },
  };
}

/** Cents as the form shows them: 4.95, 37.00. */
export const centsToDollars = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));

/**
 * A product's form on /admin/products, read by Conform: which product (`key`) and its fields as
 * typed ("" when empty), checked by `parseProductForm`, each problem named by its field.
 */
export const productFormSchema = z.pipe(
  z.object({
    key: z._default(z.string(), ""),
    ...(Object.fromEntries(PRODUCT_FIELDS.map((name) => [name, z._default(z.string(), "")])) as Record<
      ProductField,
      z.ZodMiniDefault<z.ZodMiniString>
    >),
  }),
  z.transform(({ key, ...form }, ctx) => {
    const parsed = parseProductForm(form);
    if (parsed.ok) return { key, ...parsed.value };
    for (const [name, message] of Object.entries(parsed.errors))
      ctx.issues.push({ code: "custom", message, input: form[name as ProductField], path: [name] });
    return z.NEVER;
  }),
);
