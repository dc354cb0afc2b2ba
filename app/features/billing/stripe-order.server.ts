import { sql } from "kysely";
import type { CheckoutRecord } from "./checkout";
import { db, type Database } from "~/platform/db/db.server";
import type { StripeOrderStatus } from "~/platform/db/db-schema";

export type FulfilmentState = StripeOrderStatus | "subscription" | "ignored";

export type PendingOrder = {
  checkoutSessionId: string;
  userId: string;
  productKey: string;
  priceId: string;
  amountSubtotal: number | null;
  currency: string | null;
};

/**
 * Written when this site creates a Checkout Session: the only kind of session fulfilment will
 * grant anything for. A repeated creation (Stripe's idempotency returns the same session) adds
 * nothing.
 */
export async function recordPendingOrder(executor: Database, order: PendingOrder) {
  await executor
    .insertInto("stripe_orders")
    .values({
      checkout_session_id: order.checkoutSessionId,
      user_id: order.userId,
      product_key: order.productKey,
      price_id: order.priceId,
      amount_subtotal: order.amountSubtotal,
      currency: order.currency,
      status: "pending",
    })
    .onConflict((oc) => oc.column("checkout_session_id").doNothing())
    .execute();
}

/** Whether this user started the checkout with this session id (so /success may ask Stripe about it). */
export async function isPendingOrderOf(
  executor: Database,
  checkoutSessionId: string,
  userId: string,
): Promise<boolean> {
  const row = await executor
    .selectFrom("stripe_orders")
    .select("id")
    .where("checkout_session_id", "=", checkoutSessionId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Records a completed Checkout Session against the pending order this site wrote when it created
 * it. Ignored (nothing granted) when there is no such order for this user, or when the session's
 * product, amount before discounts or currency differ from what was created: then it is not the
 * membership checkout we made. Links the customer to the user, then moves the order forward;
 * only a pending order moves, so a late replay never undoes a refund, and a refund or dispute
 * received before (stripe_payment_reversals) makes the order land refunded or disputed.
 * Idempotent: the webhook and /success may run it in any order, twice, or at the same moment.
 */
export async function recordCheckout(trx: Database, record: CheckoutRecord): Promise<FulfilmentState> {
  const pending = await trx
    .selectFrom("stripe_orders")
    .select(["id", "product_key", "amount_subtotal", "currency"])
    .where("checkout_session_id", "=", record.checkoutSessionId)
    .where("user_id", "=", record.userId)
    .forUpdate()
    .executeTakeFirst();
  if (!pending) return "ignored";
  const matches =
    pending.product_key === record.productKey &&
    pending.amount_subtotal === record.amountSubtotal &&
    (pending.currency ?? "").toLowerCase() === (record.currency ?? "").toLowerCase();
  if (!matches) return "ignored";

  await trx
    .insertInto("stripe_customers")
    .values({ user_id: record.userId, customer_id: record.customerId })
    .onConflict((oc) => oc.column("customer_id").doNothing())
    .execute();
  if (!record.isOrder) return "subscription";

  const reversal = record.paymentIntentId
    ? await trx
        .selectFrom("stripe_payment_reversals")
        .select("kind")
        .where("payment_intent_id", "=", record.paymentIntentId)
        .executeTakeFirst()
    : undefined;
  const status: StripeOrderStatus = record.status === "completed" && reversal ? reversal.kind : record.status;

  const order = await trx
    .updateTable("stripe_orders")
    .set({
      customer_id: sql`COALESCE(customer_id, ${record.customerId})`,
      payment_intent_id: sql`COALESCE(payment_intent_id, ${record.paymentIntentId})`,
      amount_total: record.amountTotal,
      status: sql<StripeOrderStatus>`CASE WHEN status = 'pending' THEN ${status} ELSE status END`,
      payment_status: sql<string>`CASE WHEN status = 'pending' THEN ${record.paymentStatus} ELSE payment_status END`,
      // The guarantee runs from here (migration 0023), by the database's clock like the order's
      // other times; set once, as the order leaves pending, so a replay never moves it.
      paid_at: sql`CASE WHEN status = 'pending' AND ${status} <> 'pending' THEN now() ELSE paid_at END`,
      updated_at: sql`now()`,
    })
    .where("id", "=", pending.id)
    .returning("status")
    .executeTakeFirstOrThrow();
  return order.status;
}

/**
 * A full refund or a dispute revokes the access its order gave. It is kept by payment intent
 * even when no order has it yet (the refund can arrive before the completion), so a later
 * completion lands revoked. Returns the ids of the orders it changed (for the refund notices).
 */
export async function recordPaymentReversal(
  trx: Database,
  paymentIntentId: string,
  kind: "refunded" | "disputed",
): Promise<string[]> {
  await trx
    .insertInto("stripe_payment_reversals")
    .values({ payment_intent_id: paymentIntentId, kind })
    .onConflict((oc) => oc.column("payment_intent_id").doNothing())
    .execute();
  const rows = await trx
    .updateTable("stripe_orders")
    .set({ status: kind, updated_at: new Date(), ...(kind === "refunded" ? { refunded_at: sql`now()` } : {}) })
    .where("payment_intent_id", "=", paymentIntentId)
    .where("status", "in", ["pending", "completed"])
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

/**
 * An admin's refund (decision 055), step one: the completed order is marked as asked for, once.
 * Returns the payment intent to refund, or null when the order is not a completed payment, has
 * no payment intent, or a refund was asked for already (a second submit: Stripe is not called).
 */
export async function reserveRefund(orderId: string): Promise<{ paymentIntent: string; reservedAt: Date } | null> {
  const row = await db()
    .updateTable("stripe_orders")
    .set({ refund_requested_at: sql`now()` })
    .where("id", "=", orderId)
    .where("status", "=", "completed")
    .where("refund_requested_at", "is", null)
    .where("payment_intent_id", "is not", null)
    .returning(["payment_intent_id", "refund_requested_at"])
    .executeTakeFirst();
  return row?.payment_intent_id && row.refund_requested_at
    ? { paymentIntent: row.payment_intent_id, reservedAt: new Date(row.refund_requested_at) }
    : null;
}

/** Stripe refused the refund: the order is as it was, and the admin may try again. */
export async function releaseRefund(orderId: string) {
  await db()
    .updateTable("stripe_orders")
    .set({ refund_requested_at: null })
    .where("id", "=", orderId)
    .where("refund_id", "is", null)
    .execute();
}

/** Stripe accepted the refund: its id is kept with the order. */
export async function recordRefundId(trx: Database, orderId: string, refundId: string) {
  await trx.updateTable("stripe_orders").set({ refund_id: refundId }).where("id", "=", orderId).execute();
}

export type RefundFacts = {
  /** When the payment arrived (falls back to the checkout's start on a row written without it). */
  paidAt: Date;
  /** Whether Stripe has a payment to refund: a free checkout (a 100% coupon) has no payment intent. */
  hasPayment: boolean;
  /** When a refund was asked for from the admin panel, or null. */
  requestedAt: Date | null;
};

const toRefundFacts = (row: {
  paid_at: Date | string | null;
  created_at: Date | string;
  payment_intent_id: string | null;
  refund_requested_at: Date | string | null;
}): RefundFacts => ({
  paidAt: new Date(row.paid_at ?? row.created_at),
  hasPayment: row.payment_intent_id !== null,
  requestedAt: row.refund_requested_at ? new Date(row.refund_requested_at) : null,
});

const REFUND_FACT_COLUMNS = [
  "o.id",
  "o.paid_at",
  "o.created_at",
  "o.payment_intent_id",
  "o.refund_requested_at",
] as const;

/** What the refund cell needs of each card order of the user, by order id. */
export async function refundFactsOf(userId: string): Promise<Map<string, RefundFacts>> {
  const rows = await db()
    .selectFrom("stripe_orders as o")
    .innerJoin("stripe_customers as c", "c.customer_id", "o.customer_id")
    .select(REFUND_FACT_COLUMNS)
    .where("c.user_id", "=", userId)
    .execute();
  return new Map(rows.map((row) => [row.id, toRefundFacts(row)]));
}

/** The same of one card order, or null. */
export async function refundFactsOfOrder(orderId: string): Promise<RefundFacts | null> {
  const row = await db()
    .selectFrom("stripe_orders as o")
    .select(REFUND_FACT_COLUMNS)
    .where("o.id", "=", orderId)
    .executeTakeFirst();
  return row ? toRefundFacts(row) : null;
}
