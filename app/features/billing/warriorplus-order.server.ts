import { sql } from "kysely";
import type { Database } from "~/platform/db/db.server";
import type { Ipn } from "./warriorplus-ipn";

/** `productKey`: the catalogue product the item maps to (null: none), which the order's trigger grants. */
type OrderInput = { ipn: Ipn; userId: string | null; productKey: string | null };

function orderValues({ ipn, userId, productKey }: OrderInput) {
  return {
    user_id: userId,
    sale_id: ipn.saleId,
    txn_id: ipn.txnId,
    item_number: ipn.itemNumber,
    item_name: ipn.itemName,
    buyer_email: ipn.buyerEmail,
    buyer_name: ipn.buyerName || null,
    affiliate_id: ipn.affiliateId,
    amount_cents: ipn.amountCents,
    currency: ipn.currency,
    grants_membership: productKey === "membership",
    product_key: productKey,
  };
}

/** Records a sale once (the sale id is unique); returns the new order's id, or null when it was already recorded. */
export async function recordMarketplaceSale(trx: Database, input: OrderInput): Promise<string | null> {
  const row = await trx
    .insertInto("warriorplus_orders")
    .values(orderValues(input))
    .onConflict((oc) => oc.column("sale_id").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Marks a sale refunded, which revokes the access it gave. A refund that arrives before its
 * sale is recorded as a refunded order, so the late sale cannot grant access afterwards.
 * Returns the order's id when this call refunded a recorded sale (its buyer gets a notice).
 */
export async function recordMarketplaceRefund(trx: Database, input: OrderInput): Promise<string | null> {
  // Locked first, so of two refunds of one sale arriving together only one sees it unrefunded.
  const before = await trx
    .selectFrom("warriorplus_orders")
    .select(["id", "refunded_at"])
    .where("sale_id", "=", input.ipn.saleId)
    .forUpdate()
    .executeTakeFirst();
  await trx
    .insertInto("warriorplus_orders")
    .values({ ...orderValues(input), refunded_at: sql`now()` })
    .onConflict((oc) =>
      oc.column("sale_id").doUpdateSet({ refunded_at: sql`COALESCE(warriorplus_orders.refunded_at, now())` }),
    )
    .execute();
  return before && before.refunded_at === null ? before.id : null;
}
