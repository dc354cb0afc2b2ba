import type { ActionFunctionArgs } from "@remix-run/node";
import { siteOrigin } from "~/lib/site-origin";
import { env } from "~/infra/env.server";
import { postOnly, webhookResponse } from "~/lib/webhook-response";
import { recordWebhookOutcome } from "~/services/metrics.server";
import { receiveWarriorPlusIpn } from "~/services/warriorplus.server";

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
