import type { Kysely } from "kysely";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DB } from "../../app/platform/db/db-schema";
import { startAppProcess, type AppProcess } from "../support/app-process";
import { FakeStripe, signatureFor } from "../support/fake-stripe";
import { createUser, signIn, uniqueEmail } from "../support/fixtures";
import { Browser } from "../support/http";
import { marketplaceSale, postMarketplaceIpn } from "../support/marketplace-sale";
import { createDatabase, openDatabase } from "../support/operations";
import { startCluster, type Cluster } from "../support/pg-cluster";
import { SmtpSink } from "../support/smtp-sink";
import { captured } from "../support/present";

/**
 * PostgreSQL goes away under mixed load (visitors, members, sign-ins, both webhooks) and comes
 * back, twice: stopped (`pg_ctl stop -m fast`: connections cut, new ones refused) and hung
 * (SIGSTOP: connections open, nothing answers). On its own cluster, so stopping it disturbs no
 * other test file, and against the real server process.
 */
const TIMEOUTS = {
  DATABASE_CONNECT_TIMEOUT_MS: "1000",
  DATABASE_STATEMENT_TIMEOUT_MS: "2000",
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: "3000",
};
// The longest one request may wait on the database: a pooled connection's read timeout
// (statement timeout + 1 s); a connect is bounded by 1 s. Plus slack for a busy machine.
// Without the timeouts a hung server keeps requests waiting indefinitely.
const ANSWERS_WITHIN_MS = 2_000 + 1_000 + 3_000;

const SECRET_KEY = "sk_test_outage";
const WEBHOOK_SECRET = "whsec_outage";
const PRICE = "price_lifetime_outage";
const WP_KEY = "wp-outage-key";
const WP_ITEM = "wso_front";

let cluster: Cluster;
let fake: FakeStripe;
let smtp: SmtpSink;
let app: AppProcess;
let db: Kysely<DB>;

beforeAll(async () => {
  cluster = await startCluster();
  const url = await createDatabase(cluster, "outage");
  fake = await FakeStripe.start({ secretKey: SECRET_KEY, prices: { [PRICE]: { unitAmount: 2500, currency: "usd" } } });
  smtp = await SmtpSink.start();
  app = await startAppProcess({
    DATABASE_URL: url,
    ...TIMEOUTS,
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_LIFETIME: PRICE,
    STRIPE_PRICE_TRIAL: PRICE,
    STRIPE_API_BASE: fake.baseUrl,
    WARRIORPLUS_SECURITY_KEY: WP_KEY,
    WARRIORPLUS_MEMBERSHIP_ITEMS: WP_ITEM,
    SMTP_URL: smtp.url,
    TRUST_PROXY: "1",
  });
  db = openDatabase(url);
});

afterAll(async () => {
  await app?.stop();
  await db?.destroy();
  await fake?.close();
  await smtp?.close();
  cluster?.stop();
});

/** One request that must answer (any status) within the bound, never hang. */
async function timed(label: string, request: (signal: AbortSignal) => Promise<Response>) {
  const signal = AbortSignal.timeout(ANSWERS_WITHIN_MS);
  try {
    const response = await request(signal);
    return { label, status: response.status, body: await response.text(), headers: response.headers };
  } catch (error) {
    throw new Error(`${label} did not answer within ${ANSWERS_WITHIN_MS} ms: ${error}`);
  }
}

function stripeWebhook(event: Stripe.Event, signal?: AbortSignal) {
  const payload = JSON.stringify(event);
  return fetch(`${app.baseUrl}/webhooks/stripe`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signatureFor(payload, WEBHOOK_SECRET) },
    body: payload,
    signal,
  });
}

/** A buyer who has paid on Stripe's page; the completion event is what the webhook carries. */
async function paidCheckout() {
  const buyer = await createUser(db);
  const browser = await signIn(app.baseUrl, buyer.email);
  const page = await (await browser.get("/payment-options")).text();
  const formKey = captured(page, /name="form_key" value="([^"]+)"/);
  const created = await browser.post("/payment-options", { product: "AI_PROFIT_LABS", form_key: formKey });
  expect(created.status).toBe(303);
  const sessionId = new URL(created.headers.get("Location")!).pathname.split("/").pop()!;
  return { buyer, browser, event: fake.event("checkout.session.completed", fake.pay(sessionId)), sessionId };
}

const outages = [
  {
    mode: "stopped (pg_ctl stop -m fast)",
    takeAway: () => cluster.stopServer(),
    bringBack: () => cluster.startServer(),
  },
  { mode: "hung (SIGSTOP on every server process)", takeAway: () => cluster.freeze(), bringBack: () => cluster.thaw() },
];

describe.each(outages)("PostgreSQL $mode", ({ takeAway, bringBack }) => {
  it("answers 503 quickly while it is away, and everything works again once it is back, with nothing lost or doubled", async () => {
    const member = await createUser(db, { paid: "stripe-order" });
    const memberBrowser = await signIn(app.baseUrl, member.email);
    const loginEmail = (await createUser(db)).email;
    const checkout = await paidCheckout();
    const sale = marketplaceSale(
      { securityKey: WP_KEY, item: WP_ITEM, email: uniqueEmail("wp-buyer") },
      { WP_BUYER_NAME: "Wanda Buyer" },
    );
    const sessionsBefore = await db.selectFrom("sessions").select("user_id").where("user_id", "=", member.id).execute();
    expect((await memberBrowser.get("/dashboard")).status).toBe(200);

    takeAway();
    let answers;
    try {
      // Mixed load, twice over, all at once: more requests than the pool has connections.
      answers = await Promise.all(
        [1, 2].flatMap(() => [
          timed("visitor /", (signal) => new Browser(app.baseUrl).get("/", { signal })),
          timed("member /dashboard", (signal) => memberBrowser.get("/dashboard", { signal })),
          timed("member /course data", (signal) => memberBrowser.get("/dashboard.data", { signal })),
          timed("POST /login", (signal) =>
            new Browser(app.baseUrl).post(
              "/login",
              { email: loginEmail, password: "correct-horse-battery" },
              { signal },
            ),
          ),
          timed("Stripe webhook", (signal) => stripeWebhook(checkout.event, signal)),
          timed("WarriorPlus IPN", (signal) => postMarketplaceIpn(app.baseUrl, sale, signal)),
          timed("/healthz", (signal) => fetch(`${app.baseUrl}/healthz`, { signal })),
        ]),
      );
    } finally {
      bringBack();
    }

    const byLabel = (label: string) => answers.filter((answer) => answer.label === label);
    for (const page of [...byLabel("member /dashboard"), ...byLabel("POST /login")]) {
      expect(page.status, page.label).toBe(503);
      expect(page.headers.get("Retry-After")).toBe("15");
      expect(page.headers.get("Cache-Control")).toBe("no-store");
      expect(page.body).toContain("right back");
      // Nothing about the cause reaches the visitor.
      expect(page.body).not.toMatch(/ECONNREFUSED|timeout|postgres|terminat|Error:|at .*\.js/i);
    }
    for (const data of byLabel("member /course data")) expect(data.status).toBe(503);
    for (const webhook of [...byLabel("Stripe webhook"), ...byLabel("WarriorPlus IPN")]) {
      expect(webhook.status, `${webhook.label} must ask for a retry`).toBeGreaterThanOrEqual(500);
    }
    for (const health of byLabel("/healthz")) expect(health.status).toBe(503);
    // Anonymous public pages need no database: visitors keep reading.
    for (const visitor of byLabel("visitor /")) expect(visitor.status).toBe(200);

    // Back, with no restart of the app.
    await vi.waitFor(async () => expect((await fetch(`${app.baseUrl}/healthz`)).status, "/healthz again").toBe(200), {
      timeout: 30_000,
      interval: 200,
    });
    expect((await memberBrowser.get("/dashboard")).status).toBe(200);
    expect(
      (await new Browser(app.baseUrl).post("/login", { email: loginEmail, password: "correct-horse-battery" })).status,
    ).toBe(303);

    // The senders retry; each delivery is applied once, and a repeat is acknowledged.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await stripeWebhook(checkout.event)).status).toBe(200);
      expect((await postMarketplaceIpn(app.baseUrl, sale)).status).toBe(200);
    }
    const orders = await db
      .selectFrom("stripe_orders")
      .select("status")
      .where("checkout_session_id", "=", checkout.sessionId)
      .execute();
    expect(orders).toEqual([{ status: "completed" }]);
    expect(
      await db.selectFrom("warriorplus_orders").select("sale_id").where("sale_id", "=", sale.WP_SALE).execute(),
    ).toHaveLength(1);
    expect((await checkout.browser.get("/dashboard")).status).toBe(200);

    // The member's session survived; the buyer's set-password email goes out exactly once.
    const sessionsAfter = await db.selectFrom("sessions").select("user_id").where("user_id", "=", member.id).execute();
    expect(sessionsAfter).toHaveLength(sessionsBefore.length);
    await smtp.waitFor(sale.WP_BUYER_EMAIL);
    const unsent = () => db.selectFrom("email_outbox").select("id").where("sent_at", "is", null).execute();
    await vi.waitFor(async () => expect(await unsent(), "the outbox drained").toEqual([]), {
      timeout: 30_000,
      interval: 200,
    });
    expect(smtp.messages.filter((message) => message.to.includes(sale.WP_BUYER_EMAIL.toLowerCase()))).toHaveLength(1);
  });
});
