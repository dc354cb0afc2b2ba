// How `npm start` serves the built app (scripts/start.js; docs/decisions/058): `node build/server.js`
// exactly as deployed, JSON log lines and all, with its stdout piped straight into a second
// process that prints them readable (scripts/pretty-logs.js). Formatting in the server itself
// (pino-pretty as a transport) cost /dashboard up to a third of its throughput and stretched the
// tail of cached pages on a small machine.
import { spawn } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

/**
 * Starts the server with readable logs. `output` is where the readable lines go ("inherit": this
 * terminal; "pipe": the returned process's stdout, for tests; "ignore": nowhere, for the bench).
 * The server's own stderr goes to the same place, unformatted. Returns both processes.
 * @param {NodeJS.ProcessEnv} env
 * @param {{ output?: "inherit" | "pipe" | "ignore" }} [options]
 */
export function serveWithReadableLogs(env, { output = "inherit" } = {}) {
  const pretty = spawn(process.execPath, [path.join(ROOT, "scripts/pretty-logs.js")], {
    cwd: ROOT,
    stdio: ["pipe", output, "inherit"],
  });
  const server = spawn(process.execPath, [path.join(ROOT, "build/server.js")], {
    cwd: ROOT,
    env: { ...env, LOG_FORMAT: "json" },
    stdio: ["inherit", pretty.stdin, output === "pipe" ? pretty.stdin : output],
  });
  // The server holds the pipe's writing end now: the printer sees its end when the server exits.
  pretty.stdin.destroy();
  return { server, pretty };
}
