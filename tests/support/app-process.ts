import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { freePort } from "./pg-cluster";

/**
 * The real production server in its own process (`node build/server.js`), as an operator runs
 * it: for tests that need several instances, a database outage or a signal. Its output is kept
 * so tests can read its log lines.
 */
export type AppProcess = {
  baseUrl: string;
  port: number;
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

export const SERVER_ENTRY = path.resolve("build/server.js");

export async function startAppProcess(
  env: Record<string, string>,
  {
    port,
    nodeArgs = [],
    startWithinMs = 60_000,
  }: {
    port?: number;
    /** How long the first start may take (a new PGlite folder is made from nothing first). */
    startWithinMs?: number;
    /** Node's own flags, before the entry: the deployed heap is `--max-heap-size=259` (docs/performance.md). */
    nodeArgs?: string[];
  } = {},
): Promise<AppProcess> {
  const chosenPort = port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${chosenPort}`;
  const child = spawn(process.execPath, [...nodeArgs, SERVER_ENTRY], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(chosenPort),
      PUBLIC_URL: baseUrl,
      SESSION_SECRET: "operations-test-session-secret-0123456789",
      ENCRYPTION_KEY: "5f0e9d8c7b6a5948372615f4e3d2c1b0a99887766554433221100ffeeddccbba",
      BCRYPT_COST: "4",
      // A cheap hash in production mode is sanctioned only on loopback (see app/platform/env.server.ts).
      ALLOW_INSECURE_TEST_SETTINGS: "true",
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const deadline = Date.now() + startWithinMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    const up = await fetch(`${baseUrl}/healthz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server did not start within ${startWithinMs / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    baseUrl,
    port: chosenPort,
    child,
    output: () => output,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
