// `npm start`: build the app, then serve it. Works on a fresh machine with no configuration:
// the embedded database is created, migrated and seeded, and a session secret and an encryption
// key are generated once and kept beside it. Deployments run `node build/server.js` with real
// configuration instead.
import { spawnSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import "./require-node.js";
import { serveWithReadableLogs } from "./serve-readable.js";

const env = { ...process.env };
env.NODE_ENV ??= "production";
env.PORT ??= "3000";
env.PUBLIC_URL ??= `http://localhost:${env.PORT}`;

/** 32 random bytes as hex, made once into `name` beside the database folder (readable by this user only). */
function keptSecret(name) {
  const dataDir = path.dirname(path.resolve(env.PGLITE_DIR ?? "./data/pglite"));
  const file = path.join(dataDir, name);
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) fs.writeFileSync(file, crypto.randomBytes(32).toString("hex"), { mode: 0o600 });
  return fs.readFileSync(file, "utf8").trim();
}

env.SESSION_SECRET ||= keptSecret("session-secret");
// Encrypts the two-factor secrets in the database (decision 045): without this file they cannot
// be read (start-up then stops and says so). `npm run db:backup` leaves it out on purpose: a copy
// of the database alone must not open them.
env.ENCRYPTION_KEY ||= keptSecret("encryption-key");

const build = spawnSync("npm", ["run", "--silent", "build"], { stdio: "inherit", env });
if (build.status !== 0) process.exit(build.status ?? 1);

// A person reads this terminal: readable log lines, printed by a second process so the server runs
// exactly as deployed (JSON lines). LOG_FORMAT set by hand (json, or pretty in the server itself) is kept.
const { server, pretty } = env.LOG_FORMAT
  ? { server: spawn(process.execPath, ["build/server.js"], { stdio: "inherit", env }), pretty: null }
  : serveWithReadableLogs(env);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => {
  const exit = () => process.exit(code ?? 0);
  if (pretty && pretty.exitCode === null) pretty.once("exit", exit);
  else exit();
});
