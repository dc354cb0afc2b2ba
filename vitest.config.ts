import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "~": path.resolve(import.meta.dirname, "app") };

/**
 * Four projects: pure unit tests; the integration suite run twice, once on a real PostgreSQL
 * server and once on embedded PGlite (the two engines the app supports), PGlite's also holding the
 * tests of the embedded database's own thread; and the operations tests, which run the server as
 * real processes. How they are laid out and why: docs/decisions/043-a-test-suite-twice-as-fast.md.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    globals: true,
    // At least two files at a time, whatever the CPU count (vitest's default, one fewer than the
    // CPUs, is one file at a time on two): an integration file waits on its database and sockets
    // much of the time, and the other file uses the CPU meanwhile.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", globals: true, include: ["tests/unit/**/*.test.{ts,tsx}"], environment: "node" },
      },
      ...(["postgres", "pglite"] as const).map((engine) => ({
        resolve: { alias },
        test: {
          name: `integration-${engine}`,
          globals: true,
          include: ["tests/integration/**/*.test.ts", ...(engine === "pglite" ? ["tests/pglite/**/*.test.ts"] : [])],
          // A `*.postgres.test.ts` reads a PostgreSQL server (pg_dump, kysely-codegen): not PGlite's.
          exclude: engine === "pglite" ? ["tests/integration/**/*.postgres.test.ts"] : [],
          environment: "node",
          env: { TEST_ENGINE: engine },
          globalSetup: ["tests/support/global-setup.ts"],
          // One worker process runs file after file: loading node_modules (React, Remix, pg,
          // PGlite...) once instead of once per file is most of the time saved. Each file still
          // gets its own instance of the app and a fresh database (tests/support/test-app.ts).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
      {
        // Real server processes on their own PostgreSQL cluster, which the tests stop and hang:
        // several instances, outages, signals, backups.
        resolve: { alias },
        test: {
          name: "operations",
          globals: true,
          include: ["tests/operations/**/*.test.ts"],
          environment: "node",
          testTimeout: 90_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
});
