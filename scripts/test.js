// `npm test`: everything a change can break, in order: lint, typecheck, build, unit + integration
// tests (vitest, on PostgreSQL and on PGlite), then end-to-end tests (Playwright, Chromium).
// Runs every step even after a failure, prints a summary, and exits non-zero on any failure.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import "./require-node.js";

const bin = (name) => path.resolve("node_modules/.bin", name);
const passthrough = process.argv.slice(2);

// Machine-readable results beside the human-readable ones, to print one total at the end.
const reports = fs.mkdtempSync(path.join(os.tmpdir(), "app-test-reports-"));
const vitestJson = path.join(reports, "vitest.json");
const playwrightJson = path.join(reports, "playwright.json");

const steps = [
  { name: "lint", command: bin("eslint"), args: [".", "--max-warnings=0"] },
  { name: "format", command: bin("prettier"), args: ["--check", "."] },
  { name: "typecheck", command: bin("tsc"), args: ["--noEmit"] },
  { name: "build", command: "npm", args: ["run", "--silent", "build"], env: { NODE_ENV: "production" } },
  {
    name: "vitest (unit + integration on PostgreSQL and PGlite)",
    command: bin("vitest"),
    args: ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`, ...passthrough],
  },
  {
    name: "playwright (Chromium, JavaScript on and off)",
    command: bin("playwright"),
    args: ["test", "--reporter=list,json"],
    needs: "build",
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
  },
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
  results.push({
    name: step.name.split(" ")[0],
    label: step.name,
    ok: run.status === 0,
    seconds: (Date.now() - started) / 1000,
  });
}

console.log("\n=== summary ===");
for (const result of results) {
  const state = result.skipped ? "SKIPPED (its prerequisite failed)" : result.ok ? "ok" : "FAILED";
  console.log(`${state.padEnd(8)} ${result.label ?? result.name} (${result.seconds.toFixed(1)} s)`);
}
function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}
const vitest = readJson(vitestJson);
const playwright = readJson(playwrightJson);
const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0);
const failedTests =
  (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0) + (playwright?.stats?.flaky ?? 0);
const skipped = (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (playwright?.stats?.skipped ?? 0);
const failedSteps = results.filter((r) => !r.ok).length;
fs.rmSync(reports, { recursive: true, force: true });

console.log(
  `vitest: ${vitest?.numPassedTests ?? 0} passed, ${vitest?.numFailedTests ?? 0} failed; playwright: ${playwright?.stats?.expected ?? 0} passed, ${playwright?.stats?.unexpected ?? 0} failed`,
);
// The closing line CI reads: every test of every runner.
console.log(`${passed} passed, ${failedTests + failedSteps} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failedSteps === 0 && failedTests === 0 && passed > 0 ? 0 : 1);
