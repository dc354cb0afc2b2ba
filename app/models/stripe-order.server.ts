import { sql } from "kysely";
import type { CheckoutRecord } from "~/lib/checkout";
import type { Database } from "~/infra/db.server";
import type { StripeOrderStatus } from "~/infra/db-schema";

export type FulfilmentState = StripeOrderStatus | "subscription" | "ignored";

/**
 * Records a Checkout Session: links its customer to the user and upserts the order. Idempotent
 * through the unique customer id and checkout session id, so the webhook and /success may run
 * it in any order, twice, or at the same moment. Only a pending order moves forward: a late
 * replay never undoes a refund.
 */
export async function recordCheckout(trx: Database, record: CheckoutRecord): Promise<FulfilmentState> {
  const user = await trx.selectFrom("users").select("id").where("id", "=", record.userId).executeTakeFirst();
  if (!user) return "ignored";

  await trx
    .insertInto("stripe_customers")
    .values({ user_id: record.userId, customer_id: record.customerId })
    .onConflict((oc) => oc.column("customer_id").doNothing())
    .execute();
  if (!record.isOrder) return "subscription";

  const order = await trx
    .insertInto("stripe_orders")
    .values({
      checkout_session_id: record.checkoutSessionId,
      payment_intent_id: record.paymentIntentId,
      customer_id: record.customerId,
      product_key: record.productKey,
      amount_subtotal: record.amountSubtotal,
      amount_total: record.amountTotal,
      currency: record.currency,
      payment_status: record.paymentStatus,
      status: record.status,
    })
    .onConflict((oc) =>
      oc.column("checkout_session_id").doUpdateSet({
        status: sql<StripeOrderStatus>`CASE WHEN stripe_orders.status = 'pending' THEN excluded.status ELSE stripe_orders.status END`,
        payment_status: sql<string>`CASE WHEN stripe_orders.status = 'pending' THEN excluded.payment_status ELSE stripe_orders.payment_status END`,
        payment_intent_id: sql`COALESCE(stripe_orders.payment_intent_id, excluded.payment_intent_id)`,
        updated_at: sql`now()`,
      }),
    )
    .returning("status")
    .executeTakeFirstOrThrow();
  return order.status;
}

/** A fully refunded payment revokes the access its order gave. Returns the ids of the orders it changed. */
export async function markOrderRefunded(trx: Database, paymentIntentId: string): Promise<string[]> {
  const rows = await trx
    .updateTable("stripe_orders")
    .set({ status: "refunded", refunded_at: sql`now()`, updated_at: new Date() })
    .where("payment_intent_id", "=", paymentIntentId)
    .where("status", "<>", "refunded")
    .returning("id")
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Marks a completed order's receipt as queued, once: the row lock makes a concurrent or replayed
 * fulfilment wait and then find it already marked. Returns the order's id when this call is the
 * one that should send the receipt, else null (pending, already sent, or unknown).
 */
export async function claimStripeReceipt(trx: Database, checkoutSessionId: string): Promise<string | null> {
  const row = await trx
    .updateTable("stripe_orders")
    .set({ receipt_queued_at: sql`now()` })
    .where("checkout_session_id", "=", checkoutSessionId)
    .where("status", "=", "completed")
    .where("receipt_queued_at", "is", null)
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
}

export type SubscriptionRecord = {
  subscriptionId: string;
  customerId: string;
  priceId: string | null;
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
};

/** Upserts a subscription of a customer we know; false when the customer is not one of ours. */
export async function upsertSubscription(trx: Database, record: SubscriptionRecord): Promise<boolean> {
  const customer = await trx
    .selectFrom("stripe_customers")
    .select("customer_id")
    .where("customer_id", "=", record.customerId)
    .executeTakeFirst();
  if (!customer) return false;
  const values = {
    status: record.status,
    price_id: record.priceId,
    current_period_end: record.currentPeriodEnd,
    cancel_at_period_end: record.cancelAtPeriodEnd,
  };
  await trx
    .insertInto("stripe_subscriptions")
    .values({ subscription_id: record.subscriptionId, customer_id: record.customerId, ...values })
    .onConflict((oc) => oc.column("subscription_id").doUpdateSet({ ...values, updated_at: new Date() }))
    .execute();
  return true;
}
