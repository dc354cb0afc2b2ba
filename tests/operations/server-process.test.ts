import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DB } from "../../app/platform/db/db-schema";
import { startAppProcess, type AppProcess } from "../support/app-process";
import { sigtermDuringSlowCheckout } from "../support/graceful-stop";
import { FakeStripe } from "../support/fake-stripe";
import { createUser, signIn } from "../support/fixtures";
import { createDatabase, logLines, openDatabase } from "../support/operations";
import { freePort, startCluster, type Cluster } from "../support/pg-cluster";

/**
 * The production server process as an operator sees it: JSON log lines, /metrics, and a
 * graceful stop on SIGTERM.
 */
const METRICS_TOKEN = "metrics-token-for-the-tests";
const SECRET_KEY = "sk_test_process";
const PRICE = "price_lifetime_process";

let cluster: Cluster;
let databaseUrl: string;
let fake: FakeStripe;
let db: Kysely<DB>;

beforeAll(async () => {
  cluster = await startCluster();
  databaseUrl = await createDatabase(cluster, "process");
  fake = await FakeStripe.start({ secretKey: SECRET_KEY, prices: { [PRICE]: { unitAmount: 2500, currency: "usd" } } });
});
afterAll(async () => {
  await db?.destroy();
  await fake?.close();
  cluster?.stop();
});

function start(extra: Record<string, string> = {}) {
  return startAppProcess({
    DATABASE_URL: databaseUrl,
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_PRICE_LIFETIME: PRICE,
    STRIPE_PRICE_TRIAL: PRICE,
    STRIPE_API_BASE: fake.baseUrl,
    METRICS_TOKEN,
    ...extra,
  });
}

/** Prometheus' text format, line by line: comments, or `name{labels} value`. */
function parsePrometheus(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("# HELP ") || line.startsWith("# TYPE ")) continue;
    // Prometheus reads special values case-insensitively (prom-client prints "Nan").
    const [, name, value] =
      /^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\{[^}]*\})?) (-?[0-9.e+-]+|(?:nan|[+-]inf))$/i.exec(line) ?? [];
    if (name === undefined) throw new Error(`not Prometheus text: ${line}`);
    samples.set(name, Number(value));
  }
  return samples;
}

describe("logs and metrics", () => {
  let app: AppProcess;
  let metricsPort: number;
  beforeAll(async () => {
    metricsPort = await freePort();
    app = await start({ METRICS_PORT: String(metricsPort) });
    db = openDatabase(databaseUrl);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("prints one JSON line per request with the request id (echoed), route, status, duration and user, never a cookie", async () => {
    const member = await createUser(db, { paid: "stripe-order" });
    const browser = await signIn(app.baseUrl, member.email);
    const fromProxy = await browser.get("/dashboard", { headers: { "X-Request-Id": "fly-req-0001" } });
    expect(fromProxy.status).toBe(200);
    expect(fromProxy.headers.get("X-Request-Id")).toBe("fly-req-0001");
    const generated = await fetch(`${app.baseUrl}/ailabs-offer?utm=x`, {
      headers: { "X-Request-Id": "<script>not an id</script>" },
    });
    const generatedId = generated.headers.get("X-Request-Id")!;
    expect(generatedId).toMatch(/^[0-9a-f-]{36}$/);
    // A request is logged once its answer is sent: the line may come just after the answer.
    const logged = (id: string) => logLines(app).some((line) => line.reqId === id);
    await vi.waitFor(
      () => {
        expect(logged("fly-req-0001"), "the member's request logged").toBe(true);
        expect(logged(generatedId), "the visitor's request logged").toBe(true);
      },
      { timeout: 30_000, interval: 200 },
    );

    const lines = logLines(app);
    const memberLine = lines.find((line) => line.reqId === "fly-req-0001");
    expect(memberLine).toMatchObject({
      msg: "request",
      method: "GET",
      route: "/dashboard",
      status: 200,
      userId: member.id,
      level: 30,
    });
    expect(typeof memberLine!.durationMs).toBe("number");
    expect(typeof memberLine!.time).toBe("string");
    expect(lines.find((line) => line.reqId === generatedId)).toMatchObject({
      route: "/ailabs-offer",
      path: "/ailabs-offer",
      status: 200,
    });
    const sessionCookie = browser.cookie("__session")!;
    expect(app.output()).not.toContain(sessionCookie);
    expect(app.output()).not.toContain("operations-test-secret");
  });

  it("serves /metrics only with the bearer token, in Prometheus text with requests, pool, outbox, page cache and webhooks", async () => {
    expect((await fetch(`${app.baseUrl}/metrics`)).status).toBe(401);
    expect(
      (await fetch(`${app.baseUrl}/metrics`, { headers: { Authorization: "Bearer wrong-token-wrong-token" } })).status,
    ).toBe(401);

    // The first render is compressed and stored after it is sent: ask again until an answer comes
    // from the page cache (a stored page carries its Age).
    let offerRequests = 0;
    const offer = async () => {
      offerRequests += 1;
      const response = await fetch(`${app.baseUrl}/ailabs-offer2`);
      await response.text();
      return response;
    };
    await offer();
    await vi.waitFor(async () => expect((await offer()).headers.has("Age"), "a cached answer").toBe(true), {
      timeout: 30_000,
      interval: 200,
    });
    // Webhooks not configured here: the answer asks the sender to retry, counted as failed.
    await fetch(`${app.baseUrl}/webhooks/stripe`, { method: "POST", body: "{}" });

    const response = await fetch(`${app.baseUrl}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/plain");
    const samples = parsePrometheus(await response.text());
    expect(samples.get('http_request_duration_seconds_count{method="GET",route="/ailabs-offer2",status="200"}')).toBe(
      offerRequests,
    );
    expect([...samples.keys()].some((name) => name.startsWith("http_request_duration_seconds_bucket{"))).toBe(true);
    expect(samples.get('page_cache_lookups_total{outcome="hit"}')).toBeGreaterThanOrEqual(1);
    expect(samples.get('page_cache_lookups_total{outcome="miss"}')).toBeGreaterThanOrEqual(1);
    expect(samples.get("app_db_pool_total")).toBeGreaterThanOrEqual(1);
    expect(samples.has("app_db_pool_idle")).toBe(true);
    expect(samples.get("app_db_pool_waiting")).toBe(0);
    expect(samples.get('app_outbox_depth{state="waiting"}')).toBe(0);
    expect(samples.get('app_bcrypt_queue{state="waiting"}')).toBe(0);
    expect(samples.get("app_outbox_send_failures_total")).toBe(0);
    expect(samples.get('app_webhook_outcomes_total{provider="stripe",outcome="failed"}')).toBe(1);
    expect(samples.has("process_resident_memory_bytes")).toBe(true);

    // The private port needs no token: only the private network reaches it.
    const internal = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(internal.status).toBe(200);
    expect(parsePrometheus(await internal.text()).has("app_db_pool_total")).toBe(true);
  });
});

describe("graceful restart", () => {
  it("on SIGTERM stops accepting, lets the slow request in flight finish, and exits 0", async () => {
    const app = await start();
    db ??= openDatabase(databaseUrl);
    const { checkout, newConnection, exitCode } = await sigtermDuringSlowCheckout(app, db, fake);
    expect(newConnection).toMatch(/ECONNREFUSED/);
    expect(checkout.status).toBe(303);
    expect(checkout.headers.get("Location")).toMatch(/\/pay\/cs_test_/);
    expect(exitCode).toBe(0);
    expect(app.output()).toContain("stopped cleanly");
  });
});
