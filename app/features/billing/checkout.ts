import type Stripe from "stripe";
import { isProductKey, PRODUCTS, type ProductKey } from "~/features/catalogue";
import { UPGRADES } from "~/features/catalogue";

/** An upgrade of the catalogue sold on the site by card (/upgrades 'Buy now', decision 051). */
export type UpgradeKey = (typeof UPGRADES)[number]["key"];
export const isUpgradeKey = (value: unknown): value is UpgradeKey => UPGRADES.some((upgrade) => upgrade.key === value);

/** What a Checkout Session may sell: a plan offer, or an upgrade. */
export type CheckoutProductKey = ProductKey | UpgradeKey;
export const isCheckoutProductKey = (value: unknown): value is CheckoutProductKey =>
  isProductKey(value) || isUpgradeKey(value);

/** What the plan page says when checkout cannot go on (docs/product.md §8), plus the unconfigured case. */
export const CHECKOUT_MESSAGES = {
  invalidProduct: "Invalid product ID",
  alreadyOwned: "You already own this upgrade.",
  notSold: "This upgrade is not sold by card on this site.",
  noSession: "No active session",
  failed: "Failed to create checkout session",
  noUrl: "No checkout URL received",
  unknown: "An unknown error occurred",
  notConfigured: "Payments are not configured on this site yet, so no payment can be taken right now.",
} as const;

/** Before 'Cart opens' (decision 064): the buy button reads this, and the checkout refuses with it. */
export const opensLabel = (date: string) => `Opens ${date}`;
export const notOpenMessage = (date: string) =>
  `The cart is not open yet: it opens ${date}. Nothing can be bought before then.`;

/** The Checkout Session the plan page asks Stripe for (docs/architecture.md#payments-and-mail). */
export function checkoutSessionParams(input: {
  productKey: CheckoutProductKey;
  priceId: string;
  userId: string;
  email: string;
  origin: string;
}): Stripe.Checkout.SessionCreateParams {
  const mode = isProductKey(input.productKey) ? PRODUCTS[input.productKey].mode : "payment";
  return {
    mode,
    line_items: [{ price: input.priceId, quantity: 1 }],
    client_reference_id: input.userId,
    customer_email: input.email,
    // A one-time payment creates no Stripe customer unless asked; fulfilment records the
    // order against one (stripe_customers links it to the user), so always ask.
    ...(mode === "payment" ? { customer_creation: "always" as const } : {}),
    allow_promotion_codes: true,
    success_url: `${input.origin}/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${input.origin}/cancel`,
    metadata: { product_key: input.productKey },
  };
}

const FORM_KEY = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * One checkout per rendering of the plan page: the page carries a random key, so a double
 * click (or a resubmitted form) gets the same Stripe session back instead of a second one.
 */
export function checkoutIdempotencyKey(userId: string, productKey: CheckoutProductKey, formKey: unknown): string {
  const key = typeof formKey === "string" && FORM_KEY.test(formKey) ? formKey : crypto.randomUUID();
  return `checkout:${userId}:${productKey}:${key}`;
}

export function isCheckoutSessionId(value: unknown): value is string {
  return typeof value === "string" && /^cs_[A-Za-z0-9_]{1,250}$/.test(value);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type CheckoutRecord = {
  userId: string;
  customerId: string;
  checkoutSessionId: string;
  paymentIntentId: string | null;
  productKey: CheckoutProductKey | null;
  amountSubtotal: number | null;
  amountTotal: number | null;
  currency: string | null;
  paymentStatus: string;
  status: "pending" | "completed";
  /** One-time payments become orders; a subscription's access comes from its own events. */
  isOrder: boolean;
};

const idOf = (value: string | { id: string } | null): string | null =>
  typeof value === "string" ? value : (value?.id ?? null);

/**
 * What a Checkout Session means for our records, or why it is none of ours (a session made
 * elsewhere on the same Stripe account has no user id of ours or no customer).
 */
export function checkoutRecordFromSession(session: Stripe.Checkout.Session): CheckoutRecord | { ignored: string } {
  // An open session is a checkout the buyer may still abandon; only a completed one is an order.
  if (session.status !== "complete") return { ignored: `the session is ${session.status ?? "not complete"}` };
  const userId = session.client_reference_id;
  if (!userId || !UUID.test(userId)) return { ignored: "no user id of ours in client_reference_id" };
  const customerId = idOf(session.customer);
  if (!customerId) return { ignored: "no customer on the session" };
  // Completed but unpaid: a delayed payment method; async_payment_succeeded completes it later.
  const paid = ["paid", "no_payment_required"].includes(session.payment_status);
  const productKey = session.metadata?.product_key;
  return {
    userId: userId.toLowerCase(),
    customerId,
    checkoutSessionId: session.id,
    paymentIntentId: idOf(session.payment_intent),
    productKey: isCheckoutProductKey(productKey) ? productKey : null,
    amountSubtotal: session.amount_subtotal,
    amountTotal: session.amount_total,
    currency: session.currency,
    paymentStatus: session.payment_status,
    status: paid ? "completed" : "pending",
    isOrder: session.mode === "payment",
  };
}
