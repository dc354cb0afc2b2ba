// The Node major the project runs on is written once, in .nvmrc (docs/decisions/037). On another
// major, `npm start` and `npm test` need no manual step (docs/decisions/060): the official Node of
// that major is fetched once from the npm registry (the `node` package) into a cache outside the
// checkout, one line says so, and the same command runs again under it, in a child process that
// inherits the terminal and whose exit code and signal become this process's own.
//
// Imported first by scripts/start.js and scripts/test.js. On the wanted major it does nothing; on
// another it never returns (its top-level await holds the importing script's code back, so only
// the child runs it).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const wanted = fs
  .readFileSync(new URL("../.nvmrc", import.meta.url), "utf8")
  .trim()
  .replace(/^v/, "");
/** Set in the child: a second mismatch there is a broken cache, not a reason to fetch again forever. */
const RERUN_MARK = "AI_PROFIT_LABS_NODE_RERUN";

/** Where the fetched Node lives: the user's cache folder (XDG), kept between checkouts and runs. */
export function nodeHome(env = process.env, major = wanted) {
  const cache = env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache");
  return path.join(cache, "ai-profit-labs", `node${major}`);
}

/** The major of the Node binary at `bin`, or undefined when there is none that runs. */
function majorOf(bin) {
  const probe = spawnSync(bin, ["-p", "process.versions.node"], { encoding: "utf8" });
  return probe.status === 0 ? probe.stdout.trim() : undefined;
}

function stop(message) {
  console.error(message);
  process.exit(1);
}

/**
 * The wanted Node's binary, fetched into `home` if it is not there yet. npm installs it into a
 * folder of its own first, renamed into place when whole, so an interrupted fetch or two commands
 * started at once never leave a half-installed Node behind.
 */
function wantedNode(home, have) {
  const bin = path.join(home, "node_modules", ".bin", "node");
  const cached = majorOf(bin);
  if (cached?.split(".")[0] === wanted) {
    console.error(`Node ${have} here: running on Node ${cached} from ${home}`);
    return bin;
  }
  console.error(
    `Node ${have} here: fetching Node ${wanted} once from the npm registry into ${home}, then running on it`,
  );
  const staging = `${home}.partial-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true });
  const install = spawnSync(
    "npm",
    ["install", "--prefix", staging, "--no-audit", "--no-fund", "--no-save", "--loglevel=error", `node@${wanted}`],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  if (install.status !== 0) {
    fs.rmSync(staging, { recursive: true, force: true });
    stop(`Could not fetch Node ${wanted} from the npm registry (npm install node@${wanted} failed; see above).`);
  }
  fs.rmSync(home, { recursive: true, force: true });
  try {
    fs.renameSync(staging, home);
  } catch {
    // Another command fetched it at the same moment and renamed first: theirs is as good.
    fs.rmSync(staging, { recursive: true, force: true });
  }
  if (majorOf(bin)?.split(".")[0] !== wanted) stop(`Fetched Node ${wanted} into ${home}, but ${bin} does not run.`);
  return bin;
}

/** Runs this same command under `bin` and becomes it: same terminal, exit code and signal. */
function rerunUnder(bin) {
  const child = spawn(bin, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: "inherit",
    env: {
      ...process.env,
      PATH: `${path.dirname(bin)}${path.delimiter}${process.env.PATH ?? ""}`,
      // npm's own names for the Node running a script, read by tools that start Node themselves.
      NODE: bin,
      npm_node_execpath: bin,
      [RERUN_MARK]: "1",
    },
  });
  const forwarded = ["SIGINT", "SIGTERM", "SIGHUP"];
  const forward = (signal) => child.kill(signal);
  for (const signal of forwarded) process.on(signal, forward);
  child.on("error", (error) => stop(`Could not run ${bin}: ${error.message}`));
  child.on("exit", (code, signal) => {
    if (signal) {
      for (const name of forwarded) process.off(name, forward);
      process.kill(process.pid, signal);
      // A signal this process does not die of (ignored by its parent): the shell's convention.
      process.exit(128 + (os.constants.signals[signal] ?? 0));
    }
    process.exit(code ?? 1);
  });
}

const have = process.versions.node;
if (have.split(".")[0] !== wanted) {
  if (process.env[RERUN_MARK]) stop(`Node ${wanted} is required; ${process.execPath} is Node ${have}.`);
  rerunUnder(wantedNode(nodeHome(), have));
  await new Promise(() => {});
}
