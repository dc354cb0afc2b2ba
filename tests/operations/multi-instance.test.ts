import type { Kysely } from "kysely";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DB } from "../../app/platform/db/db-schema";
import { migrations } from "../../migrations";
import { startAppProcess, type AppProcess } from "../support/app-process";
import { FakeStripe, signatureFor } from "../support/fake-stripe";
import { createUser, signIn, uniqueEmail } from "../support/fixtures";
import { Browser, redirectTarget } from "../support/http";
import { createDatabase, logLines, openDatabase } from "../support/operations";
import { freePort, startCluster, type Cluster } from "../support/pg-cluster";
import { startRoundRobinProxy, type RoundRobinProxy } from "../support/round-robin-proxy";
import { SmtpSink } from "../support/smtp-sink";
import { PASSWORD_THROTTLE } from "../../app/features/accounts/password-throttle.server";
import { captured } from "../support/present";

/**
 * Two instances of the real server on one PostgreSQL, behind a round-robin proxy, as `fly scale
 * count 2` runs them: everything that must be shared lives in the database, so it does not
 * matter which instance a request reaches.
 */
const SECRET_KEY = "sk_test_instances";
const WEBHOOK_SECRET = "whsec_instances";
const PRICE = "price_lifetime_instances";

let cluster: Cluster;
let fake: FakeStripe;
let smtp: SmtpSink;
let instances: [AppProcess, AppProcess];
let proxy: RoundRobinProxy;
let db: Kysely<DB>;

beforeAll(async () => {
  cluster = await startCluster();
  const url = await createDatabase(cluster, "instances");
  fake = await FakeStripe.start({ secretKey: SECRET_KEY, prices: { [PRICE]: { unitAmount: 2500, currency: "usd" } } });
  smtp = await SmtpSink.start();
  const proxyPort = await freePort();
  const publicUrl = `http://127.0.0.1:${proxyPort}`;
  const env = {
    DATABASE_URL: url,
    PUBLIC_URL: publicUrl,
    ADMIN_EMAIL: "admin@instances.example",
    ADMIN_PASSWORD: "admin-password-123",
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_LIFETIME: PRICE,
    STRIPE_PRICE_TRIAL: PRICE,
    STRIPE_API_BASE: fake.baseUrl,
    SMTP_URL: smtp.url,
    TRUST_PROXY: "1",
  };
  // Both start at once on the empty database: both try to migrate and seed it.
  instances = await Promise.all([startAppProcess(env), startAppProcess(env)]);
  proxy = await startRoundRobinProxy(proxyPort, () => instances.map((instance) => instance.baseUrl));
  db = openDatabase(url);
});

afterAll(async () => {
  await proxy?.close();
  await Promise.all((instances ?? []).map((instance) => instance.stop()));
  await db?.destroy();
  await fake?.close();
  await smtp?.close();
  cluster?.stop();
});

/** The same browser (its cookies) speaking to one instance directly. */
function on(instance: AppProcess, browser: Browser): Browser {
  const direct = new Browser(instance.baseUrl, browser.address);
  for (const pair of browser.cookieHeader().split("; ").filter(Boolean)) {
    const index = pair.indexOf("=");
    direct.setCookie(pair.slice(0, index), pair.slice(index + 1));
  }
  return direct;
}

function deliver(instance: AppProcess, event: Stripe.Event) {
  const payload = JSON.stringify(event);
  return fetch(`${instance.baseUrl}/webhooks/stripe`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signatureFor(payload, WEBHOOK_SECRET) },
    body: payload,
  });
}

async function paidCheckout() {
  const buyer = await createUser(db);
  const browser = await signIn(proxy.url, buyer.email);
  const page = await (await browser.get("/payment-options")).text();
  const formKey = captured(page, /name="form_key" value="([^"]+)"/);
  const created = await browser.post("/payment-options", { product: "AI_PROFIT_LABS", form_key: formKey });
  expect(created.status).toBe(303);
  const sessionId = new URL(created.headers.get("Location")!).pathname.split("/").pop()!;
  return { browser, sessionId, event: fake.event("checkout.session.completed", fake.pay(sessionId)) };
}

const ordersOf = (sessionId: string) =>
  db
    .selectFrom("stripe_orders")
    .select(["status", "amount_total"])
    .where("checkout_session_id", "=", sessionId)
    .execute();

describe("two instances on one PostgreSQL", () => {
  it("migrate and seed the empty database once, taking turns under an advisory lock", async () => {
    const applied = await db
      .selectFrom("kysely_migration" as never)
      .select("name" as never)
      .execute();
    expect(applied).toHaveLength(Object.keys(migrations).length);
    const appliedLines = instances.flatMap((instance) =>
      logLines(instance).flatMap((line) => (line.msg === "migrations applied" ? (line.migrations as string[]) : [])),
    );
    expect(appliedLines.sort()).toEqual(Object.keys(migrations).sort());
    // The seed ran after the first instance's work: the demo, Starter, White-label and VIP courses once, one admin.
    expect(await db.selectFrom("courses").select("id").execute()).toHaveLength(4);
    expect(
      await db.selectFrom("users").select("id").where("email", "=", "admin@instances.example").execute(),
    ).toHaveLength(1);
    for (const instance of instances) expect((await fetch(`${instance.baseUrl}/healthz/ready`)).status).toBe(200);
  });

  it("share sessions: a sign-in on one works on the other, and logout on one ends it on both", async () => {
    const member = await createUser(db, { paid: "stripe-order" });
    const browser = await signIn(proxy.url, member.email);
    const served = new Set<string>();
    for (let i = 0; i < 2; i += 1) {
      const response = await browser.get("/dashboard");
      expect(response.status).toBe(200);
      served.add(response.headers.get("X-Upstream")!);
    }
    expect(served).toEqual(new Set(["0", "1"]));

    const [first, second] = instances;
    const beforeLogout = on(second, browser);
    expect((await on(first, browser).post("/logout", {})).status).toBe(303);
    for (const instance of instances) {
      const response = await on(instance, beforeLogout).get("/dashboard");
      expect(redirectTarget(response)).toMatch(/^\/login/);
    }
  });

  it("share rate limits: failures counted on either instance add up", async () => {
    const victim = await createUser(db);
    // Failed passwords for one email hit a ceiling, from any address, on any instance; past it
    // only a browser with the account's device cookie may try (these browsers have none).
    for (let attempt = 0; attempt < PASSWORD_THROTTLE.emailCeiling.limit; attempt += 1) {
      const response = await new Browser(proxy.url).post("/login", {
        email: victim.email,
        password: "wrong-password-1",
      });
      expect(response.status).toBe(400);
    }
    for (const instance of instances) {
      const response = await new Browser(instance.baseUrl).post("/login", {
        email: victim.email,
        password: "wrong-password-1",
      });
      expect(response.status).toBe(429);
    }
  });

  it("fulfil a Stripe webhook delivered to both at once exactly once", async () => {
    const { event, sessionId } = await paidCheckout();
    const answers = await Promise.all(instances.map((instance) => deliver(instance, event)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await ordersOf(sessionId)).toEqual([{ status: "completed", amount_total: 2500 }]);
    expect(
      await db.selectFrom("webhook_events").select("event_id").where("event_id", "=", event.id).execute(),
    ).toHaveLength(1);
  });

  it("fulfil once when /success on one races the webhook on the other", async () => {
    const { browser, event, sessionId } = await paidCheckout();
    const [first, second] = instances;
    const [landing, webhook] = await Promise.all([
      on(first, browser).get(`/success?session_id=${sessionId}`),
      deliver(second, event),
    ]);
    expect(landing.status).toBe(200);
    expect(webhook.status).toBe(200);
    expect(await ordersOf(sessionId)).toEqual([{ status: "completed", amount_total: 2500 }]);
    expect((await on(second, browser).get("/dashboard")).status).toBe(200);
  });

  it("send every outbox message exactly once with both mail senders running", async () => {
    const users = await Promise.all(Array.from({ length: 16 }, () => createUser(db, { email: uniqueEmail("outbox") })));
    // Each request queues a reset link and wakes the sender of the instance that served it.
    const answers = await Promise.all(
      users.map((user) => new Browser(proxy.url).post("/forgot-password", { email: user.email })),
    );
    expect(new Set(answers.map((answer) => answer.headers.get("X-Upstream")))).toEqual(new Set(["0", "1"]));
    const unsent = () => db.selectFrom("email_outbox").select("id").where("sent_at", "is", null).execute();
    await vi.waitFor(async () => expect(await unsent(), "every reset link is sent").toEqual([]), {
      timeout: 30_000,
      interval: 200,
    });
    for (const user of users) {
      expect(
        smtp.messages.filter((message) => message.to.includes(user.email)),
        user.email,
      ).toHaveLength(1);
    }
  });
});
