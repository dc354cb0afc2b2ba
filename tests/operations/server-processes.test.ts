import fs from "node:fs";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DB } from "../../app/platform/db/db-schema";
import { startAppProcess, type AppProcess } from "../support/app-process";
import { sigtermDuringSlowCheckout } from "../support/graceful-stop";
import { FakeStripe } from "../support/fake-stripe";
import { createDatabase, freshConnection, logLines, openDatabase } from "../support/operations";
import { childrenOf, freePort, startCluster, type Cluster } from "../support/pg-cluster";

/**
 * WEB_CONCURRENCY: one instance running several server processes on one port, as on a machine
 * with more than one CPU (docs/decisions/035). Both serve, /metrics adds them up, one that dies
 * is replaced, SIGTERM drains them all, and one that cannot start stops the whole server.
 */
const METRICS_TOKEN = "metrics-token-for-the-process-tests";
const SECRET_KEY = "sk_test_processes";
const PRICE = "price_lifetime_processes";

let cluster: Cluster;
let databaseUrl: string;
let fake: FakeStripe;
let db: Kysely<DB>;

beforeAll(async () => {
  cluster = await startCluster();
  databaseUrl = await createDatabase(cluster, "processes");
  fake = await FakeStripe.start({ secretKey: SECRET_KEY, prices: { [PRICE]: { unitAmount: 2500, currency: "usd" } } });
  db = openDatabase(databaseUrl);
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
    WEB_CONCURRENCY: "2",
    ...extra,
  });
}

const isRunning = (pid: number) => fs.existsSync(`/proc/${pid}`);

/** Both workers listen (the start helper returns as soon as one answers). */
async function bothServing(app: AppProcess) {
  await vi.waitFor(
    () => {
      const listening = logLines(app).filter((line) => line.msg === "server listening");
      expect(listening.length, "listening lines").toBeGreaterThanOrEqual(2);
      expect(childrenOf(app.child.pid!), "server processes").toHaveLength(2);
    },
    { timeout: 30_000, interval: 200 },
  );
}

function count(metrics: string, route: string): number {
  const line = metrics
    .split("\n")
    .find((candidate) =>
      candidate.startsWith(`http_request_duration_seconds_count{method="GET",route="${route}",status="200"}`),
    );
  return line ? Number(line.split(" ").pop()) : 0;
}

describe("several server processes on one port (WEB_CONCURRENCY=2)", () => {
  let app: AppProcess;
  let metricsPort: number;
  beforeAll(async () => {
    metricsPort = await freePort();
    app = await start({ METRICS_PORT: String(metricsPort), METRICS_TOKEN });
    await bothServing(app);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("both answer, and both metrics endpoints count every request of every process once", async () => {
    const workers = childrenOf(app.child.pid!).sort((a, b) => a - b);
    expect(workers).toHaveLength(2);
    const REQUESTS = 20;
    for (let i = 0; i < REQUESTS; i++) {
      expect((await freshConnection(`${app.baseUrl}/terms-of-service`)).status).toBe(200);
    }
    const requestLines = () =>
      logLines(app).filter((line) => line.msg === "request" && line.route === "/terms-of-service");
    // A process logs a request once its answer is sent: the last lines may come just after.
    await vi.waitFor(() => expect(requestLines(), "every request logged").toHaveLength(REQUESTS), {
      timeout: 30_000,
      interval: 200,
    });
    const answeredBy = new Set(requestLines().map((line) => line.pid));
    expect([...answeredBy].sort()).toEqual(workers);

    // The private port is served by the primary, which asks every worker; the token endpoint is
    // answered by one worker, which asks the primary for the same sum.
    const internal = await freshConnection(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(internal.status).toBe(200);
    expect(count(internal.body, "/terms-of-service")).toBe(REQUESTS);
    for (let i = 0; i < 2; i++) {
      const viaSite = await freshConnection(`${app.baseUrl}/metrics`, { Authorization: `Bearer ${METRICS_TOKEN}` });
      expect(viaSite.status).toBe(200);
      expect(count(viaSite.body, "/terms-of-service")).toBe(REQUESTS);
    }
    expect((await freshConnection(`${app.baseUrl}/metrics`)).status).toBe(401);
  });

  it("replaces a process that dies, and keeps answering meanwhile", async () => {
    const [victim, survivor] = childrenOf(app.child.pid!).sort((a, b) => a - b);
    process.kill(victim!, "SIGKILL");
    await vi.waitFor(
      () =>
        expect(
          logLines(app).some(
            (line) =>
              line.msg === "a server process exited; starting another" &&
              line.pid === victim &&
              line.exit === "signal SIGKILL",
          ),
          "the primary noticing",
        ).toBe(true),
      { timeout: 30_000, interval: 200 },
    );
    // The survivor answers alone until the replacement listens (a second later).
    for (let i = 0; i < 4; i++) expect((await freshConnection(`${app.baseUrl}/healthz`)).status).toBe(200);
    await vi.waitFor(
      () => {
        const now = childrenOf(app.child.pid!);
        expect(now, "a new server process").toHaveLength(2);
        expect(now).toContain(survivor!);
        expect(now).not.toContain(victim!);
      },
      { timeout: 30_000, interval: 200 },
    );
    await vi.waitFor(
      () => {
        const listening = logLines(app).filter((line) => line.msg === "server listening");
        expect(listening.length, "the new process listening").toBeGreaterThanOrEqual(3);
      },
      { timeout: 30_000, interval: 200 },
    );
  });
});

describe("stopping", () => {
  it("SIGTERM stops accepting, lets the slow request in flight finish, stops every process and exits 0", async () => {
    const app = await start();
    await bothServing(app);
    const workers = childrenOf(app.child.pid!).sort((a, b) => a - b);
    const { checkout, newConnection, exitCode } = await sigtermDuringSlowCheckout(app, db, fake);
    expect(newConnection).toMatch(/ECONNREFUSED/);
    expect(checkout.status).toBe(303);
    expect(checkout.headers.get("Location")).toMatch(/\/pay\/cs_test_/);
    expect(exitCode).toBe(0);
    for (const pid of workers) expect(isRunning(pid)).toBe(false);
    const stopped = logLines(app).filter((line) => line.msg === "server stopped cleanly");
    expect(stopped).toHaveLength(3); // each worker, then the primary
  });

  it("a process that cannot start stops the whole server with a non-zero exit, instead of starting more", async () => {
    const missing = new URL(databaseUrl);
    missing.pathname = "/no_such_database";
    const failure = await start({ DATABASE_URL: missing.toString() }).then(
      () => null,
      (error: unknown) => String(error),
    );
    expect(failure).toMatch(/the server exited with 1/);
    expect(failure).toContain("before it could serve; stopping");
    expect(failure).toContain('database \\"no_such_database\\" does not exist');
  });
});
