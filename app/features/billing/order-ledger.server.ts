import { sql } from "kysely";
import { db, type Database } from "~/platform/db/db.server";
import type { OrderSource, StripeOrderStatus } from "~/platform/db/db-schema";

/**
 * Orders of both sources through the view order_ledger (migration 0007): the member page, the
 * buyer's purchases and receipts, the recent orders and the orders export read the same rows.
 */
export type LedgerOrder = {
  id: string;
  source: OrderSource;
  userId: string | null;
  userEmail: string | null;
  userName: string | null;
  createdAt: Date;
  product: string | null;
  /** The catalogue product of the order (its key and name), when known (migration 0015). */
  productKey: string | null;
  productName: string | null;
  amountCents: number | null;
  currency: string | null;
  status: StripeOrderStatus;
  refundedAt: Date | null;
  reference: string;
  affiliateId: string | null;
};

function ledger(executor: Database = db()) {
  return executor
    .selectFrom("order_ledger as l")
    .leftJoin("users as u", "u.id", "l.user_id")
    .leftJoin("products as p", "p.key", "l.product_key")
    .select([
      "l.id",
      "l.source",
      "l.user_id",
      "u.email as user_email",
      "u.name as user_name",
      "l.created_at",
      "l.product",
      "l.product_key",
      "p.name as product_name",
      "l.amount_cents",
      "l.currency",
      "l.status",
      "l.refunded_at",
      "l.reference",
      "l.affiliate_id",
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof ledger>["executeTakeFirstOrThrow"]>>;

const toOrder = (row: Row): LedgerOrder => ({
  id: row.id,
  source: row.source,
  userId: row.user_id,
  userEmail: row.user_email,
  userName: row.user_name,
  createdAt: row.created_at,
  product: row.product,
  productKey: row.product_key,
  productName: row.product_name,
  amountCents: row.amount_cents,
  currency: row.currency,
  status: row.status,
  refundedAt: row.refunded_at,
  reference: row.reference,
  affiliateId: row.affiliate_id,
});

/** A user's orders from both sources, newest first. */
export async function ordersOfUser(userId: string): Promise<LedgerOrder[]> {
  const rows = await ledger().where("l.user_id", "=", userId).orderBy("l.created_at", "desc").execute();
  return rows.map(toOrder);
}

/** One order by its id (the order reference on receipts), or null. Pass a transaction to see its own writes. */
export async function getOrder(id: string, executor: Database = db()): Promise<LedgerOrder | null> {
  const row = await ledger(executor).where("l.id", "=", id).executeTakeFirst();
  return row ? toOrder(row) : null;
}

/** The newest paid or refunded orders (checkouts still pending or abandoned are not orders yet). */
export async function recentOrders(limit: number): Promise<LedgerOrder[]> {
  const rows = await ledger()
    .where("l.status", "in", ["completed", "refunded"])
    .orderBy("l.created_at", "desc")
    .orderBy("l.id")
    .limit(limit)
    .execute();
  return rows.map(toOrder);
}

/** Every order, oldest first, in keyset batches (see streamMembers). */
export async function* streamOrders(batchSize = 500): AsyncGenerator<LedgerOrder> {
  let after: { at: string; id: string } | null = null;
  for (;;) {
    let query = ledger().select(sql<string>`l.created_at::text`.as("cursor"));
    if (after) query = query.where(sql<boolean>`(l.created_at, l.id) > (${after.at}::timestamptz, ${after.id}::uuid)`);
    const rows = await query.orderBy("l.created_at").orderBy("l.id").limit(batchSize).execute();
    for (const row of rows) yield toOrder(row);
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { at: last.cursor, id: last.id };
  }
}
