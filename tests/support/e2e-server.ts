/**
 * The end-to-end web server: the built app (`node build/server.js`) on a throwaway PostgreSQL
 * cluster. Embedded PGlite allows one process per folder, so a test could not reach the app's
 * database; on PostgreSQL the Playwright fixtures (tests/e2e/fixtures.ts) insert members and
 * sessions straight into the same database the app reads. The database URL is written to
 * `$E2E_DATA_DIR/database-url` for them. SIGTERM (Playwright's graceful shutdown) stops the app,
 * then the cluster.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startCluster } from "./pg-cluster";

const dataDir = process.env.E2E_DATA_DIR;
if (!dataDir) throw new Error("E2E_DATA_DIR must name the run's folder");

const cluster = await startCluster();
fs.writeFileSync(path.join(dataDir, "database-url"), cluster.url);

const app = spawn(process.execPath, ["build/server.js"], {
  env: { ...process.env, DATABASE_URL: cluster.url },
  stdio: "inherit",
});

let stopping = false;
function stop(code: number) {
  if (stopping) return;
  stopping = true;
  app.kill("SIGTERM");
  const done = () => {
    cluster.stop();
    process.exit(code);
  };
  if (app.exitCode !== null) done();
  else app.once("exit", done);
}

app.once("exit", (code) => stop(code ?? 1));
// `on`, not `once`: the signal can come twice (to the process group and relayed by tsx), and a
// second one must not kill this process before the cluster is stopped.
process.on("SIGTERM", () => stop(0));
process.on("SIGINT", () => stop(0));
