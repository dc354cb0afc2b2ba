import { sql, type Kysely } from "kysely";

/**
 * When a card order was paid (issue 28, decision 055 as amended): the money-back guarantee runs
 * from the payment, and `created_at` is when the checkout started (the pending order), which may
 * be days earlier. Set once, by the fulfilment that moves the order from pending to completed.
 *
 * Orders paid before this migration get the best time there is: `receipt_queued_at`, written in
 * the same transaction that completed the order, else `created_at` (an order that landed refunded
 * or disputed straight away never queued a receipt).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE stripe_orders ADD COLUMN paid_at timestamptz NULL`.execute(db);
  await sql`
    UPDATE stripe_orders SET paid_at = COALESCE(receipt_queued_at, created_at)
    WHERE status IN ('completed', 'refunded', 'disputed')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE stripe_orders DROP COLUMN IF EXISTS paid_at`.execute(db);
}
