import { checkoutRecordFromSession, isCheckoutSessionId } from "./checkout";
import { db, type Database } from "~/platform/db/db.server";
import { env } from "~/platform/env.server";
import {
  isPendingOrderOf,
  recordCheckout,
  recordPaymentReversal,
  upsertSubscription,
  type FulfilmentState,
} from "./stripe-order.server";
import { checkRateLimits, RATE_LIMITS } from "~/platform/rate-limit/rate-limit.server";
import type { WebhookReply } from "~/platform/webhook-response";
import { recordWebhookEvent } from "./webhook-event.server";
import { kickMailer } from "~/platform/mail/sender.server";
import { queueRefundNotices, queueStripeReceipt } from "./receipts.server";
import { stripeClient, verifiedEvent, type Stripe } from "./stripe.server";
import { log } from "~/platform/log.server";

/**
 * THE fulfilment of a Checkout Session, shared by the webhook and /success. Idempotent (unique
 * keys, one transaction), so running it twice or concurrently grants access exactly once.
 * It grants only for a session this site created (its pending order, same user, same product
 * and amount). Pass the webhook's transaction to commit it together with the event record.
 */
export async function fulfilCheckoutSession(
  session: Stripe.Checkout.Session,
  trx?: Database,
): Promise<FulfilmentState> {
  const record = checkoutRecordFromSession(session);
  if ("ignored" in record) {
    log.warn({ checkoutSessionId: session.id, reason: record.ignored }, "Stripe checkout session ignored");
    return "ignored";
  }
  const apply = async (t: Database) => {
    const state = await recordCheckout(t, record);
    await queueStripeReceipt(t, record.checkoutSessionId);
    return state;
  };
  const state = trx ? await apply(trx) : await db().transaction().execute(apply);
  if (!trx) kickMailer();
  if (state === "ignored")
    log.warn(
      { checkoutSessionId: session.id, reason: "no matching membership checkout created here" },
      "Stripe checkout session ignored",
    );
  return state;
}

/**
 * /success: asks Stripe for the session the browser came back with and fulfils it, so access
 * is there the moment the member lands even when the webhook is late. It changes nothing the
 * webhook would not, and only from Stripe's answer, never from what the browser claims. Stripe
 * is asked only about a session this user started here (its pending order is theirs), at most
 * RATE_LIMITS.checkoutReturnPerUser times per window: an unknown or foreign id costs no call.
 * Null when there is nothing to check or Stripe cannot be asked (the webhook still will).
 */
export async function fulfilReturnedSession(sessionId: unknown, userId: string): Promise<FulfilmentState | null> {
  const stripe = stripeClient();
  if (!stripe || !isCheckoutSessionId(sessionId)) return null;
  const verdict = await checkRateLimits([[RATE_LIMITS.checkoutReturnPerUser, userId]]);
  if (!verdict.allowed) return null;
  if (!(await isPendingOrderOf(db(), sessionId, userId))) return null;
  try {
    return await fulfilCheckoutSession(await stripe.checkout.sessions.retrieve(sessionId));
  } catch (error) {
    log.error({ checkoutSessionId: sessionId, err: error }, "fulfilling the returned Stripe session failed");
    return null;
  }
}

/**
 * POST /webhooks/stripe. The signature is checked over the raw body; the event id is recorded
 * in the same transaction that applies it, so a repeat is acknowledged and ignored. Answers 5xx
 * only when Stripe should retry: not configured yet, or applying the event failed.
 */
export async function receiveStripeWebhook(payload: string, signature: string | null): Promise<WebhookReply> {
  const secret = env().STRIPE_WEBHOOK_SECRET;
  if (!secret) return { status: 503, message: "Stripe webhooks are not configured" };
  if (!payload || !signature) return { status: 400, message: "Missing body or Stripe-Signature header" };

  let event: Stripe.Event;
  try {
    event = verifiedEvent(payload, signature, secret);
  } catch {
    return { status: 400, message: "Invalid signature" };
  }

  try {
    const fresh = await db()
      .transaction()
      .execute(async (trx) => {
        if (!(await recordWebhookEvent(trx, "stripe", event.id, event.type))) return false;
        await applyEvent(trx, event);
        return true;
      });
    if (fresh) kickMailer();
    return { status: 200, message: fresh ? "ok" : "duplicate ignored" };
  } catch (error) {
    log.error({ eventId: event.id, eventType: event.type, err: error }, "Stripe webhook failed; Stripe will retry");
    return { status: 500, message: "Processing failed" };
  }
}

async function applyEvent(trx: Database, event: Stripe.Event) {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      await fulfilCheckoutSession(event.data.object, trx);
      return;
    case "charge.refunded": {
      const charge = event.data.object;
      // A partial refund (a goodwill credit) keeps the membership; a full one ends it.
      if (!charge.refunded) return;
      await reverse(trx, idOf(charge.payment_intent), "refunded");
      return;
    }
    case "charge.dispute.created": {
      await reverse(trx, idOf(event.data.object.payment_intent), "disputed");
      return;
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const subscription = event.data.object;
      const item = subscription.items.data[0];
      const known = await upsertSubscription(trx, {
        subscriptionId: subscription.id,
        customerId: typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id,
        priceId: item?.price.id ?? null,
        status: subscription.status,
        currentPeriodEnd: item?.current_period_end ? new Date(item.current_period_end * 1000) : null,
        cancelAtPeriodEnd: subscription.cancel_at_period_end,
      });
      if (!known) log.warn({ subscriptionId: subscription.id }, "Stripe subscription of no customer of ours");
      return;
    }
    default:
      return; // recorded for audit, nothing to do
  }
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === "string" ? value : (value?.id ?? null);

/** Kept even before the order exists, so a completion that arrives later grants nothing. */
async function reverse(trx: Database, paymentIntent: string | null, kind: "refunded" | "disputed") {
  if (!paymentIntent) return;
  const changed = await recordPaymentReversal(trx, paymentIntent, kind);
  if (changed.length === 0) {
    log.warn({ paymentIntent, kind }, "payment reversed before its order exists; kept for a later completion");
  }
  // The buyer hears that access ended, whether by a refund or a dispute.
  await queueRefundNotices(trx, changed);
}
