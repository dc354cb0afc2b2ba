import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { serveWithReadableLogs } from "../../scripts/serve-readable.js";
import { freePort } from "../support/pg-cluster";

/**
 * `npm start`'s log path (scripts/serve-readable.js, docs/decisions/058): the server writes JSON
 * lines as deployed, and a second process prints them for a person, one line per request.
 */
let server: ChildProcess;
let pretty: ChildProcess;
let baseUrl: string;
let output = "";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "start-logs-"));
const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", () => resolve())));

beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  ({ server, pretty } = serveWithReadableLogs(
    {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      PGLITE_DIR: path.join(dataDir, "pglite"),
      SESSION_SECRET: "start-logs-test-session-secret-0123456789",
      ENCRYPTION_KEY: "5f0e9d8c7b6a5948372615f4e3d2c1b0a99887766554433221100ffeeddccbba",
      BCRYPT_COST: "4",
      ALLOW_INSECURE_TEST_SETTINGS: "true",
      LOG_LEVEL: "info",
    },
    { output: "pipe" },
  ));
  pretty.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  await vi.waitFor(
    async () => {
      const response = await fetch(`${baseUrl}/`);
      await response.arrayBuffer();
      expect(response.status, "the server answers /").toBe(200);
    },
    // As long as tests/support/app-process.ts gives a server to start: a busy machine is slow to.
    { timeout: 60_000, interval: 200 },
  );
});
afterAll(async () => {
  server?.kill("SIGKILL");
  pretty?.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("npm start's readable logs", () => {
  it("prints one readable line per request, and no JSON", async () => {
    const response = await fetch(`${baseUrl}/dashboard`, { redirect: "manual" });
    expect(response.status).toBe(302);
    await vi.waitFor(() => expect(output).toMatch(/GET \/dashboard 302 [\d.]+ ms/), { timeout: 30_000, interval: 200 });
    expect(output).toMatch(/INFO.*server listening\n\s+url: "http:\/\/127\.0\.0\.1:/);
    expect(output).not.toMatch(/\{"level":/);
    // The request's fields make the message; they are not repeated below it as a block of keys.
    expect(output).not.toMatch(/^\s+durationMs:/m);
  });

  it("prints a mail not sent (no SMTP_URL) as it reads, so its link can be followed from the terminal", async () => {
    // The admin account the first start created (ADMIN_EMAIL's default) asks for a reset link.
    const response = await fetch(`${baseUrl}/forgot-password`, {
      method: "POST",
      headers: { Origin: baseUrl },
      body: new URLSearchParams({ email: "admin@example.com" }),
    });
    expect(response.status).toBe(200);
    await vi.waitFor(() => expect(output).toMatch(/mail not sent: SMTP_URL is not set/), {
      timeout: 30_000,
      interval: 200,
    });
    expect(output).toMatch(new RegExp(`^\\s+${baseUrl}/reset-password\\?token=[\\w-]{43}$`, "m"));
  });

  it("keeps printing through Ctrl-C until the server has drained and said so", async () => {
    // A terminal's Ctrl-C reaches both processes of the group at once.
    server.kill("SIGINT");
    pretty.kill("SIGINT");
    await Promise.all([exited(server), exited(pretty)]);
    expect(server.exitCode).toBe(0);
    expect(output).toMatch(/INFO.*server stopped cleanly/);
  });
});
