import * as z from "zod/mini";
import { dollarsToCents } from "~/platform/money";

/**
 * The /admin/products form's rules (decision 051), pure so they are tested alone. Every field is
 * checked and each problem is named by its field; nothing is saved unless all are right.
 */
export const PRODUCT_FIELD_LABELS = {
  name: "Name",
  price: "Price shown",
  listPrice: "List price",
  stripePriceId: "Stripe price id",
  marketplaceItems: "Marketplace item numbers",
} as const;
export type ProductField = keyof typeof PRODUCT_FIELD_LABELS;
const PRODUCT_FIELDS = Object.keys(PRODUCT_FIELD_LABELS) as ProductField[];

export type ProductForm = Record<ProductField, string>;
export type ParsedProduct = {
  name: string;
  priceCents: number;
  listPriceCents: number | null;
  stripePriceId: string | null;
  marketplaceItems: string[];
};

const STRIPE_PRICE = /^price_[A-Za-z0-9_]{1,200}$/;
const ITEM = /^[A-Za-z0-9_-]{1,100}$/;
const MAX_ITEMS = 50;

export function parseProductForm(
  form: ProductForm,
): { ok: true; value: ParsedProduct } | { ok: false; errors: Partial<Record<ProductField, string>> } {
  const errors: Partial<Record<ProductField, string>> = {};
  const name = form.name.trim();
  if (name.length < 1 || name.length > 120) errors.name = "Enter a name of 1 to 120 characters.";

  const priceCents = dollarsToCents(form.price.replace(/^\$/, ""));
  if (priceCents === null) errors.price = "Enter the price in dollars, like 37 or 4.95.";

  const listText = form.listPrice.trim().replace(/^\$/, "");
  const listPriceCents = listText === "" ? null : dollarsToCents(listText);
  if (listText !== "" && listPriceCents === null)
    errors.listPrice = "Enter the list price in dollars, or leave it empty.";
  else if (listPriceCents !== null && priceCents !== null && listPriceCents < priceCents)
    errors.listPrice = "The list price cannot be below the price shown.";

  const stripePriceId = form.stripePriceId.trim() || null;
  if (stripePriceId !== null && !STRIPE_PRICE.test(stripePriceId))
    errors.stripePriceId = "A Stripe price id starts with price_ (letters, digits and _ only), or leave it empty.";

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

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: { name, priceCents: priceCents!, listPriceCents, stripePriceId, marketplaceItems: items },
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
