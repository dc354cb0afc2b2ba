import { isProductKey, type ProductKey, type Sale } from "~/features/catalogue";
import {
  CHECKOUT_MESSAGES,
  notOpenMessage,
  checkoutIdempotencyKey,
  checkoutSessionParams,
  isUpgradeKey,
  type CheckoutProductKey,
} from "./checkout";
import { stripePriceOf } from "~/features/catalogue/index.server";
import { db } from "~/platform/db/db.server";
import { recordPendingOrder } from "./stripe-order.server";
import { priceIdFor, Stripe, stripeClient } from "./stripe.server";
import { log } from "~/platform/log.server";

export type CheckoutResult = { ok: true; url: string } | { ok: false; message: string; status: number };

/**
 * Creates a Stripe Checkout Session for a signed-in user and returns where to send them, or the
 * docs/product.md §8 message for what went wrong. `offered` is the product the submitting page shows: any
 * other key in the form (a tampered field) is refused before Stripe is asked anything. The
 * session is recorded as a pending order, which is what fulfilment later requires.
 * `sale` is where the launch stands (decision 064): before 'Cart opens' nothing is sold, then the
 * launch Stripe price, and from 'Cart closes' the regular one. The session keeps the price it was
 * made with: paying it after the close pays that price, and fulfilment honours it.
 */
export async function startCheckout(input: {
  user: { id: string; email: string };
  offered: ProductKey;
  productKey: unknown;
  formKey: unknown;
  origin: string;
  sale: Sale;
}): Promise<CheckoutResult> {
  if (!isProductKey(input.productKey) || input.productKey !== input.offered) {
    return { ok: false, message: CHECKOUT_MESSAGES.invalidProduct, status: 400 };
  }
  if (input.sale.term === "before") return notOpen(input.sale.opensLabel);
  return createCheckout({
    ...input,
    productKey: input.productKey,
    priceId: priceIdFor(input.productKey, input.sale.term),
  });
}

const notOpen = (opensLabel: string): CheckoutResult => ({
  ok: false,
  message: notOpenMessage(opensLabel),
  status: 409,
});

/**
 * /upgrades 'Buy now' (decision 051): a Checkout Session for that one upgrade, at the Stripe price
 * the catalogue gives it in this term (decision 064: launch, or regular from 'Cart closes'), bound
 * to the member and recorded as a pending order like the plan's, so the same fulfilment (webhook
 * or /success, whichever first) grants exactly that product. An unknown or tampered key, an
 * upgrade without a Stripe price for the term, one already owned, or any before 'Cart opens' is
 * refused before Stripe is asked anything.
 */
export async function startUpgradeCheckout(input: {
  user: { id: string; email: string; products: readonly string[] };
  productKey: unknown;
  formKey: unknown;
  origin: string;
  sale: Sale;
}): Promise<CheckoutResult> {
  if (!isUpgradeKey(input.productKey)) return { ok: false, message: CHECKOUT_MESSAGES.invalidProduct, status: 400 };
  if (input.user.products.includes(input.productKey))
    return { ok: false, message: CHECKOUT_MESSAGES.alreadyOwned, status: 409 };
  if (input.sale.term === "before") return notOpen(input.sale.opensLabel);
  const priceId = stripePriceOf(input.productKey, input.sale.term);
  if (!priceId) return { ok: false, message: CHECKOUT_MESSAGES.notSold, status: 400 };
  return createCheckout({ ...input, productKey: input.productKey, priceId });
}

async function createCheckout(input: {
  user: { id: string; email: string };
  productKey: CheckoutProductKey;
  priceId: string | undefined;
  formKey: unknown;
  origin: string;
}): Promise<CheckoutResult> {
  const stripe = stripeClient();
  const { priceId } = input;
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
    log.error({ err: error }, "creating the Stripe checkout session failed");
    return { ok: false, message: checkoutFailureMessage(error), status: 502 };
  }
}

/** docs/product.md §8: Stripe answered with an error, or did not answer at all. */
function checkoutFailureMessage(error: unknown): string {
  if (error instanceof Stripe.errors.StripeError && error.statusCode) return CHECKOUT_MESSAGES.failed;
  return CHECKOUT_MESSAGES.unknown;
}
