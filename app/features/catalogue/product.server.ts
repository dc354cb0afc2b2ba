import { sql } from "kysely";
import { DEFAULT_CATALOGUE, PRODUCT_DEFAULTS, PRODUCT_KEYS, isCatalogueKey, type Catalogue } from "./catalogue";
import { db, type Database } from "~/platform/db/db.server";

/** The catalogue (table products, decision 051). */
export type ProductRecord = {
  key: string;
  name: string;
  priceCents: number;
  listPriceCents: number | null;
  stripePriceId: string | null;
  marketplaceItems: string[];
  editedAt: Date | null;
};

export async function listProducts(executor: Database = db()): Promise<ProductRecord[]> {
  const rows = await executor
    .selectFrom("products")
    .select(["key", "name", "price_cents", "list_price_cents", "stripe_price_id", "marketplace_items", "edited_at"])
    .orderBy("sort_order")
    .orderBy("key")
    .execute();
  return rows.map((row) => ({
    key: row.key,
    name: row.name,
    priceCents: row.price_cents,
    listPriceCents: row.list_price_cents,
    stripePriceId: row.stripe_price_id,
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
      priceCents: row.priceCents,
      listPriceCents: row.listPriceCents,
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
  priceCents: number;
  listPriceCents: number | null;
  stripePriceId: string | null;
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
      price_cents: changes.priceCents,
      list_price_cents: changes.listPriceCents,
      stripe_price_id: changes.stripePriceId,
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
 * added, and a product no admin has saved yet takes its Stripe price and marketplace items from
 * the environment (STRIPE_PRICE_LIFETIME, WARRIORPLUS_MEMBERSHIP_ITEMS) when they are set.
 */
export async function seedProducts(seeds: {
  stripePrice: Record<string, string | undefined>;
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
            price_cents: defaults.priceCents,
            list_price_cents: defaults.listPriceCents,
            sort_order: defaults.sortOrder,
          })
          .onConflict((oc) => oc.column("key").doNothing())
          .execute();
        const stripePrice = seeds.stripePrice[key];
        const items = seeds.items[key];
        if (!stripePrice && !items) continue;
        await trx
          .updateTable("products")
          .set({
            ...(stripePrice ? { stripe_price_id: stripePrice } : {}),
            ...(items ? { marketplace_items: items } : {}),
          })
          .where("key", "=", key)
          .where("edited_at", "is", null)
          .execute();
      }
    });
}
