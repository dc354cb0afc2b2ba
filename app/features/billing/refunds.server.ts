import { db } from "~/platform/db/db.server";
import { guaranteeOf, REFUND_REASON_MAX } from "./refunds";
import { writeAudit } from "~/platform/audit.server";
import { getOrder } from "./order-ledger.server";
import { recordRefundId, refundFactsOfOrder, releaseRefund, reserveRefund } from "./stripe-order.server";
import { Stripe, stripeClient } from "./stripe.server";
import { log } from "~/platform/log.server";

type Admin = { id: string; email: string };

export type RefundOutcome = { ok: true } | { ok: false; message: string };

/**
 * 'Refund' on the admin's member page (decision 055): asks Stripe to refund a completed card
 * payment in full. Access does not end here: it ends when Stripe's `charge.refunded` arrives,
 * through the fulfilment that already handles refunds made in the Stripe Dashboard (the buyer's
 * notice, the entitlement revoked by its trigger).
 *
 * The order is marked as asked for before Stripe is called, so a second submit (a double click,
 * a reload) never reaches Stripe; the idempotency key covers the SDK's own retries. When Stripe
 * refuses, the mark is taken away again and nothing has changed.
 *
 * The key names the mark (the order and the moment it was made), not the order alone: Stripe
 * answers a key it has seen with its first answer for 24 hours, a refusal included, and refuses
 * the key with another reason. One key per order would turn every try after a refusal into that
 * refusal again (or an idempotency error), so the admin could not retry once the cause is fixed.
 */
export async function refundStripeOrder(
  admin: Admin,
  memberId: string,
  input: { orderId: string; reason: string; confirmedLate: boolean },
  now = new Date(),
): Promise<RefundOutcome> {
  const reason = input.reason.trim();
  if (!reason) return { ok: false, message: "Enter a reason for the refund." };
  if (reason.length > REFUND_REASON_MAX)
    return { ok: false, message: `The reason must be at most ${REFUND_REASON_MAX} characters.` };
  const order = await getOrder(input.orderId);
  if (!order || order.source !== "stripe" || order.userId !== memberId)
    return { ok: false, message: "There is no such card order on this member: nothing was refunded." };
  if (order.status !== "completed")
    return { ok: false, message: "This order is not a completed payment: nothing was refunded." };
  const facts = await refundFactsOfOrder(order.id);
  if (!facts?.hasPayment) return { ok: false, message: "Nothing to refund (no card payment): nothing was refunded." };
  const guarantee = guaranteeOf(facts.paidAt, now);
  if (guarantee.ended && !input.confirmedLate)
    return {
      ok: false,
      message: `${guarantee.text}: tick 'Refund after the guarantee' to confirm. Nothing was refunded.`,
    };
  const stripe = stripeClient();
  if (!stripe) return { ok: false, message: "Stripe is not configured on this site: nothing was refunded." };

  const reserved = await reserveRefund(order.id);
  if (!reserved)
    return { ok: false, message: "A refund was already requested for this order. Access ends when Stripe confirms." };
  let refund: Stripe.Refund;
  try {
    refund = await stripe.refunds.create(
      {
        payment_intent: reserved.paymentIntent,
        reason: "requested_by_customer",
        metadata: { order_id: order.id, admin: admin.email, reason },
      },
      { idempotencyKey: `admin-refund-${order.id}-${reserved.reservedAt.getTime()}` },
    );
  } catch (error) {
    await releaseRefund(order.id);
    return { ok: false, message: describeStripeError(error) };
  }
  await db()
    .transaction()
    .execute(async (trx) => {
      await recordRefundId(trx, order.id, refund.id);
      await writeAudit(trx, {
        admin,
        action: "refund_order",
        memberId,
        details: {
          order: order.id,
          reason,
          refundId: refund.id,
          amountCents: order.amountCents,
          currency: order.currency,
          afterGuarantee: guarantee.ended,
        },
      });
    });
  return { ok: true };
}

/** Stripe's refusal in words for the admin; the SDK's error messages are written for people. */
function describeStripeError(error: unknown): string {
  if (error instanceof Stripe.errors.StripeConnectionError)
    return "Stripe could not be reached: nothing was refunded. Try again in a minute.";
  // After a timeout whose refund Stripe did make, the next try finds the charge refunded: the
  // webhook that ends the access follows, so this is no failure to hide behind "nothing was refunded".
  if (error instanceof Stripe.errors.StripeError && error.code === "charge_already_refunded")
    return "Stripe says this payment is already refunded (in the Stripe Dashboard or by an earlier try). Access ends when Stripe confirms.";
  if (error instanceof Stripe.errors.StripeError)
    return `Stripe refused the refund: ${error.message} Nothing was refunded.`;
  log.error({ err: error }, "refund failed unexpectedly");
  return "The refund failed for an unexpected reason: nothing was refunded.";
}
