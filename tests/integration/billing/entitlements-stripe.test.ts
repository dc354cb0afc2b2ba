import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FakeStripe, signatureFor } from "../../support/fake-stripe";
import { createUser, signIn } from "../../support/fixtures";
import { Browser, redirectTarget } from "../../support/http";
import { getPage } from "../../support/html";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from "../../support/test-app";
import { at } from "../../support/present";

/**
 * Issue 25 (decision 051): a card buyer buys an upgrade on /upgrades ('Buy now'), a Checkout
 * Session for that product only, fulfilled by /success or the webhook, whichever first; its
 * refund revokes that upgrade only. Against the loopback fake Stripe (decision 019).
 */
const SECRET_KEY = "sk_test_entitlements";
const WEBHOOK_SECRET = "whsec_entitlements";
const PRICE_LIFETIME = "price_lifetime_ent";
const PRICE_WHITE_LABEL = "price_white_label_ent";
const PRICE_CUSTOM_SAAS = "price_custom_saas_ent";
/** Where the team hears of a custom SaaS sale. */
const SUPPORT = "team@support.test.example";

let fake: FakeStripe;
let app: TestApp;
let admin: Browser;

beforeAll(async () => {
  fake = await FakeStripe.start({
    secretKey: SECRET_KEY,
    prices: {
      [PRICE_LIFETIME]: { unitAmount: 2500, currency: "usd" },
      [PRICE_WHITE_LABEL]: { unitAmount: 3700, currency: "usd" },
      [PRICE_CUSTOM_SAAS]: { unitAmount: 99700, currency: "usd" },
    },
  });
  app = await startTestApp({
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_LIFETIME: PRICE_LIFETIME,
    STRIPE_API_BASE: fake.baseUrl,
    SUPPORT_EMAIL: SUPPORT,
  });
  // These tests list a buyer's products exactly: no early bonus here (tests/integration/launch/early-bonus.test.ts).
  await app.db.updateTable("launch_settings").set({ early_bonus_buyers: 0 }).execute();
  admin = await signIn(app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  // The admin puts the white-label upgrade on sale by card.
  const saved = await admin.post("/admin/products", {
    key: "white_label",
    name: "12-in-1 White-Label AI SaaS",
    launchPrice: "37",
    regularPrice: "997",
    launchStripePriceId: PRICE_WHITE_LABEL,
    marketplaceItems: "",
  });
  expect(redirectTarget(saved)).toBe("/admin/products");
  // And the custom SaaS package.
  const custom = await admin.post("/admin/products", {
    key: "custom_saas",
    name: "Custom AI SaaS and 1-on-1 Coaching",
    launchPrice: "997",
    regularPrice: "1997",
    launchStripePriceId: PRICE_CUSTOM_SAAS,
    marketplaceItems: "",
  });
  expect(redirectTarget(custom)).toBe("/admin/products");
});
afterEach(() => fake.reset());
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

function deliver(event: unknown) {
  const payload = JSON.stringify(event);
  return fetch(`${app.baseUrl}/webhooks/stripe`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signatureFor(payload, WEBHOOK_SECRET) },
    body: payload,
  });
}

async function upgradesForm(browser: Browser) {
  const { document } = await getPage(browser, "/upgrades");
  const card = document.querySelector("#white_label");
  const formKey = card?.querySelector('input[name="form_key"]')?.getAttribute("value");
  return { card, formKey, document };
}

async function entitlementsOf(userId: string) {
  return app.db
    .selectFrom("entitlements")
    .select(["product_key", "source_kind", sql<boolean>`revoked_at IS NULL`.as("active")])
    .where("user_id", "=", userId)
    .orderBy("product_key")
    .execute();
}

describe("/upgrades 'Buy now'", () => {
  it("sells the upgrade alone, fulfils it on /success, once, and a refund closes only it", async () => {
    const member = await createUser(app.db, { paid: "stripe-order" });
    const browser = await signIn(app.baseUrl, member.email);
    const { card, formKey } = await upgradesForm(browser);
    expect(card?.querySelector("button")?.textContent).toContain("Buy now");
    expect(formKey).toBeTruthy();

    const started = await browser.post("/upgrades", { product: "white_label", form_key: formKey! });
    expect(started.status).toBe(303);
    const request = at(fake.createRequests(), 0, "checkout request");
    expect(request.form).toMatchObject({
      "line_items[0][price]": PRICE_WHITE_LABEL,
      client_reference_id: member.id,
      "metadata[product_key]": "white_label",
    });
    const sessionId = new URL(started.headers.get("Location")!).pathname.split("/").pop()!;
    const pending = await app.db
      .selectFrom("stripe_orders")
      .select(["product_key", "status", "user_id"])
      .where("checkout_session_id", "=", sessionId)
      .executeTakeFirstOrThrow();
    expect(pending).toEqual({ product_key: "white_label", status: "pending", user_id: member.id });

    const session = fake.pay(sessionId);
    expect((await browser.get(`/success?session_id=${sessionId}`)).status).toBe(200);
    expect((await deliver(fake.event("checkout.session.completed", session))).status).toBe(200);
    const owned = await entitlementsOf(member.id);
    expect(owned.filter((e) => e.product_key === "white_label")).toEqual([
      { product_key: "white_label", source_kind: "stripe_order", active: true },
    ]);

    const after = await upgradesForm(browser);
    expect(after.card?.textContent).toContain("You own this");
    expect(after.card?.querySelector("form")).toBeNull();
    const { document } = await getPage(browser, "/white-label-upsell");
    expect(document.body.textContent).toContain("You own this");

    expect((await deliver(fake.event("charge.refunded", fake.refundedCharge(session)))).status).toBe(200);
    expect(Object.fromEntries((await entitlementsOf(member.id)).map((e) => [e.product_key, e.active]))).toEqual({
      membership: true,
      white_label: false,
    });
    expect((await browser.get("/dashboard")).status).toBe(200);
  });

  it("refuses a tampered, unsold or owned product, and a visitor, before asking Stripe", async () => {
    const member = await createUser(app.db, { paid: "warriorplus" });
    const browser = await signIn(app.baseUrl, member.email);
    const { formKey } = await upgradesForm(browser);
    const cases: Array<[string, number, string]> = [
      ["platinum", 400, "Invalid product ID"],
      ["membership", 400, "Invalid product ID"],
      ["vip", 400, "This upgrade is not sold by card on this site."],
    ];
    for (const [product, status, message] of cases) {
      const response = await browser.post("/upgrades", { product, form_key: formKey! });
      expect(response.status, product).toBe(status);
      expect(await response.text(), product).toContain(message);
    }
    await app.db
      .insertInto("access_grants")
      .values({ user_id: member.id, reason: "gift", product_key: "white_label" })
      .execute();
    const owned = await browser.post("/upgrades", { product: "white_label", form_key: formKey! });
    expect(owned.status).toBe(409);
    expect(await owned.text()).toContain("You already own this upgrade.");

    const visitor = await new Browser(app.baseUrl).post("/upgrades", { product: "white_label", form_key: "x" });
    expect(redirectTarget(visitor)).toMatch(/^\/login/);
    expect(fake.createRequests()).toEqual([]);
  });
});

describe("a custom SaaS sale by card", () => {
  it("tells the support address through the outbox at once, once however the session is fulfilled", async () => {
    const member = await createUser(app.db, { paid: "stripe-order", name: "Card Client" });
    const browser = await signIn(app.baseUrl, member.email);
    const { document } = await getPage(browser, "/upgrades");
    const formKey = document.querySelector('#custom_saas input[name="form_key"]')?.getAttribute("value");
    expect(formKey).toBeTruthy();
    const started = await browser.post("/upgrades", { product: "custom_saas", form_key: formKey! });
    expect(started.status).toBe(303);
    const sessionId = new URL(started.headers.get("Location")!).pathname.split("/").pop()!;
    const session = fake.pay(sessionId);
    expect((await browser.get(`/success?session_id=${sessionId}`)).status).toBe(200);
    expect((await deliver(fake.event("checkout.session.completed", session))).status).toBe(200);

    const notices = () =>
      app.db
        .selectFrom("email_outbox")
        .select(["subject", "text_body", "sent_at"])
        .where("to_address", "=", SUPPORT)
        .where("subject", "=", `New custom SaaS sale: ${member.email}`)
        .execute();
    // Sent by the outbox right after the sale (mail is written to the log here: no SMTP_URL).
    await expect
      .poll(async () => (await notices()).map((notice) => notice.sent_at !== null), { timeout: 15_000 })
      .toEqual([true]);
    const [notice] = await notices();
    expect(notice!.text_body).toContain(`Card Client <${member.email}> has just bought`);
    expect(notice!.text_body).toContain("$997.00 USD through Stripe");
    expect(notice!.text_body).toContain(`/admin/members/${member.id}/orders`);
  });
});
