import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { escapeHtml } from "../../app/platform/escape-html";

/**
 * A small fake of the Stripe API on 127.0.0.1 that the real `stripe` SDK talks to through
 * STRIPE_API_BASE: Checkout Sessions (create with idempotency, retrieve), prices (retrieve), a payment page a
 * browser can use, and signed webhook events. It records every API request so tests can assert
 * exactly what the app sent.
 */
export type RecordedRequest = {
  method: string;
  path: string;
  idempotencyKey: string | null;
  authorization: string | null;
  form: Record<string, string>;
};

/** How the next API calls misbehave, until `reset()`: an error answer, a session without url, or no answer. */
export type FakeFailure =
  { kind: "error"; status: number; type: string; message: string } | { kind: "no-url" } | { kind: "drop" };

export type FakePrice = { unitAmount: number; currency: string };

type Session = Stripe.Checkout.Session;

const randomId = (prefix: string) => `${prefix}_test_${crypto.randomBytes(12).toString("hex")}`;

export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly sessions = new Map<string, Session>();
  failure: FakeFailure | null = null;
  /** Every API answer waits this long first, as a slow network or a busy Stripe would. */
  delayMs = 0;
  /** Sessions whose payment was refunded through the API. */
  readonly refunded = new Set<string>();
  private readonly idempotent = new Map<string, { body: string; status: number; response: unknown }>();

  private constructor(
    private readonly server: http.Server,
    readonly baseUrl: string,
    readonly secretKey: string,
    readonly prices: Record<string, FakePrice>,
  ) {}

  static async start(options: {
    secretKey: string;
    prices: Record<string, FakePrice>;
    port?: number;
  }): Promise<FakeStripe> {
    let fake: FakeStripe | undefined;
    const server = http.createServer((req, res) => {
      fake!.handle(req, res).catch((error) => {
        console.error("[fake-stripe]", error);
        if (!res.headersSent) res.writeHead(500).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    fake = new FakeStripe(server, `http://127.0.0.1:${port}`, options.secretKey, options.prices);
    return fake;
  }

  async close() {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  reset() {
    this.failure = null;
    this.delayMs = 0;
    this.requests.length = 0;
  }

  /** The API requests that asked for a refund, oldest first. */
  refundRequests(): RecordedRequest[] {
    return this.requests.filter((r) => r.method === "POST" && r.path === "/v1/refunds");
  }

  /** The API requests that created Checkout Sessions, oldest first. */
  createRequests(): RecordedRequest[] {
    return this.requests.filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions");
  }

  /** What the buyer does on the payment page: the session is complete and paid. */
  pay(sessionId: string): Session {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    if (session.status !== "complete") {
      Object.assign(session, {
        status: "complete",
        payment_status: "paid",
        customer: randomId("cus"),
        payment_intent: randomId("pi"),
        customer_details: { email: session.customer_email, name: null },
      });
    }
    return session;
  }

  /** A webhook event as Stripe sends it. */
  event<T extends Stripe.Event["type"]>(type: T, object: unknown): Stripe.Event {
    return {
      id: randomId("evt"),
      object: "event",
      api_version: "2026-10-28.endive",
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    } as unknown as Stripe.Event;
  }

  /** The charge of a paid session, fully refunded. */
  refundedCharge(session: Session) {
    return {
      id: randomId("ch"),
      object: "charge",
      amount: session.amount_total,
      amount_refunded: session.amount_total,
      currency: session.currency,
      payment_intent: session.payment_intent,
      refunded: true,
    };
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? "/", this.baseUrl);
    const body = await readBody(req);
    if (url.pathname === "/health") return send(res, 200, { ok: true });
    if (url.pathname.startsWith("/pay/")) return this.paymentPage(req.method ?? "GET", url.pathname.slice(5), res);

    const form = Object.fromEntries(new URLSearchParams(body));
    this.requests.push({
      method: req.method ?? "GET",
      path: url.pathname,
      idempotencyKey: header(req, "idempotency-key"),
      authorization: header(req, "authorization"),
      form,
    });
    if (header(req, "authorization") !== `Bearer ${this.secretKey}`) {
      return send(res, 401, stripeError("invalid_request_error", "Invalid API Key provided: sk_****"));
    }
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (this.failure?.kind === "drop") return void req.socket.destroy();
    if (req.method === "POST" && url.pathname === "/v1/refunds") return this.refunds(req, body, form, res);
    if (this.failure?.kind === "error")
      return send(res, this.failure.status, stripeError(this.failure.type, this.failure.message));

    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions")
      return this.idempotently(req, body, res, () => this.createSession(form));
    const [, priceId] = /^\/v1\/prices\/([^/]+)$/.exec(url.pathname) ?? [];
    if (req.method === "GET" && priceId !== undefined) return this.retrievePrice(decodeURIComponent(priceId), res);
    const [, retrieve] = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname) ?? [];
    if (req.method === "GET" && retrieve !== undefined) {
      const session = this.sessions.get(decodeURIComponent(retrieve));
      return session
        ? send(res, 200, session)
        : send(res, 404, stripeError("invalid_request_error", `No such checkout.session: '${retrieve}'`));
    }
    return send(
      res,
      404,
      stripeError("invalid_request_error", `Unrecognized request URL (${req.method}: ${url.pathname}).`),
    );
  }

  /** GET /v1/prices/:id: a price of `prices`, or Stripe's 404 for one it does not know. */
  private retrievePrice(id: string, res: http.ServerResponse) {
    const price = Object.hasOwn(this.prices, id) ? this.prices[id] : undefined;
    if (!price)
      return send(res, 404, stripeError("invalid_request_error", `No such price: '${id}'`, "resource_missing"));
    return send(res, 200, {
      id,
      object: "price",
      active: true,
      currency: price.currency,
      unit_amount: price.unitAmount,
      type: "one_time",
      livemode: false,
    });
  }

  private createSession(form: Record<string, string>): [number, unknown] {
    const price = this.prices[form["line_items[0][price]"] ?? ""];
    if (!price) return [400, stripeError("invalid_request_error", `No such price: '${form["line_items[0][price]"]}'`)];
    const quantity = Number(form["line_items[0][quantity]"] ?? 1);
    const id = randomId("cs");
    const metadata = Object.fromEntries(
      Object.entries(form)
        .filter(([name]) => name.startsWith("metadata["))
        .map(([name, value]) => [name.slice(9, -1), value]),
    );
    const session = {
      id,
      object: "checkout.session",
      mode: form.mode,
      status: "open",
      payment_status: "unpaid",
      url: this.failure?.kind === "no-url" ? null : `${this.baseUrl}/pay/${id}`,
      client_reference_id: form.client_reference_id ?? null,
      customer: null,
      customer_email: form.customer_email ?? null,
      customer_creation: form.customer_creation ?? null,
      customer_details: null,
      payment_intent: null,
      amount_subtotal: price.unitAmount * quantity,
      amount_total: price.unitAmount * quantity,
      currency: price.currency,
      allow_promotion_codes: form.allow_promotion_codes === "true",
      success_url: form.success_url,
      cancel_url: form.cancel_url,
      metadata,
      livemode: false,
      created: Math.floor(Date.now() / 1000),
    } as unknown as Session;
    this.sessions.set(id, session);
    return [200, session];
  }

  /**
   * POST /v1/refunds with Stripe's idempotency: a key seen before answers what it answered then,
   * a refusal included (Stripe saves every result of a request it began to run), and a key sent
   * again with other parameters is refused.
   */
  private refunds(req: http.IncomingMessage, body: string, form: Record<string, string>, res: http.ServerResponse) {
    return this.idempotently(req, body, res, () =>
      this.failure?.kind === "error"
        ? [this.failure.status, stripeError(this.failure.type, this.failure.message)]
        : this.createRefund(form),
    );
  }

  /**
   * Stripe's idempotency for a POST: a key seen before answers what it answered then, and a key
   * sent again with other parameters is refused.
   */
  private idempotently(
    req: http.IncomingMessage,
    body: string,
    res: http.ServerResponse,
    run: () => readonly [number, unknown],
  ) {
    const key = header(req, "idempotency-key");
    const earlier = key ? this.idempotent.get(key) : undefined;
    if (earlier) {
      if (earlier.body !== body)
        return send(
          res,
          400,
          stripeError(
            "idempotency_error",
            "Keys for idempotent requests can only be used with the same parameters they were first used with.",
          ),
        );
      return send(res, earlier.status, earlier.response);
    }
    const [status, response] = run();
    if (key) this.idempotent.set(key, { body, status, response });
    return send(res, status, response);
  }

  /** A full refund of a paid session's payment intent; a second one is refused, as Stripe does. */
  private createRefund(form: Record<string, string>): [number, unknown] {
    const session = [...this.sessions.values()].find((s) => s.payment_intent === form.payment_intent);
    if (!session)
      return [404, stripeError("invalid_request_error", `No such payment_intent: '${form.payment_intent}'`)];
    if (this.refunded.has(session.id))
      return [
        400,
        stripeError(
          "invalid_request_error",
          `Charge for ${form.payment_intent} has already been refunded.`,
          "charge_already_refunded",
        ),
      ];
    this.refunded.add(session.id);
    const metadata = Object.fromEntries(
      Object.entries(form)
        .filter(([name]) => name.startsWith("metadata["))
        .map(([name, value]) => [name.slice(9, -1), value]),
    );
    return [
      200,
      {
        id: randomId("re"),
        object: "refund",
        amount: session.amount_total,
        currency: session.currency,
        payment_intent: form.payment_intent,
        reason: form.reason ?? null,
        metadata,
        status: "succeeded",
        created: Math.floor(Date.now() / 1000),
      },
    ];
  }

  /** Stripe's hosted payment page, reduced to a Pay button and a way back. */
  private paymentPage(method: string, id: string, res: http.ServerResponse) {
    const session = this.sessions.get(decodeURIComponent(id));
    if (!session) return send(res, 404, { error: "no such session" });
    if (method === "POST") {
      this.pay(session.id);
      res.writeHead(303, { Location: session.success_url!.replace("{CHECKOUT_SESSION_ID}", session.id) }).end();
      return;
    }
    const amount = `$${((session.amount_total ?? 0) / 100).toFixed(2)}`;
    const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Stripe Checkout</title></head>
<body><main><h1>Fake Stripe Checkout</h1><p>Pay ${amount} as ${escapeHtml(session.customer_email ?? "")}</p>
<form method="post" action="/pay/${encodeURIComponent(session.id)}"><button type="submit">Pay ${amount}</button></form>
<a href="${escapeHtml(session.cancel_url ?? "/")}">Cancel and go back</a></main></body></html>`;
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(page);
  }
}

/** A Stripe-Signature header for `payload`, as Stripe computes it (optionally at another time). */
export function signatureFor(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

function header(req: http.IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return typeof value === "string" ? value : null;
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function send(res: http.ServerResponse, status: number, body: unknown) {
  res
    .writeHead(status, { "Content-Type": "application/json", "Request-Id": randomId("req") })
    .end(JSON.stringify(body));
}

function stripeError(type: string, message: string, code?: string) {
  return { error: { type, message, ...(code ? { code } : {}) } };
}
