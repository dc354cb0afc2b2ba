// `npm test`: everything a change can break: lint, format, typecheck, build, unit + integration
// tests (vitest, on PostgreSQL and on PGlite), then end-to-end tests (Playwright, Chromium).
// The four checks run side by side, and vitest starts as soon as the build is there (the
// integration tests run the built app); Playwright runs last, on its own: its two browser workers
// use the whole machine. Runs every step even after a failure, prints a summary with each step's
// time, and exits non-zero on any failure.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import "./require-node.js";
import { ensureTestTools } from "./test-tools.js";

ensureTestTools();

const startedAt = Date.now();
const bin = (name) => path.resolve("node_modules/.bin", name);
const passthrough = process.argv.slice(2);

// Machine-readable results beside the human-readable ones, to print one total at the end.
const reports = fs.mkdtempSync(path.join(os.tmpdir(), "app-test-reports-"));
const vitestJson = path.join(reports, "vitest.json");
const playwrightJson = path.join(reports, "playwright.json");

/**
 * `needs`: steps that must have passed first (else this one is skipped); `after`: steps that must
 * have ended first, passed or not. A step marked `live` prints as it runs; the others' output is
 * kept and printed whole when they end (or, while a live step runs, once it has ended), so
 * steps running side by side never interleave their lines.
 */
const steps = [
  { name: "lint", command: bin("eslint"), args: [".", "--max-warnings=0"] },
  { name: "format", command: bin("prettier"), args: ["--check", "."] },
  { name: "typecheck", command: bin("tsc"), args: ["--noEmit"] },
  { name: "build", command: "npm", args: ["run", "--silent", "build"], env: { NODE_ENV: "production" } },
  {
    name: "vitest",
    label: "vitest (unit + integration on PostgreSQL and PGlite + operations)",
    command: bin("vitest"),
    // `.only` is refused everywhere, not only where CI is set (vitest's default); Playwright's
    // config sets `forbidOnly`.
    args: [
      "run",
      "--allowOnly=false",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${vitestJson}`,
      ...passthrough,
    ],
    needs: ["build"],
    live: true,
  },
  {
    name: "playwright",
    label: "playwright (Chromium, JavaScript on and off)",
    command: bin("playwright"),
    args: ["test", "--reporter=list,json"],
    needs: ["build"],
    after: ["lint", "format", "typecheck", "vitest"],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
    live: true,
  },
];

const results = new Map();
const pendingOutput = [];
let liveRunning = false;

function flushOutput() {
  if (liveRunning) return;
  for (const text of pendingOutput.splice(0)) process.stdout.write(text);
}

function run(step) {
  const started = Date.now();
  const header = `\n=== ${step.label ?? step.name} ===`;
  const env = { ...process.env, ...step.env };
  return new Promise((resolve) => {
    let output = "";
    let child;
    if (step.live) {
      liveRunning = true;
      console.log(header);
      child = spawn(step.command, step.args, { stdio: "inherit", env });
    } else {
      child = spawn(step.command, step.args, { stdio: ["ignore", "pipe", "pipe"], env });
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
    }
    let done = false;
    const finish = (ok, note = "") => {
      if (done) return;
      done = true;
      const seconds = (Date.now() - started) / 1000;
      if (step.live) liveRunning = false;
      else pendingOutput.push(`${header} (${seconds.toFixed(1)} s)\n${output}${note}`);
      results.set(step.name, { ok, seconds });
      flushOutput();
      resolve();
    };
    child.once("error", (error) => finish(false, `could not start ${step.command}: ${error.message}\n`));
    child.once("close", (code) => finish(code === 0));
  });
}

// Each step starts once what it waits for has ended; a failed prerequisite skips it.
const ended = new Map();
for (const step of steps) {
  const waitsFor = [...(step.needs ?? []), ...(step.after ?? [])];
  ended.set(
    step.name,
    Promise.all(waitsFor.map((name) => ended.get(name))).then(() => {
      if ((step.needs ?? []).some((name) => !results.get(name).ok)) {
        results.set(step.name, { ok: false, seconds: 0, skipped: true });
        return;
      }
      return run(step);
    }),
  );
}
await Promise.all(ended.values());
flushOutput();

console.log("\n=== summary ===");
for (const step of steps) {
  const result = results.get(step.name);
  const state = result.skipped ? "SKIPPED (its prerequisite failed)" : result.ok ? "ok" : "FAILED";
  console.log(`${state.padEnd(8)} ${step.label ?? step.name} (${result.seconds.toFixed(1)} s)`);
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
const failedSteps = steps.filter((step) => !results.get(step.name).ok);
// Tests that never ran to an end: a vitest worker that exits mid-file (a crash, a kill) leaves its
// file's tests "pending" in the JSON and counted nowhere, though the step fails. Name them.
const unfinishedFiles = (vitest?.testResults ?? [])
  .map((file) => ({ file, pending: (file.assertionResults ?? []).filter((test) => test.status === "pending") }))
  .filter(({ pending }) => pending.length > 0);
// A file that failed outside its tests (a `beforeAll` that threw or timed out) leaves them all
// skipped: they did not run, and they are no one's `.skip`.
const brokenFiles = (vitest?.testResults ?? []).filter(
  (file) =>
    file.status === "failed" &&
    !unfinishedFiles.some((unfinished) => unfinished.file === file) &&
    !(file.assertionResults ?? []).some((test) => test.status === "failed"),
);
const notRun =
  unfinishedFiles.reduce((sum, { pending }) => sum + pending.length, 0) +
  brokenFiles.reduce((sum, file) => sum + (file.assertionResults?.length ?? 0), 0);
fs.rmSync(reports, { recursive: true, force: true });

// The failures again, by name, beside the totals: CI keeps only the end of a long log.
const failures = [
  ...(vitest?.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => test.status === "failed")
      .map((test) => ({
        where: `${path.relative(process.cwd(), file.name)} › ${test.fullName}`,
        why: test.failureMessages?.[0],
      })),
  ),
  ...playwrightFailures(playwright),
  ...brokenFiles.map((file) => ({
    where: `${path.relative(process.cwd(), file.name)} (${file.assertionResults?.length ?? 0} tests did not run)`,
    why: file.message || "The file failed outside its tests (see vitest's report above).",
  })),
  ...unfinishedFiles.map(({ file, pending }) => ({
    where: `${path.relative(process.cwd(), file.name)} (${pending.length} tests did not finish)`,
    why: "Its vitest worker stopped before the file ended (see 'Unhandled Errors' in vitest's summary above).",
  })),
];
if (failures.length > 0) {
  console.log("\n=== failed tests ===");
  for (const failure of failures) {
    console.log(`✗ ${failure.where}`);
    const firstLines = stripVTControlCharacters(failure.why ?? "")
      .split("\n")
      .slice(0, 6);
    for (const line of firstLines) if (line.trim()) console.log(`    ${line}`);
  }
}

// A skipped test is a failure: it proves nothing while it looks like part of the suite (a test
// that belongs to one Playwright project only is left out of the other by the config, which
// reports nothing). Only a run narrowed by name (`npm test -- -t words`) skips on purpose: vitest
// marks what the name leaves out as skipped, so that run names its skips without failing on them.
const narrowedByName = passthrough.some((arg) => /^(-t|--testNamePattern)(=|$)/.test(arg));
const skippedTests = [
  ...(vitest?.testResults ?? [])
    .filter((file) => !brokenFiles.includes(file))
    .flatMap((file) =>
      (file.assertionResults ?? [])
        .filter((test) => test.status === "skipped" || test.status === "todo")
        .map((test) => `${path.relative(process.cwd(), file.name)} › ${test.fullName} (${test.status})`),
    ),
  ...playwrightTests(playwright, (test) => test.status === "skipped").map(({ where }) => where),
];
if (skippedTests.length > 0 && !narrowedByName) {
  console.log("\n=== skipped tests (a skipped test fails the run: make it pass or remove it) ===");
  for (const where of skippedTests) console.log(`- ${where}`);
}

/** Playwright's JSON nests suites in suites; a test failed when its last result did not pass. */
function playwrightFailures(report) {
  return playwrightTests(report, (test) => test.status === "unexpected" || test.status === "flaky");
}

function playwrightTests(report, wanted) {
  const found = [];
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (!wanted(test)) continue;
        const last = test.results?.at(-1);
        found.push({
          where: `${[...titles, spec.title].filter(Boolean).join(" › ")} [${test.projectName}] (${test.status})`,
          why: last?.error?.message,
        });
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of report?.suites ?? []) visit(suite, [suite.title]);
  return found;
}

console.log(`total ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
console.log(
  `vitest: ${vitest?.numPassedTests ?? 0} passed, ${vitest?.numFailedTests ?? 0} failed; playwright: ${playwright?.stats?.expected ?? 0} passed, ${playwright?.stats?.unexpected ?? 0} failed`,
);
// Steps apart from tests: a failed lint is not a failed test, and the count below stays a count of tests.
if (failedSteps.length > 0) {
  const named = failedSteps.map((step) => (results.get(step.name).skipped ? `${step.name} (not run)` : step.name));
  console.log(`failed steps: ${named.join(", ")}`);
}
const skipped = narrowedByName ? 0 : skippedTests.length;
// The closing line CI reads: every test of every runner, and nothing but tests.
console.log(
  `${passed} passed, ${failedTests} failed${notRun > 0 ? `, ${notRun} did not run` : ""}${skipped ? `, ${skipped} skipped` : ""}`,
);
process.exit(failedSteps.length === 0 && failedTests === 0 && notRun === 0 && skipped === 0 && passed > 0 ? 0 : 1);
