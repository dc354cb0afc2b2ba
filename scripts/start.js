// `npm start`: build the app, then serve it. Works on a fresh machine with no configuration:
// the embedded database is created, migrated and seeded, and a session secret is generated once
// and kept beside it. Deployments run `node build/server.js` with real configuration instead.
import { spawnSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import "./require-node.js";

const env = { ...process.env };
env.NODE_ENV ??= "production";
env.PORT ??= "3000";
env.PUBLIC_URL ??= `http://localhost:${env.PORT}`;
// A person reads this terminal: readable log lines (deployments keep JSON for their collectors).
env.LOG_FORMAT ??= "pretty";

if (!env.SESSION_SECRET) {
  const dataDir = path.dirname(path.resolve(env.PGLITE_DIR ?? "./data/pglite"));
  const secretFile = path.join(dataDir, "session-secret");
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(secretFile)) fs.writeFileSync(secretFile, crypto.randomBytes(32).toString("hex"), { mode: 0o600 });
  env.SESSION_SECRET = fs.readFileSync(secretFile, "utf8").trim();
}

const build = spawnSync("npm", ["run", "--silent", "build"], { stdio: "inherit", env });
if (build.status !== 0) process.exit(build.status ?? 1);

const server = spawn(process.execPath, ["build/server.js"], { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
