// Production entry: `node server.js` after `remix build`. Prepares the database, then listens.
import path from "node:path";
import url from "node:url";
import { installGlobals } from "@remix-run/node";
import { createApp } from "./server/app.js";

installGlobals({ nativeFetch: true });

const buildPath = path.resolve("build/index.js");
const build = await import(url.pathToFileURL(buildPath).href);

// `node server.js --migrate` only applies pending migrations and exits: the deploy's release step.
const migrateOnly = process.argv.includes("--migrate");

try {
  // entry.server exports these: validate configuration, migrate, seed (see app/entry.server.tsx).
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

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
const server = createApp(build).listen(port, host, () => {
  const shown = host === "0.0.0.0" || host === "::" ? "localhost" : host;
  console.log(`[server] listening on http://${shown}:${port}`);
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    // Close the database so an embedded PGlite folder is flushed and unlocked.
    server.close(() => build.entry.module.shutdown().finally(() => process.exit(0)));
    setTimeout(() => process.exit(0), 5000).unref();
  });
}
