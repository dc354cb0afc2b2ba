import { sql } from "kysely";
import { DEFAULT_CATALOGUE, PRODUCT_DEFAULTS, PRODUCT_KEYS, isCatalogueKey, type Catalogue } from "./catalogue";
import { db, type Database } from "~/platform/db/db.server";

/** The catalogue (table products, decision 051). */
export type ProductRecord = {
  key: string;
  name: string;
  launchPriceCents: number;
  regularPriceCents: number;
  marketplacePriceCents: number | null;
  launchStripePriceId: string | null;
  regularStripePriceId: string | null;
  marketplaceItems: string[];
  editedAt: Date | null;
};

export async function listProducts(executor: Database = db()): Promise<ProductRecord[]> {
  const rows = await executor
    .selectFrom("products")
    .select([
      "key",
      "name",
      "launch_price_cents",
      "regular_price_cents",
      "marketplace_price_cents",
      "launch_stripe_price_id",
      "regular_stripe_price_id",
      "marketplace_items",
      "edited_at",
    ])
    .orderBy("sort_order")
    .orderBy("key")
    .execute();
  return rows.map((row) => ({
    key: row.key,
    name: row.name,
    launchPriceCents: row.launch_price_cents,
    regularPriceCents: row.regular_price_cents,
    marketplacePriceCents: row.marketplace_price_cents,
    launchStripePriceId: row.launch_stripe_price_id,
    regularStripePriceId: row.regular_stripe_price_id,
    marketplaceItems: row.marketplace_items,
    editedAt: row.edited_at ? new Date(row.edited_at) : null,
  }));
}

export async function getProduct(key: string, executor: Database = db()): Promise<ProductRecord | undefined> {
  return (await listProducts(executor)).find((product) => product.key === key);
}

/** Names and prices for the pages: the table's rows, over the code defaults for anything they lack. */
export function catalogueOf(products: readonly ProductRecord[]): Catalogue {
  const catalogue = structuredClone(DEFAULT_CATALOGUE);
  for (const row of products) {
    if (!isCatalogueKey(row.key)) continue;
    catalogue[row.key] = {
      key: row.key,
      name: row.name,
      launchPriceCents: row.launchPriceCents,
      regularPriceCents: row.regularPriceCents,
      marketplacePriceCents: row.marketplacePriceCents,
    };
  }
  return catalogue;
}

/** The product a marketplace item number is mapped to, if any. */
export async function productOfMarketplaceItem(executor: Database, itemNumber: string): Promise<string | null> {
  const row = await executor
    .selectFrom("products")
    .select("key")
    .where(sql<boolean>`${itemNumber} = ANY(marketplace_items)`)
    .orderBy("sort_order")
    .executeTakeFirst();
  return row?.key ?? null;
}

/** Whether any product lists a marketplace item (else the marketplace integration is not configured). */
export async function hasMarketplaceItems(executor: Database = db()): Promise<boolean> {
  const row = await executor
    .selectFrom("products")
    .select("key")
    .where(sql<boolean>`cardinality(marketplace_items) > 0`)
    .executeTakeFirst();
  return Boolean(row);
}

export type ProductChanges = {
  name: string;
  launchPriceCents: number;
  regularPriceCents: number;
  marketplacePriceCents: number | null;
  launchStripePriceId: string | null;
  regularStripePriceId: string | null;
  marketplaceItems: string[];
};

/** An admin's save; returns the row as it was before (for the audit), or undefined for an unknown key. */
export async function updateProduct(
  trx: Database,
  key: string,
  changes: ProductChanges,
  editedBy: string,
): Promise<ProductRecord | undefined> {
  const before = await trx.selectFrom("products").select("key").where("key", "=", key).forUpdate().executeTakeFirst();
  if (!before) return undefined;
  const previous = await getProduct(key, trx);
  await trx
    .updateTable("products")
    .set({
      name: changes.name,
      launch_price_cents: changes.launchPriceCents,
      regular_price_cents: changes.regularPriceCents,
      marketplace_price_cents: changes.marketplacePriceCents,
      launch_stripe_price_id: changes.launchStripePriceId,
      regular_stripe_price_id: changes.regularStripePriceId,
      marketplace_items: changes.marketplaceItems,
      edited_at: sql`now()`,
      edited_by: editedBy,
    })
    .where("key", "=", key)
    .execute();
  return previous;
}

/** Which other product already lists one of these marketplace items (each item maps to one product). */
export async function marketplaceItemsTakenElsewhere(
  executor: Database,
  key: string,
  items: readonly string[],
): Promise<Array<{ item: string; product: string }>> {
  if (items.length === 0) return [];
  const rows = await executor
    .selectFrom("products")
    .select(["key", "name", "marketplace_items"])
    .where("key", "<>", key)
    .execute();
  return rows.flatMap((row) =>
    items.filter((item) => row.marketplace_items.includes(item)).map((item) => ({ item, product: row.name })),
  );
}

/**
 * The start's part (services/seed): a product of the code defaults missing from the table is
 * added, and a product no admin has saved yet takes its Stripe prices and marketplace items from
 * the environment (STRIPE_PRICE_LIFETIME, STRIPE_PRICE_LIFETIME_REGULAR,
 * WARRIORPLUS_MEMBERSHIP_ITEMS) when they are set.
 */
export async function seedProducts(seeds: {
  stripePrices: Record<string, { launch?: string | undefined; regular?: string | undefined }>;
  items: Record<string, string[]>;
}) {
  await db()
    .transaction()
    .execute(async (trx) => {
      for (const key of PRODUCT_KEYS) {
        const defaults = PRODUCT_DEFAULTS[key];
        await trx
          .insertInto("products")
          .values({
            key,
            name: defaults.name,
            launch_price_cents: defaults.launchPriceCents,
            regular_price_cents: defaults.regularPriceCents,
            marketplace_price_cents: defaults.marketplacePriceCents,
            sort_order: defaults.sortOrder,
          })
          .onConflict((oc) => oc.column("key").doNothing())
          .execute();
        const { launch, regular } = seeds.stripePrices[key] ?? {};
        const items = seeds.items[key];
        if (!launch && !regular && !items) continue;
        await trx
          .updateTable("products")
          .set({
            ...(launch ? { launch_stripe_price_id: launch } : {}),
            ...(regular ? { regular_stripe_price_id: regular } : {}),
            ...(items ? { marketplace_items: items } : {}),
          })
          .where("key", "=", key)
          .where("edited_at", "is", null)
          .execute();
      }
    });
}
