import type { ActionFunctionArgs } from "@remix-run/node";
import { postOnly, webhookResponse } from "~/platform/webhook-response";
import { receiveStripeWebhook } from "~/features/billing/index.server";
import { recordWebhookOutcome } from "~/platform/metrics.server";

export const loader = postOnly;

/** Stripe's events, authenticated by their signature over the raw body (never parsed first). */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return postOnly();
  const reply = await receiveStripeWebhook(await request.text(), request.headers.get("Stripe-Signature"));
  recordWebhookOutcome("stripe", reply);
  return webhookResponse(reply);
}
