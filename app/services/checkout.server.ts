import { isProductKey } from "~/content/products";
import { CHECKOUT_MESSAGES, checkoutIdempotencyKey, checkoutSessionParams } from "~/lib/checkout";
import { priceIdFor, Stripe, stripeClient } from "./stripe.server";

export type CheckoutResult = { ok: true; url: string } | { ok: false; message: string; status: number };

/**
 * Creates a Stripe Checkout Session for a signed-in user and returns where to send them, or the
 * SPEC §8 message for what went wrong. Nothing is written here: the order is recorded when
 * Stripe says it is paid (webhook or /success).
 */
export async function startCheckout(input: {
  user: { id: string; email: string };
  productKey: unknown;
  formKey: unknown;
  origin: string;
}): Promise<CheckoutResult> {
  if (!isProductKey(input.productKey)) return { ok: false, message: CHECKOUT_MESSAGES.invalidProduct, status: 400 };
  const stripe = stripeClient();
  const priceId = priceIdFor(input.productKey);
  if (!stripe || !priceId) return { ok: false, message: CHECKOUT_MESSAGES.notConfigured, status: 503 };

  try {
    const session = await stripe.checkout.sessions.create(
      checkoutSessionParams({ productKey: input.productKey, priceId, userId: input.user.id, email: input.user.email, origin: input.origin }),
      { idempotencyKey: checkoutIdempotencyKey(input.user.id, input.productKey, input.formKey) },
    );
    if (!session.url) return { ok: false, message: CHECKOUT_MESSAGES.noUrl, status: 502 };
    return { ok: true, url: session.url };
  } catch (error) {
    console.error("[checkout] creating the session failed:", error);
    return { ok: false, message: checkoutFailureMessage(error), status: 502 };
  }
}

/**
 * Stripe answered with an error: its own message when the request was refused as invalid
 * (SPEC §8 "or the server's error field"), else the generic one. Other errors (no answer at
 * all) are unknown. Authentication errors are not repeated to users: they quote the key.
 */
function checkoutFailureMessage(error: unknown): string {
  if (error instanceof Stripe.errors.StripeInvalidRequestError && error.message) return error.message;
  if (error instanceof Stripe.errors.StripeError && error.statusCode) return CHECKOUT_MESSAGES.failed;
  return CHECKOUT_MESSAGES.unknown;
}
