// The process entry: `node build/server.js` (built by `npm run build`). Validates the
// configuration, prepares the database, then listens; SIGTERM/SIGINT close it cleanly.
import path from "node:path";
import url from "node:url";
import { broadcastDevReady, installGlobals, type ServerBuild } from "@remix-run/node";
import { env } from "~/infra/env.server";
import { createApp } from "./app";

installGlobals({ nativeFetch: true });

/** What entry.server.tsx exports beside the document renderer (see `startup` there). */
export type AppServerBuild = ServerBuild & {
  entry: { module: { startup: () => Promise<void>; migrate: () => Promise<void>; shutdown: () => Promise<void> } };
};

const buildPath = path.resolve("build/index.js");
const build = (await import(url.pathToFileURL(buildPath).href)) as AppServerBuild;

// `node build/server.js --migrate` only applies pending migrations and exits: the deploy's release step.
const migrateOnly = process.argv.includes("--migrate");

let config: ReturnType<typeof env>;
try {
  config = env();
  if (migrateOnly) {
    await build.entry.module.migrate();
    await build.entry.module.shutdown();
    process.exit(0);
  }
  await build.entry.module.startup();
} catch (error) {
  console.error(`\n[startup] ${error instanceof Error ? error.message : error}\n`);
  process.exit(1);
}

const development = config.NODE_ENV === "development";
const host = config.HOST ?? "0.0.0.0";
const server = createApp(build, { mode: development ? "development" : "production" }).listen(config.PORT, host, () => {
  const shown = host === "0.0.0.0" || host === "::" ? "localhost" : host;
  console.log(`[server] listening on http://${shown}:${config.PORT}`);
  // `npm run dev` (remix dev) restarts this process on every rebuild and waits for this signal.
  if (development) void broadcastDevReady(build);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    // Close the database so an embedded PGlite folder is flushed and unlocked.
    server.close(() => void build.entry.module.shutdown().finally(() => process.exit(0)));
    setTimeout(() => process.exit(0), 5000).unref();
  });
}
