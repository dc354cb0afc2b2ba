import type { ActionFunctionArgs } from "@remix-run/node";
import { siteOrigin } from "~/lib/checkout";
import { env } from "~/infra/env.server";
import { postOnly, webhookResponse } from "~/lib/webhook-response";
import { receiveWarriorPlusIpn } from "~/services/warriorplus.server";

export const loader = postOnly;

/** The marketplace's IPN form posts, authenticated by the shared security key. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return postOnly();
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return webhookResponse({ status: 400, message: "Expected a form post" });
  }
  return webhookResponse(await receiveWarriorPlusIpn(form, siteOrigin(env().PUBLIC_URL, request.url)));
}
