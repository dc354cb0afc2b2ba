import crypto from "node:crypto";
import http from "node:http";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { DB } from "../../app/platform/db/db-schema";
import type { AppProcess } from "./app-process";
import type { FakeStripe } from "./fake-stripe";
import { createUser, signIn } from "./fixtures";
import type { Cluster } from "./pg-cluster";
import { captured } from "./present";

/** A new, empty database on the cluster (the app migrates it when it starts). */
export async function createDatabase(cluster: Cluster, prefix = "ops"): Promise<string> {
  const name = `${prefix}_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(cluster.url);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The test's own handle on a database, for fixtures and for checking what the app wrote. */
export function openDatabase(url: string): Kysely<DB> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  // The tests stop the server under it: an idle connection's error is expected, not a crash.
  pool.on("error", () => {});
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it holds, or fails naming `what`. */
export async function eventually(what: string, check: () => Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(200);
  }
}

/** A request on a connection of its own (no pooled keep-alive socket): with several server processes, each new connection goes to the next one. */
export function freshConnection(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers, timeout: 10_000 }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on("timeout", () => reject(new Error(`no answer from ${url}`)))
      .on("error", reject);
  });
}

/** The JSON lines a server process printed (every line must be one). */
export function logLines(app: AppProcess): Array<Record<string, unknown>> {
  return app
    .output()
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/**
 * A graceful stop under way: a buyer's checkout is in flight (the fake Stripe answers after 1.5 s)
 * when SIGTERM arrives. What the checkout got, what a new connection got meanwhile, and the exit code.
 */
export async function sigtermDuringSlowCheckout(app: AppProcess, db: Kysely<DB>, fake: FakeStripe) {
  const buyer = await signIn(app.baseUrl, (await createUser(db)).email);
  const page = await (await buyer.get("/payment-options")).text();
  const formKey = captured(page, /name="form_key" value="([^"]+)"/);
  fake.delayMs = 1_500;
  try {
    const inFlight = buyer.post("/payment-options", { product: "AI_PROFIT_LABS", form_key: formKey });
    await sleep(400);
    const exited = app.stop("SIGTERM");
    await sleep(300);
    const newConnection = await freshConnection(`${app.baseUrl}/healthz`).then(
      ({ status }) => `answered ${status}`,
      (error: unknown) => String(error),
    );
    return { checkout: await inFlight, newConnection, exitCode: await exited };
  } finally {
    fake.reset();
  }
}
