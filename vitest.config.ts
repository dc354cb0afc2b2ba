import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "~": path.resolve(import.meta.dirname, "app") };

/**
 * Three projects: pure unit tests, and the integration suite run twice, once on a real
 * PostgreSQL server and once on embedded PGlite (the two engines the app supports).
 */
export default defineConfig({
  resolve: { alias },
  test: {
    globals: true,
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
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          env: { TEST_ENGINE: engine },
          globalSetup: ["tests/support/global-setup.ts"],
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
