// The process entry: `node build/server.js` (built by `npm run build`). Validates the
// configuration, prepares the database, then listens; SIGTERM/SIGINT drain it (see `drain`).
// With WEB_CONCURRENCY above 1 this process becomes the primary of that many server processes
// (server/process-cluster.ts), each of which runs the rest of this file.
import cluster from "node:cluster";
import os from "node:os";
import path from "node:path";
import url from "node:url";
import { broadcastDevReady, installGlobals, type ServerBuild } from "@remix-run/node";
import { env, serverProcessCount } from "~/platform/env.server";
import { createLogger, installLogger, log, runAsJob } from "~/platform/log.server";
import { createApp } from "./app";
import { startMetricsServer } from "./metrics";
import { clusterMetricsFromPrimary, joinClusterMetrics, runPrimary } from "./process-cluster";

installGlobals({ nativeFetch: true });

/** What entry.server.tsx exports beside the document renderer (see `startup` there). */
export type AppServerBuild = ServerBuild & {
  entry: {
    module: {
      startup: () => Promise<void>;
      migrate: () => Promise<void>;
      admin: (args: string[]) => Promise<number>;
      shutdown: () => Promise<void>;
    };
  };
};

const buildPath = path.resolve("build/index.js");

// `node build/server.js --migrate` only applies pending migrations and exits: the deploy's release step.
const migrateOnly = process.argv.includes("--migrate");
// `node build/server.js --admin <command>` runs the admin command (`npm run admin` from a checkout;
// docs/decisions/044) and exits with its code: the image has no tsx to run scripts/admin.ts.
const adminAt = process.argv.indexOf("--admin");
const adminArgs = adminAt === -1 ? null : process.argv.slice(adminAt + 1);

/** How long requests in flight may take to finish after SIGTERM (fly.toml's kill_timeout allows for it). */
const DRAIN_MS = 10_000;

let config: ReturnType<typeof env>;
try {
  config = env();
} catch (error) {
  // No valid LOG_LEVEL or LOG_FORMAT to go by: the refusal goes out as JSON at the default level.
  installLogger(createLogger({ level: "info", pretty: false }));
  log.fatal({ job: "startup" }, error instanceof Error ? error.message : String(error));
  process.exit(1);
}

const host = config.HOST ?? "0.0.0.0";
const processes = migrateOnly || adminArgs ? 1 : serverProcessCount(config, os.availableParallelism());
if (processes > 1 && cluster.isPrimary) {
  runPrimary({ processes, metrics: metricsListener(), drainMs: DRAIN_MS });
} else {
  await serve();
}

/** Where METRICS_PORT listens, if it is set. */
function metricsListener() {
  if (config.METRICS_PORT === undefined) return undefined;
  return { port: config.METRICS_PORT, host: config.METRICS_HOST, token: config.METRICS_TOKEN };
}

async function serve() {
  const build = (await import(url.pathToFileURL(buildPath).href)) as AppServerBuild;
  if (adminArgs) {
    let code = 1;
    try {
      code = await build.entry.module.admin(adminArgs);
    } catch (error) {
      log.error({ err: error }, "the admin command failed");
    }
    await build.entry.module.shutdown();
    process.exit(code);
  }
  try {
    await runAsJob("startup", async () => {
      if (migrateOnly) {
        await build.entry.module.migrate();
        await build.entry.module.shutdown();
        process.exit(0);
      }
      await build.entry.module.startup();
    });
  } catch (error) {
    log.fatal({ job: "startup", err: error }, "start-up failed");
    process.exit(1);
  }

  const development = config.NODE_ENV === "development";
  let draining = false;
  // A worker of several: the primary serves METRICS_PORT and sums every worker's metrics.
  const worker = cluster.isWorker;
  if (worker) joinClusterMetrics();
  const app = createApp(build, {
    mode: development ? "development" : "production",
    ...(worker && { metrics: clusterMetricsFromPrimary }),
  });
  const server = app
    .createServer((req, res) => {
      // While draining, each answer closes its connection, so keep-alive clients reconnect elsewhere.
      if (draining) res.setHeader("Connection", "close");
      app.listener(req, res);
    })
    .listen(config.PORT, host, () => {
      const shown = host === "0.0.0.0" || host === "::" ? "localhost" : host;
      log.info({ url: `http://${shown}:${config.PORT}` }, "server listening");
      // `npm run dev` (remix dev) restarts this process on every rebuild and waits for this signal.
      if (development) void broadcastDevReady(build);
    });
  const metrics = metricsListener();
  const metricsServer = metrics && !worker ? startMetricsServer(metrics) : null;

  /**
   * SIGTERM (a deploy, a scale-down) or SIGINT: stop accepting connections, let the requests in
   * flight finish (up to DRAIN_MS), then stop the mail sender after its current message, close the
   * database (an embedded PGlite folder is flushed and unlocked) and exit 0.
   */
  async function drain(signal: string) {
    // A terminal's Ctrl-C reaches a worker directly and again through the primary.
    if (draining) return;
    draining = true;
    log.info({ signal, drainSeconds: DRAIN_MS / 1000 }, "no new connections; finishing the requests in flight");
    metricsServer?.close();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const deadline = new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), DRAIN_MS).unref());
    if ((await Promise.race([closed, deadline])) === "timeout") {
      log.warn({ drainSeconds: DRAIN_MS / 1000 }, "requests still running after the drain are cut off");
      server.closeAllConnections();
    }
    await build.entry.module.shutdown();
    log.info("server stopped cleanly");
    process.exit(0);
  }

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      drain(signal).catch((error: unknown) => {
        log.error({ err: error }, "shutdown failed");
        process.exit(1);
      });
    });
  }
}
