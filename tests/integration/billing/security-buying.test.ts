import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FakeStripe, signatureFor } from "../../support/fake-stripe";
import { createUser, signIn } from "../../support/fixtures";
import { redirectTarget, type Browser } from "../../support/http";
import { startTestApp, type TestApp } from "../../support/test-app";
import { captured } from "../../support/present";

/**
 * Issue 10 items 6 and 11: the plan page sells only its plan; fulfilment grants only for a
 * Checkout Session this site created (its pending order) with the membership price; a refund or
 * dispute that arrives first is kept; Stripe's words never reach the page; /success asks Stripe
 * only about the signed-in user's own pending session, and only so often.
 */
const SECRET_KEY = "sk_test_security";
const WEBHOOK_SECRET = "whsec_security";
const PRICE_LIFETIME = "price_lifetime_security";
const PRICE_TRIAL = "price_trial_security";

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

async function formKey(browser: Browser): Promise<string> {
  const html = await (await browser.get("/payment-options")).text();
  return captured(html, /name="form_key" value="([^"]+)"/);
}

/** A signed-in user who started checkout on the plan page. */
async function userInCheckout(options: { verified?: boolean } = {}) {
  const user = await createUser(app.db, options);
  const browser = await signIn(app.baseUrl, user.email);
  const response = await browser.post("/payment-options", {
    product: "AI_PROFIT_LABS",
    form_key: await formKey(browser),
  });
  expect(response.status).toBe(303);
  const sessionId = new URL(response.headers.get("Location")!).pathname.split("/").pop()!;
  return { user, browser, sessionId };
}

function deliver(event: Stripe.Event) {
  const payload = JSON.stringify(event);
  return fetch(`${app.baseUrl}/webhooks/stripe`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signatureFor(payload, WEBHOOK_SECRET) },
    body: payload,
  });
}

/** Someone else with access to the same Stripe account (another shop, a leaked key) creates a session. */
function foreignSession(params: Stripe.Checkout.SessionCreateParams) {
  const url = new URL(fake.baseUrl);
  const stripe = new Stripe(SECRET_KEY, { host: url.hostname, port: url.port, protocol: "http" });
  return stripe.checkout.sessions.create(params);
}

async function hasAccess(browser: Browser): Promise<boolean> {
  const response = await browser.get("/dashboard");
  if (response.status === 200) return true;
  expect(redirectTarget(response)).toBe("/payment-options");
  return false;
}

const ordersOf = (sessionId: string) =>
  app.db.selectFrom("stripe_orders").selectAll().where("checkout_session_id", "=", sessionId).execute();

describe("the plan page", () => {
  it("accepts only the plan it shows: a tampered product field is refused and Stripe is not asked", async () => {
    const user = await createUser(app.db);
    const browser = await signIn(app.baseUrl, user.email);
    for (const product of ["AI_PROFIT_LABS_TRIAL", "__proto__", "ai_profit_labs", ""]) {
      const response = await browser.post("/payment-options", { product, form_key: await formKey(browser) });
      expect(response.status, product).toBe(400);
      expect(await response.text()).toContain("Invalid product ID");
    }
    expect(fake.createRequests()).toEqual([]);
  });

  it("writes a pending order for the session it creates, with the product, price and amount", async () => {
    const { user, sessionId } = await userInCheckout();
    expect(await ordersOf(sessionId)).toMatchObject([
      {
        user_id: user.id,
        status: "pending",
        product_key: "AI_PROFIT_LABS",
        price_id: PRICE_LIFETIME,
        amount_subtotal: 2500,
        currency: "usd",
      },
    ]);
  });

  it("never shows Stripe's own error text, only the docs/product.md §8 message", async () => {
    const user = await createUser(app.db);
    const browser = await signIn(app.baseUrl, user.email);
    const key = await formKey(browser);
    fake.failure = {
      kind: "error",
      status: 400,
      type: "invalid_request_error",
      message: "No such price: 'price_lifetime_security'; secret detail",
    };
    const response = await browser.post("/payment-options", { product: "AI_PROFIT_LABS", form_key: key });
    const html = await response.text();
    expect(html).toContain("Failed to create checkout session");
    expect(html).not.toContain("secret detail");
    expect(html).not.toContain("price_lifetime_security");
  });
});

describe("fulfilment", () => {
  it("grants nothing for a paid session this site did not create, even one naming a user of ours", async () => {
    const user = await createUser(app.db);
    const browser = await signIn(app.baseUrl, user.email);
    const session = await foreignSession({
      mode: "payment",
      line_items: [{ price: PRICE_TRIAL, quantity: 1 }],
      client_reference_id: user.id,
      metadata: { product_key: "AI_PROFIT_LABS" },
      success_url: "https://elsewhere.example/ok",
    });
    expect((await deliver(fake.event("checkout.session.completed", fake.pay(session.id)))).status).toBe(200);
    expect(await hasAccess(browser)).toBe(false);
    expect(await ordersOf(session.id)).toEqual([]);
    // Coming back through /success with it does not help either, and costs no call to Stripe.
    fake.reset();
    await browser.get(`/success?session_id=${session.id}`);
    expect(fake.requests).toEqual([]);
    expect(await hasAccess(browser)).toBe(false);
  });

  it("grants nothing when the completed session's amount is not the membership price's", async () => {
    const { browser, sessionId } = await userInCheckout();
    const paid = fake.pay(sessionId);
    expect(
      (await deliver(fake.event("checkout.session.completed", { ...paid, amount_subtotal: 100, amount_total: 100 })))
        .status,
    ).toBe(200);
    expect(await hasAccess(browser)).toBe(false);
    expect((await ordersOf(sessionId))[0]?.status).toBe("pending");
  });

  it("keeps a refund that arrives before fulfilment, so the later completion grants nothing", async () => {
    const { browser, sessionId } = await userInCheckout();
    const session = fake.pay(sessionId);
    expect((await deliver(fake.event("charge.refunded", fake.refundedCharge(session)))).status).toBe(200);
    expect((await deliver(fake.event("checkout.session.completed", session))).status).toBe(200);
    expect(await hasAccess(browser)).toBe(false);
    const [order] = await ordersOf(sessionId);
    expect(order).toMatchObject({ status: "refunded", amount_total: 2500, product_key: "AI_PROFIT_LABS" });
    // /success asks Stripe again: still nothing.
    await browser.get(`/success?session_id=${sessionId}`);
    expect(await hasAccess(browser)).toBe(false);
  });

  it("keeps a dispute that arrives before fulfilment, and a dispute after it revokes access", async () => {
    const early = await userInCheckout();
    const earlySession = fake.pay(early.sessionId);
    const dispute = (session: Stripe.Checkout.Session) => ({
      id: `dp_${session.id}`,
      object: "dispute",
      payment_intent: session.payment_intent,
      status: "needs_response",
    });
    expect((await deliver(fake.event("charge.dispute.created", dispute(earlySession)))).status).toBe(200);
    await deliver(fake.event("checkout.session.completed", earlySession));
    expect(await hasAccess(early.browser)).toBe(false);
    expect((await ordersOf(early.sessionId))[0]?.status).toBe("disputed");

    const late = await userInCheckout();
    const lateSession = fake.pay(late.sessionId);
    await deliver(fake.event("checkout.session.completed", lateSession));
    expect(await hasAccess(late.browser)).toBe(true);
    await deliver(fake.event("charge.dispute.created", dispute(lateSession)));
    expect(await hasAccess(late.browser)).toBe(false);
  });
});

describe("Stripe purchases and the address's owner (issue 31 item 3, decision 048)", () => {
  it("a checkout joins the signed-in account that started it, proven or not: the session is the proof", async () => {
    // An account whose address nobody proved: its holder pays with their own card, for themselves.
    const { user, browser, sessionId } = await userInCheckout({ verified: false });
    expect((await deliver(fake.event("checkout.session.completed", fake.pay(sessionId)))).status).toBe(200);
    expect(await hasAccess(browser)).toBe(true);
    expect((await ordersOf(sessionId))[0]).toMatchObject({ user_id: user.id, status: "completed" });
  });

  it("a buyer who is not signed in cannot start a checkout, so no Stripe purchase is matched by address", async () => {
    const response = await fetch(`${app.baseUrl}/payment-options`, {
      method: "POST",
      body: new URLSearchParams({ product: "AI_PROFIT_LABS", form_key: "x" }),
      redirect: "manual",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toContain("/login");
    expect(fake.createRequests()).toEqual([]);
  });
});

describe("/success", () => {
  it("never asks Stripe about another user's session, and grants this user nothing from it", async () => {
    const owner = await userInCheckout();
    fake.pay(owner.sessionId);
    const stranger = await signIn(app.baseUrl, (await createUser(app.db)).email);
    fake.reset();
    const page = await stranger.get(`/success?session_id=${owner.sessionId}`);
    expect(page.status).toBe(200);
    expect(fake.requests).toEqual([]);
    expect(await hasAccess(stranger)).toBe(false);
    expect((await ordersOf(owner.sessionId))[0]?.status).toBe("pending");
  });

  it("is rate limited per user: past the limit, no more calls to Stripe", async () => {
    const { browser, sessionId } = await userInCheckout();
    fake.reset();
    for (let visit = 0; visit < 14; visit++)
      expect((await browser.get(`/success?session_id=${sessionId}`)).status).toBe(200);
    expect(fake.requests.length).toBe(10);
    // Unknown ids count too, and never reach Stripe.
    const other = await userInCheckout();
    fake.reset();
    for (let visit = 0; visit < 12; visit++) await other.browser.get(`/success?session_id=cs_test_unknown${visit}`);
    expect(fake.requests).toEqual([]);
  });
});
