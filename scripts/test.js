// `npm test`: everything a change can break, in order: typecheck, build, unit + integration
// tests (vitest, on PostgreSQL and on PGlite), then end-to-end tests (Playwright, Chromium).
// Runs every step even after a failure, prints a summary, and exits non-zero on any failure.
import { spawnSync } from "node:child_process";
import path from "node:path";

const bin = (name) => path.resolve("node_modules/.bin", name);
const passthrough = process.argv.slice(2);

const steps = [
  { name: "typecheck", command: bin("tsc"), args: ["--noEmit"] },
  { name: "build", command: bin("remix"), args: ["build"], env: { NODE_ENV: "production" } },
  { name: "vitest (unit + integration on PostgreSQL and PGlite)", command: bin("vitest"), args: ["run", ...passthrough] },
  { name: "playwright (Chromium, JavaScript on and off)", command: bin("playwright"), args: ["test"], needs: "build" },
];

const results = [];
for (const step of steps) {
  if (step.needs && results.find((r) => r.name === step.needs)?.ok === false) {
    results.push({ name: step.name, ok: false, seconds: 0, skipped: true });
    continue;
  }
  const started = Date.now();
  console.log(`\n=== ${step.name} ===`);
  const run = spawnSync(step.command, step.args, { stdio: "inherit", env: { ...process.env, ...step.env } });
  results.push({ name: step.name.split(" ")[0], label: step.name, ok: run.status === 0, seconds: (Date.now() - started) / 1000 });
}

console.log("\n=== summary ===");
for (const result of results) {
  const state = result.skipped ? "SKIPPED (its prerequisite failed)" : result.ok ? "ok" : "FAILED";
  console.log(`${state.padEnd(8)} ${result.label ?? result.name} (${result.seconds.toFixed(1)} s)`);
}
const failed = results.filter((r) => !r.ok).length;
console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
