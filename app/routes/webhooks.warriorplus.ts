import type { ActionFunctionArgs } from "@remix-run/node";
import { siteOrigin } from "~/platform/site-origin";
import { env } from "~/platform/env.server";
import { postOnly, webhookResponse } from "~/platform/webhook-response";
import { recordWebhookOutcome } from "~/platform/metrics.server";
import { receiveWarriorPlusIpn } from "~/features/billing/index.server";

export const loader = postOnly;

/** The marketplace's IPN form posts, authenticated by the shared security key. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return postOnly();
  const reply = await request.formData().then(
    (form) => receiveWarriorPlusIpn(form, siteOrigin(env().PUBLIC_URL, request.url)),
    () => ({ status: 400, message: "Expected a form post" }),
  );
  recordWebhookOutcome("warriorplus", reply);
  return webhookResponse(reply);
}
