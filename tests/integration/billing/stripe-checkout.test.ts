import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type Stripe from "stripe";
import { FakeStripe, signatureFor } from "../../support/fake-stripe";
import { createUser, signIn } from "../../support/fixtures";
import { Browser, redirectTarget } from "../../support/http";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from "../../support/test-app";
import { at } from "../../support/present";

const SECRET_KEY = "sk_test_integration";
const WEBHOOK_SECRET = "whsec_integration";
const PRICE_LIFETIME = "price_lifetime_test";
const PRICE_TRIAL = "price_trial_test";

let fake: FakeStripe;
let app: TestApp;

beforeAll(async () => {
  fake = await FakeStripe.start({
    secretKey: SECRET_KEY,
    prices: {
      [PRICE_LIFETIME]: { unitAmount: 2500, currency: "usd" },
      [PRICE_TRIAL]: { unitAmount: 100, currency: "usd" },
    },
  });
  app = await startTestApp({
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_LIFETIME: PRICE_LIFETIME,
    STRIPE_PRICE_TRIAL: PRICE_TRIAL,
    STRIPE_API_BASE: fake.baseUrl,
  });
});
afterEach(() => fake.reset());
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

/** The plan page's form key, as a browser would submit it. */
async function formKey(browser: Browser): Promise<string> {
  const html = await (await browser.get("/payment-options")).text();
  const key = /name="form_key" value="([^"]+)"/.exec(html)?.[1];
  if (!key) throw new Error("the plan page has no checkout form");
  return key;
}

async function postCheckout(browser: Browser, product = "AI_PROFIT_LABS", key?: string) {
  return browser.post("/payment-options", { product, form_key: key ?? (await formKey(browser)) });
}

/** A signed-in user who has started checkout; returns the session the fake created. */
async function userInCheckout() {
  const user = await createUser(app.db);
  const browser = await signIn(app.baseUrl, user.email);
  const response = await postCheckout(browser);
  expect(response.status).toBe(303);
  const sessionId = new URL(response.headers.get("Location")!).pathname.split("/").pop()!;
  return { user, browser, sessionId };
}

function deliver(
  event: Stripe.Event | string,
  { secret = WEBHOOK_SECRET, timestamp }: { secret?: string; timestamp?: number } = {},
) {
  const payload = typeof event === "string" ? event : JSON.stringify(event);
  return fetch(`${app.baseUrl}/webhooks/stripe`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signatureFor(payload, secret, timestamp) },
    body: payload,
  });
}

const ordersOf = (sessionId: string) =>
  app.db.selectFrom("stripe_orders").selectAll().where("checkout_session_id", "=", sessionId).execute();

async function hasAccess(browser: Browser): Promise<boolean> {
  const response = await browser.get("/dashboard");
  if (response.status === 200) return true;
  expect(redirectTarget(response)).toBe("/payment-options");
  return false;
}

describe("checkout", () => {
  it("creates a Checkout Session with exactly the catalogue's parameters and redirects (303) to it", async () => {
    const user = await createUser(app.db);
    const browser = await signIn(app.baseUrl, user.email);
    const key = await formKey(browser);
    const response = await postCheckout(browser, "AI_PROFIT_LABS", key);

    expect(response.status).toBe(303);
    const request = at(fake.createRequests(), 0, "checkout request");
    expect(request.form).toEqual({
      mode: "payment",
      "line_items[0][price]": PRICE_LIFETIME,
      "line_items[0][quantity]": "1",
      client_reference_id: user.id,
      customer_email: user.email,
      customer_creation: "always",
      allow_promotion_codes: "true",
      success_url: `${app.baseUrl}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${app.baseUrl}/cancel`,
      "metadata[product_key]": "AI_PROFIT_LABS",
    });
    expect(request.idempotencyKey).toBe(`checkout:${user.id}:AI_PROFIT_LABS:${key}`);
    expect(request.authorization).toBe(`Bearer ${SECRET_KEY}`);
    const session = [...fake.sessions.values()].find((s) => s.client_reference_id === user.id)!;
    expect(response.headers.get("Location")).toBe(session.url);
    // The checkout is recorded as this user's pending order; nothing is granted until Stripe says it is paid.
    expect(await ordersOf(session.id)).toMatchObject([
      {
        status: "pending",
        user_id: user.id,
        product_key: "AI_PROFIT_LABS",
        price_id: PRICE_LIFETIME,
        amount_subtotal: 2500,
        customer_id: null,
      },
    ]);
  });

  it("gives a double submit of the same page the same session", async () => {
    const user = await createUser(app.db);
    const browser = await signIn(app.baseUrl, user.email);
    const key = await formKey(browser);
    const [first, second] = await Promise.all([
      postCheckout(browser, "AI_PROFIT_LABS", key),
      postCheckout(browser, "AI_PROFIT_LABS", key),
    ]);
    expect(first.headers.get("Location")).toBe(second.headers.get("Location"));
    expect([...fake.sessions.values()].filter((s) => s.client_reference_id === user.id)).toHaveLength(1);
  });

  it("refuses a tampered plan field (the $1 offer's key on the lifetime plan page) and asks Stripe nothing", async () => {
    const user = await createUser(app.db);
    const response = await postCheckout(await signIn(app.baseUrl, user.email), "AI_PROFIT_LABS_TRIAL");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Invalid product ID");
    expect(fake.requests).toEqual([]);
    expect(await app.db.selectFrom("stripe_orders").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
  });

  it("says 'Invalid product ID' for an unknown product and asks Stripe nothing", async () => {
    const user = await createUser(app.db);
    const response = await postCheckout(await signIn(app.baseUrl, user.email), "SOMETHING_ELSE");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Invalid product ID");
    expect(fake.requests).toEqual([]);
  });

  const failures: Array<[string, FakeStripe["failure"], string]> = [
    [
      "'Failed to create checkout session', never Stripe's own words, when Stripe refuses the request",
      { kind: "error", status: 400, type: "invalid_request_error", message: "No such promotion setting: 'x'" },
      "Failed to create checkout session",
    ],
    [
      "'Failed to create checkout session' when Stripe fails",
      { kind: "error", status: 500, type: "api_error", message: "Internal" },
      "Failed to create checkout session",
    ],
    [
      "'Failed to create checkout session' when the key is refused",
      { kind: "error", status: 401, type: "invalid_request_error", message: "Invalid API Key provided: sk_****" },
      "Failed to create checkout session",
    ],
    ["'No checkout URL received' when the session has no url", { kind: "no-url" }, "No checkout URL received"],
    ["'An unknown error occurred' when Stripe does not answer", { kind: "drop" }, "An unknown error occurred"],
  ];
  for (const [name, failure, message] of failures) {
    it(`shows ${name}`, async () => {
      const user = await createUser(app.db);
      const browser = await signIn(app.baseUrl, user.email);
      const key = await formKey(browser);
      fake.failure = failure;
      const response = await postCheckout(browser, "AI_PROFIT_LABS", key);
      expect(response.status).toBeGreaterThanOrEqual(400);
      const html = await response.text();
      expect(html).toContain(message);
      expect(html).not.toContain("No such promotion setting");
      expect(html).not.toContain("Invalid API Key");
      expect(html).toContain("Get Lifetime Access Now");
    });
  }

  it("sends a visitor whose session ended to /login with 'No active session'", async () => {
    const visitor = new Browser(app.baseUrl);
    const response = await visitor.post("/payment-options", { product: "AI_PROFIT_LABS", form_key: "k".repeat(24) });
    expect(response.status).toBe(303);
    const target = redirectTarget(response)!;
    expect(target).toBe("/login?redirect=%2Fpayment-options&notice=no-session");
    expect(await (await visitor.get(target)).text()).toContain("No active session");
    expect(fake.requests).toEqual([]);
  });

  it("sends paid members and admins from the plan page to /dashboard, without charging them", async () => {
    const member = await createUser(app.db, { paid: "stripe-order" });
    for (const browser of [
      await signIn(app.baseUrl, member.email),
      await signIn(app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD),
    ]) {
      expect(redirectTarget(await browser.get("/payment-options"))).toBe("/dashboard");
      expect(redirectTarget(await postCheckout(browser, "AI_PROFIT_LABS", "k".repeat(24)))).toBe("/dashboard");
    }
    expect(fake.requests).toEqual([]);
  });
});

describe("/success", () => {
  it("fulfils the paid session, so the dashboard opens on the next request", async () => {
    const { user, browser, sessionId } = await userInCheckout();
    expect(await hasAccess(browser)).toBe(false);
    const session = fake.pay(sessionId);

    const page = await browser.get(`/success?session_id=${sessionId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Payment Successful!");
    expect(html).toContain("Your lifetime access is active.");
    expect(html).toContain('http-equiv="refresh" content="5;url=/dashboard"');
    expect(await hasAccess(browser)).toBe(true);

    const order = at(await ordersOf(sessionId), 0, "order");
    expect(order).toMatchObject({
      status: "completed",
      amount_total: 2500,
      amount_subtotal: 2500,
      currency: "usd",
      payment_intent_id: session.payment_intent,
      customer_id: session.customer,
      product_key: "AI_PROFIT_LABS",
      payment_status: "paid",
    });
    const customer = await app.db
      .selectFrom("stripe_customers")
      .select("user_id")
      .where("customer_id", "=", order.customer_id)
      .executeTakeFirstOrThrow();
    expect(customer.user_id).toBe(user.id);
  });

  it("grants nothing for a session that is not paid, nor for a made-up id", async () => {
    const { browser, sessionId } = await userInCheckout();
    for (const query of [
      `session_id=${sessionId}`,
      "session_id=cs_test_nosuchsession",
      "session_id=../../v1/charges",
      "",
    ]) {
      const page = await browser.get(`/success?${query}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Your access will be ready in a moment.");
    }
    expect(await ordersOf(sessionId)).toMatchObject([{ status: "pending" }]);
    expect(await hasAccess(browser)).toBe(false);
  });

  it("asks Stripe nothing for a visitor who is not signed in (the webhook fulfils instead)", async () => {
    const { sessionId } = await userInCheckout();
    fake.pay(sessionId);
    fake.reset();
    const page = await new Browser(app.baseUrl).get(`/success?session_id=${sessionId}`);
    expect(await page.text()).toContain("Payment Successful!");
    expect(fake.requests).toEqual([]);
    expect(await ordersOf(sessionId)).toMatchObject([{ status: "pending" }]);
  });

  it("/cancel says so and leads to the dashboard", async () => {
    const html = await (await new Browser(app.baseUrl).get("/cancel")).text();
    expect(html).toContain("Payment Cancelled");
    expect(html).toContain('href="/dashboard"');
    expect(html).toContain('http-equiv="refresh" content="5;url=/dashboard"');
  });
});

describe("POST /webhooks/stripe", () => {
  it("fulfils once when the same event is delivered twice", async () => {
    const { browser, sessionId } = await userInCheckout();
    const event = fake.event("checkout.session.completed", fake.pay(sessionId));

    const first = await deliver(event);
    expect(first.status).toBe(200);
    expect(await first.text()).toBe("ok");
    const second = await deliver(event);
    expect(second.status).toBe(200);
    expect(await second.text()).toBe("duplicate ignored");

    expect(await ordersOf(sessionId)).toHaveLength(1);
    const events = await app.db.selectFrom("webhook_events").selectAll().where("event_id", "=", event.id).execute();
    expect(events).toMatchObject([{ provider: "stripe", event_type: "checkout.session.completed" }]);
    expect(await hasAccess(browser)).toBe(true);
  });

  it("fulfils once when the webhook and /success arrive at the same moment", async () => {
    const { browser, sessionId } = await userInCheckout();
    const event = fake.event("checkout.session.completed", fake.pay(sessionId));
    const [webhook, success] = await Promise.all([deliver(event), browser.get(`/success?session_id=${sessionId}`)]);
    expect(webhook.status).toBe(200);
    expect(success.status).toBe(200);
    const orders = await ordersOf(sessionId);
    expect(orders).toHaveLength(1);
    expect(orders[0]?.status).toBe("completed");
    expect(await hasAccess(browser)).toBe(true);
  });

  it("completes a delayed payment on async_payment_succeeded", async () => {
    const { browser, sessionId } = await userInCheckout();
    const session = fake.pay(sessionId);
    await deliver(fake.event("checkout.session.completed", { ...session, payment_status: "unpaid" }));
    expect((await ordersOf(sessionId))[0]?.status).toBe("pending");
    expect(await hasAccess(browser)).toBe(false);
    expect((await deliver(fake.event("checkout.session.async_payment_succeeded", session))).status).toBe(200);
    expect(await hasAccess(browser)).toBe(true);
  });

  it("refuses a forged, stale or missing signature and an empty body, changing nothing", async () => {
    const { browser, sessionId } = await userInCheckout();
    const event = fake.event("checkout.session.completed", fake.pay(sessionId));
    const payload = JSON.stringify(event);
    const altered = payload.replace(`"status":"complete"`, `"status":"complete" `);
    expect(altered).not.toBe(payload);
    const refused = [
      await deliver(event, { secret: "whsec_forged" }),
      await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 600 }),
      await fetch(`${app.baseUrl}/webhooks/stripe`, {
        method: "POST",
        headers: { "Stripe-Signature": signatureFor(payload, WEBHOOK_SECRET) },
        body: altered,
      }),
      await fetch(`${app.baseUrl}/webhooks/stripe`, { method: "POST", body: payload }),
      await fetch(`${app.baseUrl}/webhooks/stripe`, {
        method: "POST",
        headers: { "Stripe-Signature": signatureFor("", WEBHOOK_SECRET) },
      }),
    ];
    // The third is signed over the original body, then altered by a single byte.
    for (const response of refused) expect(response.status).toBe(400);
    expect(await ordersOf(sessionId)).toMatchObject([{ status: "pending" }]);
    expect(await app.db.selectFrom("webhook_events").select("id").where("event_id", "=", event.id).execute()).toEqual(
      [],
    );
    expect(await hasAccess(browser)).toBe(false);
  });

  it("revokes access on a full refund, and a replayed completion does not bring it back", async () => {
    const { browser, sessionId } = await userInCheckout();
    const session = fake.pay(sessionId);
    await deliver(fake.event("checkout.session.completed", session));
    expect(await hasAccess(browser)).toBe(true);

    const partial = { ...fake.refundedCharge(session), refunded: false, amount_refunded: 500 };
    expect((await deliver(fake.event("charge.refunded", partial))).status).toBe(200);
    expect(await hasAccess(browser)).toBe(true);

    expect((await deliver(fake.event("charge.refunded", fake.refundedCharge(session)))).status).toBe(200);
    expect((await ordersOf(sessionId))[0]?.status).toBe("refunded");
    expect(await hasAccess(browser)).toBe(false);

    await deliver(fake.event("checkout.session.completed", session));
    expect((await browser.get(`/success?session_id=${sessionId}`)).status).toBe(200);
    expect((await ordersOf(sessionId))[0]?.status).toBe("refunded");
    expect(await hasAccess(browser)).toBe(false);
  });

  it("upserts subscriptions of known customers: active grants access, cancelled revokes it", async () => {
    const user = await createUser(app.db);
    const browser = await signIn(app.baseUrl, user.email);
    const customer = `cus_test_${user.id.slice(0, 8)}`;
    await app.db.insertInto("stripe_customers").values({ user_id: user.id, customer_id: customer }).execute();
    const subscription = (status: string) => ({
      id: `sub_test_${user.id.slice(0, 8)}`,
      object: "subscription",
      customer,
      status,
      cancel_at_period_end: false,
      items: { object: "list", data: [{ price: { id: "price_monthly" }, current_period_end: 1_900_000_000 }] },
    });

    expect((await deliver(fake.event("customer.subscription.created", subscription("active")))).status).toBe(200);
    expect(await hasAccess(browser)).toBe(true);
    const row = await app.db
      .selectFrom("stripe_subscriptions")
      .selectAll()
      .where("customer_id", "=", customer)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "active", price_id: "price_monthly" });
    expect(new Date(row.current_period_end!).getTime()).toBe(1_900_000_000_000);

    expect((await deliver(fake.event("customer.subscription.deleted", subscription("canceled")))).status).toBe(200);
    expect(await hasAccess(browser)).toBe(false);

    // A subscription of a customer that is not ours is acknowledged and ignored.
    const stranger = { ...subscription("active"), id: "sub_test_stranger", customer: "cus_test_stranger" };
    expect((await deliver(fake.event("customer.subscription.created", stranger))).status).toBe(200);
    expect(
      await app.db
        .selectFrom("stripe_subscriptions")
        .select("id")
        .where("subscription_id", "=", "sub_test_stranger")
        .execute(),
    ).toEqual([]);
  });

  it("acknowledges and records events it has nothing to do for", async () => {
    const event = fake.event("customer.created", { id: "cus_test_unrelated", object: "customer" });
    expect((await deliver(event)).status).toBe(200);
    expect(
      await app.db.selectFrom("webhook_events").select("event_type").where("event_id", "=", event.id).execute(),
    ).toEqual([{ event_type: "customer.created" }]);
  });

  it("answers a GET with 405", async () => {
    const response = await fetch(`${app.baseUrl}/webhooks/stripe`);
    expect(response.status).toBe(405);
  });
});
