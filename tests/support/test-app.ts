import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import url from "node:url";
import type { Kysely } from "kysely";
import pg from "pg";
import type { ServerBuild as RemixServerBuild } from "@remix-run/node";
import { inject, vi } from "vitest";
import type { DB } from "../../app/infra/db-schema";
import { TEMPLATE_DATABASE } from "./global-setup";
import { freePort } from "./pg-cluster";

export const ADMIN_EMAIL = "admin@test.example";
export const ADMIN_PASSWORD = "admin-password-123";

export type TestApp = {
  baseUrl: string;
  engine: "postgres" | "pglite";
  /** The app's own database handle (the same instance the server uses; PGlite allows only one). */
  db: Kysely<DB>;
  /** Runs the app's start-up work again, as a restart would (migrate, seed, prune), on the same database. */
  rerunStartup: () => Promise<void>;
  close: () => Promise<void>;
};

type ServerBuild = {
  entry: { module: { startup: () => Promise<void>; shutdown: () => Promise<void>; database: () => Kysely<DB> } };
};

/**
 * The environment this worker process started with. The integration projects run many files in
 * one process (`isolate: false` in vitest.config.ts), and each file's app starts from this, not
 * from what the previous file's `extraEnv` left behind.
 */
const holder = globalThis as typeof globalThis & { __testAppPristineEnv?: NodeJS.ProcessEnv };
const pristineEnv = (holder.__testAppPristineEnv ??= { ...process.env });

/**
 * Starts the real built app (build/index.js, made by `remix build`) behind the real HTTP layer
 * on 127.0.0.1 and an ephemeral port, on a fresh database of the engine this project runs
 * (TEST_ENGINE). Call once per test file, and close it in afterAll: each call loads its own
 * instance of the app's modules, which read their configuration once.
 */
export async function startTestApp(extraEnv: Record<string, string> = {}): Promise<TestApp> {
  const engine = process.env.TEST_ENGINE === "pglite" ? "pglite" : "postgres";
  const cleanups: Array<() => Promise<void> | void> = [];
  for (const key of Object.keys(process.env)) if (!(key in pristineEnv)) delete process.env[key];
  Object.assign(process.env, pristineEnv);

  if (engine === "postgres") {
    const adminUrl = inject("pgAdminUrl");
    const name = `t_${crypto.randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
    await admin.end();
    const dbUrl = new URL(adminUrl);
    dbUrl.pathname = `/${name}`;
    process.env.DATABASE_URL = dbUrl.toString();
    cleanups.push(async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    });
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "app-pglite-"));
    fs.cpSync(inject("pgliteTemplateDir"), dir, { recursive: true });
    delete process.env.DATABASE_URL;
    process.env.PGLITE_DIR = dir;
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  }

  delete process.env.PUBLIC_URL;
  Object.assign(process.env, {
    NODE_ENV: "production",
    SESSION_SECRET: "integration-test-secret",
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    BCRYPT_COST: "4",
    // Production mode with a cheap hash: sanctioned only because this server listens on loopback.
    ALLOW_INSECURE_TEST_SETTINGS: "true",
    HOST: "127.0.0.1",
    SEED_DEMO_CONTENT: "true",
    // Each test browser claims its own address through X-Forwarded-For, as one proxy in front would.
    TRUST_PROXY: "1",
    // One JSON line per request would bury the test output; warnings and errors still show.
    LOG_LEVEL: "warn",
    ...extraEnv,
  });

  const buildPath = path.resolve("build/index.js");
  if (!fs.existsSync(buildPath))
    throw new Error("build/index.js is missing: run `npm run build` first (npm test does).");
  // The files before this one in this worker loaded the app already: drop those instances, so the
  // build and the HTTP layer (and the configuration each reads once) are evaluated afresh. Only
  // our own modules are evaluated again; node_modules stay loaded, which is what saves the time.
  vi.resetModules();
  const { createApp } = await import("../../server/app");
  const build = (await import(/* @vite-ignore */ url.pathToFileURL(buildPath).href)) as ServerBuild;
  // What the app registers to run at process exit (the PGlite folder's lock) belongs to this
  // instance, whose folder is deleted at close: drop it then, or the worker collects one per file.
  const exitListeners = new Set(process.listeners("exit"));

  // Production requires PUBLIC_URL, which is this server's own address unless the test names
  // another, and the server layer reads the configuration once: choose the port first.
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  process.env.PUBLIC_URL = extraEnv.PUBLIC_URL ?? baseUrl;
  const server = createApp(build as unknown as RemixServerBuild).listen(port, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  await build.entry.module.startup();

  return {
    baseUrl,
    engine,
    db: build.entry.module.database(),
    rerunStartup: () => build.entry.module.startup(),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await build.entry.module.shutdown();
      for (const listener of process.listeners("exit")) {
        if (!exitListeners.has(listener)) process.removeListener("exit", listener);
      }
      for (const cleanup of cleanups) await cleanup();
    },
  };
}
