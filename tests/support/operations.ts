import crypto from "node:crypto";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { DB } from "../../app/infra/db-schema";
import type { Cluster } from "./pg-cluster";

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
