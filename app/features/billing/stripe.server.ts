import Stripe from "stripe";
import { PRODUCTS, type ProductKey } from "~/features/catalogue";
import { env } from "~/platform/env.server";
import { stripePriceOf } from "~/features/catalogue/index.server";

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

/** The configured Stripe price of a plan offer, if any. */
export function priceIdFor(productKey: ProductKey): string | undefined {
  const { price } = PRODUCTS[productKey];
  return "env" in price ? env()[price.env] : stripePriceOf(price.catalogue);
}

export function isCheckoutConfigured(productKey: ProductKey): boolean {
  return Boolean(env().STRIPE_SECRET_KEY && priceIdFor(productKey));
}

/** Verifies a webhook's signature over the raw body; throws StripeSignatureVerificationError. */
export function verifiedEvent(payload: string, signature: string, secret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(payload, signature, secret);
}

export { Stripe };
