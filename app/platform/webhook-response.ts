/** What a webhook receiver decided: the HTTP status the sender sees, and a short reason. */
export type WebhookReply = { status: number; message: string };

/** The outcome counted in the metrics: applied, a repeat acknowledged, refused (4xx), or failed (5xx, retried). */
export function webhookOutcome({ status, message }: WebhookReply): "applied" | "duplicate" | "rejected" | "failed" {
  if (status >= 500) return "failed";
  if (status >= 400) return "rejected";
  return /duplicate/i.test(message) ? "duplicate" : "applied";
}

/** Webhook answers are real Responses (docs/architecture.md#resource-routes-return-real-responses): plain text, never cached. */
export function webhookResponse({ status, message }: WebhookReply): Response {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** Webhooks only take POSTs; a GET changes nothing and says so. */
export function postOnly(): Response {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } });
}
