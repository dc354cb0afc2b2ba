// `npm test` needs two programs Node does not bring (docs/decisions/060): PostgreSQL's server
// binaries (initdb and pg_ctl start the throwaway clusters: tests/support/pg-cluster.ts) and
// Debian's headless Chromium (Playwright runs it: playwright.config.ts). Both are checked before
// anything starts. What is missing is installed with apt-get when we run as root; otherwise the
// suite stops at once with the exact command to run, instead of failing hundreds of tests one by one.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** Where Debian puts each version's server binaries; the clusters' default is 15 (bookworm's). */
const PG_ROOT = "/usr/lib/postgresql";
const PG_DEFAULT_BIN = `${PG_ROOT}/15/bin`;
const CHROMIUM_DEFAULT = "/usr/bin/chromium-headless-shell";

const executable = (file) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
};
const hasPgServer = (folder) => ["initdb", "pg_ctl"].every((name) => executable(path.join(folder, name)));

/**
 * Looks for the tools where the suite will: PG_BIN and CHROMIUM_PATH when set (then only there),
 * else Debian's places (PostgreSQL 15, or the newest version installed). Returns the folder of
 * PostgreSQL's binaries when found, and what is missing: the Debian package, and the variable
 * that named the place when the place was chosen by hand.
 * @param {Record<string, string | undefined>} env
 * @returns {{ pgBin: string | undefined, missing: { pkg: string, variable?: string, place: string }[] }}
 */
export function findTestTools(env = process.env) {
  const missing = [];
  let pgBin;
  if (env.PG_BIN) {
    if (hasPgServer(env.PG_BIN)) pgBin = env.PG_BIN;
    else missing.push({ pkg: "postgresql", variable: "PG_BIN", place: env.PG_BIN });
  } else {
    const versions = fs.existsSync(PG_ROOT)
      ? fs
          .readdirSync(PG_ROOT)
          .map((version) => path.join(PG_ROOT, version, "bin"))
          .filter(hasPgServer)
          .sort((a, b) => a.localeCompare(b, "en", { numeric: true }))
      : [];
    pgBin = versions.includes(PG_DEFAULT_BIN) ? PG_DEFAULT_BIN : versions.at(-1);
    if (!pgBin) missing.push({ pkg: "postgresql", place: `${PG_ROOT}/<version>/bin` });
  }
  const chromium = env.CHROMIUM_PATH || CHROMIUM_DEFAULT;
  if (!executable(chromium)) {
    missing.push({
      pkg: "chromium-headless-shell",
      ...(env.CHROMIUM_PATH ? { variable: "CHROMIUM_PATH" } : {}),
      place: chromium,
    });
  }
  return { pgBin, missing };
}

/**
 * What to do about what is missing: nothing; install it (root on a machine with apt-get, and
 * only for Debian's own places: a place set by hand is the operator's to fix); or stop with the
 * exact command.
 * @param {{ missing: { pkg: string, variable?: string, place: string }[], isRoot: boolean, hasAptGet: boolean }} situation
 * @returns {{ action: "run" } | { action: "install", packages: string[] } | { action: "stop", message: string }}
 */
export function planTestTools({ missing, isRoot, hasAptGet }) {
  if (missing.length === 0) return { action: "run" };
  const packages = [...new Set(missing.map((tool) => tool.pkg))];
  const byHand = missing.filter((tool) => tool.variable);
  if (isRoot && hasAptGet && byHand.length === 0) return { action: "install", packages };
  const lines = [
    `npm test needs ${missing.map((tool) => `${describe(tool.pkg)} (${tool.place})`).join(" and ")}; not found.`,
    ...byHand.map((tool) => `${tool.variable} names ${tool.place}: correct it, or unset it.`),
    `Install ${packages.length === 1 ? "it" : "them"} with:`,
    `  ${isRoot ? "" : "sudo "}apt-get update && ${isRoot ? "" : "sudo "}apt-get install -y ${packages.join(" ")}`,
  ];
  return { action: "stop", message: lines.join("\n") };
}

const describe = (pkg) =>
  pkg === "postgresql" ? "PostgreSQL's server binaries, initdb and pg_ctl" : "Debian's headless Chromium";

const onPath = (command) =>
  (process.env.PATH ?? "").split(path.delimiter).some((folder) => folder && executable(path.join(folder, command)));

/**
 * Checks the tools, installs what is missing when it may, and sets PG_BIN for the suite when
 * PostgreSQL is another version than the clusters' default. Exits the process when it cannot go on.
 */
export function ensureTestTools(env = process.env) {
  let found = findTestTools(env);
  const plan = planTestTools({
    missing: found.missing,
    isRoot: process.getuid?.() === 0,
    hasAptGet: onPath("apt-get"),
  });
  if (plan.action === "stop") {
    console.error(plan.message);
    process.exit(1);
  }
  if (plan.action === "install") {
    console.log(`Installing what npm test needs from Debian: ${plan.packages.join(" ")}`);
    const aptEnv = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    for (const args of [
      ["update", "-qq"],
      ["install", "-y", "-qq", ...plan.packages],
    ]) {
      const run = spawnSync("apt-get", args, { stdio: ["ignore", "ignore", "inherit"], env: aptEnv });
      if (run.status !== 0) {
        console.error(`apt-get ${args.join(" ")} failed (see above).`);
        process.exit(1);
      }
    }
    found = findTestTools(env);
    if (found.missing.length > 0) {
      console.error(planTestTools({ missing: found.missing, isRoot: true, hasAptGet: false }).message);
      process.exit(1);
    }
  }
  if (found.pgBin && found.pgBin !== PG_DEFAULT_BIN) env.PG_BIN = found.pgBin;
}

// `node scripts/test-tools.js`: the check alone.
if (process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname) {
  ensureTestTools();
  console.log("The test tools are here: PostgreSQL's server binaries and Debian's headless Chromium.");
}
