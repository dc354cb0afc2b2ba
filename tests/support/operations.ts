import crypto from "node:crypto";
import http from "node:http";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { DB } from "../../app/platform/db/db-schema";
import type { AppProcess } from "./app-process";
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

/**
 * A request on a connection of its own (no pooled keep-alive socket): with several server
 * processes, each new connection goes to the next one. `timeoutMs`: how long the connection may
 * stay silent before the attempt is given up (and its socket closed).
 */
export function freshConnection(
  url: string,
  headers: Record<string, string> = {},
  timeoutMs = 10_000,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http
      .get(url, { agent: false, headers, timeout: timeoutMs }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on("timeout", () => {
        request.destroy();
        reject(new Error(`no answer from ${url}`));
      })
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
