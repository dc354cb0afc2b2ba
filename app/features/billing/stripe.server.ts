import Stripe from "stripe";
import { PRODUCTS, type PriceTerm, type ProductKey } from "~/features/catalogue";
import { env } from "~/platform/env.server";
import { stripePriceOf } from "~/features/catalogue/index.server";
import { log } from "~/platform/log.server";

/**
 * The real Stripe SDK, configured from the environment. STRIPE_API_BASE points it at another
 * host (the tests' fake Stripe on loopback); without STRIPE_SECRET_KEY there is no client and
 * checkout says payments are not configured.
 */
let cached: { key: string; client: Stripe } | undefined;

export function stripeClient(): Stripe | null {
  const { STRIPE_SECRET_KEY, STRIPE_API_BASE } = env();
  if (!STRIPE_SECRET_KEY) return null;
  if (cached?.key !== STRIPE_SECRET_KEY) {
    cached = {
      key: STRIPE_SECRET_KEY,
      client: new Stripe(STRIPE_SECRET_KEY, { ...apiHost(STRIPE_API_BASE), telemetry: false, timeout: 20_000 }),
    };
  }
  return cached.client;
}

function apiHost(base: string | undefined): Pick<Stripe.StripeConfig, "host" | "port" | "protocol"> {
  if (!base) return {};
  const url = new URL(base);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port || (protocol === "http" ? "80" : "443"), protocol };
}

/**
 * The configured Stripe price of a plan offer in a price term, if any: the catalogue's launch or
 * regular price (decision 064), or the $1 offer's variable. Before 'Cart opens' there is none.
 */
export function priceIdFor(productKey: ProductKey, term: PriceTerm): string | undefined {
  const { price } = PRODUCTS[productKey];
  if (term === "before") return undefined;
  return "env" in price ? env()[price.env] : stripePriceOf(price.catalogue, term);
}

/** Whether the card checkout can take this offer's payment in this term (before 'Cart opens': whether it will). */
export function isCheckoutConfigured(productKey: ProductKey, term: PriceTerm): boolean {
  return Boolean(env().STRIPE_SECRET_KEY && priceIdFor(productKey, term === "before" ? "launch" : term));
}

/**
 * Whether Stripe knows a price id (an admin's save on /admin/products, decision 064): `unknown`
 * when Stripe says there is no such price, `unchecked` when Stripe is not configured or did not
 * answer, so nothing is saved on a guess either way.
 */
export async function stripePriceStatus(priceId: string): Promise<"known" | "unknown" | "unchecked"> {
  const stripe = stripeClient();
  if (!stripe) return "unchecked";
  try {
    await stripe.prices.retrieve(priceId);
    return "known";
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return "unknown";
    log.error({ err: error, priceId }, "asking Stripe about a price failed");
    return "unchecked";
  }
}

/** Verifies a webhook's signature over the raw body; throws StripeSignatureVerificationError. */
export function verifiedEvent(payload: string, signature: string, secret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(payload, signature, secret);
}

export { Stripe };
