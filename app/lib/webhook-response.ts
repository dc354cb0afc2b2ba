/** Webhook answers are real Responses (STACK trap 6): plain text, never cached. */
export function webhookResponse({ status, message }: { status: number; message: string }): Response {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** Webhooks only take POSTs; a GET changes nothing and says so. */
export function postOnly(): Response {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } });
}
