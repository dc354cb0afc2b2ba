import { isProductKey, type ProductKey } from "~/content/products";
import { CHECKOUT_MESSAGES, checkoutIdempotencyKey, checkoutSessionParams } from "~/lib/checkout";
import { db } from "~/infra/db.server";
import { recordPendingOrder } from "~/models/stripe-order.server";
import { priceIdFor, Stripe, stripeClient } from "./stripe.server";

export type CheckoutResult = { ok: true; url: string } | { ok: false; message: string; status: number };

/**
 * Creates a Stripe Checkout Session for a signed-in user and returns where to send them, or the
 * docs/product.md §8 message for what went wrong. `offered` is the product the submitting page shows: any
 * other key in the form (a tampered field) is refused before Stripe is asked anything. The
 * session is recorded as a pending order, which is what fulfilment later requires.
 */
export async function startCheckout(input: {
  user: { id: string; email: string };
  offered: ProductKey;
  productKey: unknown;
  formKey: unknown;
  origin: string;
}): Promise<CheckoutResult> {
  if (!isProductKey(input.productKey) || input.productKey !== input.offered) {
    return { ok: false, message: CHECKOUT_MESSAGES.invalidProduct, status: 400 };
  }
  const stripe = stripeClient();
  const priceId = priceIdFor(input.productKey);
  if (!stripe || !priceId) return { ok: false, message: CHECKOUT_MESSAGES.notConfigured, status: 503 };

  try {
    const session = await stripe.checkout.sessions.create(
      checkoutSessionParams({
        productKey: input.productKey,
        priceId,
        userId: input.user.id,
        email: input.user.email,
        origin: input.origin,
      }),
      { idempotencyKey: checkoutIdempotencyKey(input.user.id, input.productKey, input.formKey) },
    );
    if (!session.url) return { ok: false, message: CHECKOUT_MESSAGES.noUrl, status: 502 };
    await recordPendingOrder(db(), {
      checkoutSessionId: session.id,
      userId: input.user.id,
      productKey: input.productKey,
      priceId,
      amountSubtotal: session.amount_subtotal,
      currency: session.currency,
    });
    return { ok: true, url: session.url };
  } catch (error) {
    // Stripe's own words (which may quote parameters or keys) go to the log, never to the page.
    console.error("[checkout] creating the session failed:", error);
    return { ok: false, message: checkoutFailureMessage(error), status: 502 };
  }
}

/** docs/product.md §8: Stripe answered with an error, or did not answer at all. */
function checkoutFailureMessage(error: unknown): string {
  if (error instanceof Stripe.errors.StripeError && error.statusCode) return CHECKOUT_MESSAGES.failed;
  return CHECKOUT_MESSAGES.unknown;
}
