import crypto from "node:crypto";
import fs from "node:fs";
import type http from "node:http";
import os from "node:os";
import path from "node:path";
import url from "node:url";
import type { Kysely } from "kysely";
import pg from "pg";
import type { ServerBuild as RemixServerBuild } from "@remix-run/node";
import type { DestinationStream } from "pino";
import { inject, vi } from "vitest";
import type { DB } from "../../app/platform/db/db-schema";
import type { HttpLimits } from "../../server/connections";
import type { AdminCommandIo } from "../../app/features/members/admin-accounts.server";
import { TEMPLATE_DATABASE } from "./global-setup";
import { TEST_ENCRYPTION_KEY, TEST_SESSION_SECRET } from "./keys";
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
  /**
   * Runs the admin command of the built app (what `node build/server.js --admin ...` runs) in this
   * process, on the app's database, with `stdin` as its standard input; returns what it printed.
   */
  runAdminCommand: (args: string[], stdin?: string) => Promise<AdminCommandRun>;
  /**
   * Stops the app and starts it again on the same database and port with these settings added:
   * a freshly loaded copy of the build, so its configuration is read anew (a deploy with new
   * secrets). When start-up fails the error is thrown and the app stays stopped.
   */
  restart: (extraEnv: Record<string, string>) => Promise<void>;
  close: () => Promise<void>;
};

export type AdminCommandRun = { exitCode: number; output: string; errors: string; secrets: string };

type ServerBuild = {
  entry: {
    module: {
      startup: () => Promise<void>;
      shutdown: () => Promise<void>;
      database: () => Kysely<DB>;
      admin: (args: string[], io: AdminCommandIo) => Promise<number>;
    };
  };
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
 * (TEST_ENGINE). Call once per test file, and close it in afterAll: each start loads its own
 * instance of the app's modules, which read their configuration once.
 */
export async function startTestApp(
  extraEnv: Record<string, string> = {},
  {
    httpLimits,
    logTo,
  }: {
    /** The HTTP layer's connection limits (server/connections.ts), shortened so a test of them takes seconds. */
    httpLimits?: Partial<HttpLimits>;
    /** Where the app's log lines go, at LOG_LEVEL (warn unless the test says otherwise); stdout by default. */
    logTo?: DestinationStream;
  } = {},
): Promise<TestApp> {
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
    SESSION_SECRET: TEST_SESSION_SECRET,
    ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
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
  // What the app registers to run at process exit (the PGlite folder's lock) belongs to this
  // file's instances, whose folder is deleted at close: drop it then, or the worker collects one per file.
  const exitListeners = new Set(process.listeners("exit"));

  // Production requires PUBLIC_URL, which is this server's own address unless the test names
  // another, and the server layer reads the configuration once: choose the port first.
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  process.env.PUBLIC_URL = extraEnv.PUBLIC_URL ?? baseUrl;

  let running: { build: ServerBuild; server: http.Server } | null = null;
  async function start() {
    // The files before this one in this worker (and this file's earlier start, on a restart) loaded
    // the app already: drop those instances, so the build and the HTTP layer (and the
    // configuration, keys and pool each reads once) are evaluated afresh. Only our own modules are
    // evaluated again; node_modules stay loaded, which is what saves the time.
    vi.resetModules();
    // The app keeps its database handle on globalThis (db.server.ts). A previous file's app whose
    // close never finished (an afterAll that timed out under load) leaves its handle there, on a
    // database its file has since dropped, and every later file in this worker would inherit it:
    // close it, say so, and let this file's app open its own.
    const holder = globalThis as { __appDb?: { destroy(): Promise<void> }; __appPool?: unknown };
    if (holder.__appDb) {
      const stale = holder.__appDb;
      holder.__appDb = undefined;
      holder.__appPool = undefined;
      console.warn("test-app: a previous app's database handle was still open; closed it");
      await stale.destroy().catch(() => {});
    }
    // The process's one logger (app/platform/log.server.ts), which the HTTP layer and the build
    // share: this file's, whatever the previous file in this worker installed.
    const { createLogger, installLogger } = await import("../../app/platform/log.server");
    installLogger(createLogger({ level: process.env.LOG_LEVEL ?? "warn", pretty: false, destination: logTo }));
    const { createApp } = await import("../../server/app");
    const build = (await import(/* @vite-ignore */ url.pathToFileURL(buildPath).href)) as ServerBuild;
    const server = createApp(build as unknown as RemixServerBuild, { limits: httpLimits }).listen(port, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    running = { build, server };
    await build.entry.module.startup();
  }
  async function stop() {
    if (!running) return;
    const { build, server } = running;
    running = null;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await build.entry.module.shutdown();
  }
  function current(): ServerBuild {
    if (!running) throw new Error("the test app is stopped (its last start-up failed)");
    return running.build;
  }
  await start();

  return {
    baseUrl,
    engine,
    get db() {
      return current().entry.module.database();
    },
    rerunStartup: () => current().entry.module.startup(),
    restart: async (restartEnv) => {
      await stop();
      Object.assign(process.env, restartEnv);
      await start();
    },
    runAdminCommand: async (args, stdin = "") => {
      const output: string[] = [];
      const errors: string[] = [];
      const secrets: string[] = [];
      const exitCode = await current().entry.module.admin(args, {
        info: (line) => output.push(line),
        error: (line) => errors.push(line),
        secret: (line) => secrets.push(line),
        readStdin: async () => stdin,
      });
      return { exitCode, output: output.join("\n"), errors: errors.join("\n"), secrets: secrets.join("\n") };
    },
    close: async () => {
      await stop();
      for (const listener of process.listeners("exit")) {
        if (!exitListeners.has(listener)) process.removeListener("exit", listener);
      }
      for (const cleanup of cleanups) await cleanup();
    },
  };
}
