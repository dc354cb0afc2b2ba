// `npm test` checks its tools before it starts (scripts/test-tools.js, docs/decisions/060): what
// is missing is installed by root, or the suite stops with the exact command. The decision is a
// pure function; the finding runs for real, on this machine's tools and on folders without them.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findTestTools, planTestTools } from "../../../scripts/test-tools.js";

const SCRIPT = path.resolve(import.meta.dirname, "../../../scripts/test-tools.js");
const postgres = { pkg: "postgresql", place: "/usr/lib/postgresql/<version>/bin" };
const chromium = { pkg: "chromium-headless-shell", place: "/usr/bin/chromium-headless-shell" };

describe("the test tools' plan", () => {
  it("runs the suite when nothing is missing, whoever runs it", () => {
    expect(planTestTools({ missing: [], isRoot: false, hasAptGet: false })).toEqual({ action: "run" });
    expect(planTestTools({ missing: [], isRoot: true, hasAptGet: true })).toEqual({ action: "run" });
  });

  it("installs exactly the missing packages when root on a machine with apt-get", () => {
    expect(planTestTools({ missing: [postgres, chromium], isRoot: true, hasAptGet: true })).toEqual({
      action: "install",
      packages: ["postgresql", "chromium-headless-shell"],
    });
    expect(planTestTools({ missing: [chromium], isRoot: true, hasAptGet: true })).toEqual({
      action: "install",
      packages: ["chromium-headless-shell"],
    });
  });

  it("stops with the exact command, through sudo, for anyone else", () => {
    const plan = planTestTools({ missing: [postgres], isRoot: false, hasAptGet: true });
    expect(plan.action).toBe("stop");
    expect(plan.action === "stop" && plan.message).toMatch(
      /\n {2}sudo apt-get update && sudo apt-get install -y postgresql$/,
    );
    expect(plan.action === "stop" && plan.message).not.toContain("chromium");
  });

  it("stops for root too where apt-get is not there to run", () => {
    const plan = planTestTools({ missing: [postgres, chromium], isRoot: true, hasAptGet: false });
    expect(plan.action === "stop" && plan.message.split("\n").at(-1)).toBe(
      "  apt-get update && apt-get install -y postgresql chromium-headless-shell",
    );
  });

  it("never installs over a place set by hand: it names the variable to correct", () => {
    const plan = planTestTools({
      missing: [{ pkg: "postgresql", variable: "PG_BIN", place: "/opt/pg/bin" }, chromium],
      isRoot: true,
      hasAptGet: true,
    });
    expect(plan.action).toBe("stop");
    expect(plan.action === "stop" && plan.message).toContain("PG_BIN names /opt/pg/bin: correct it, or unset it.");
  });
});

describe("finding the test tools", () => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), "test-tools-"));

  it("finds this machine's PostgreSQL server binaries and headless Chromium, as the suite itself needs them", () => {
    const found = findTestTools({});
    expect(found.missing).toEqual([]);
    expect(found.pgBin && fs.existsSync(path.join(found.pgBin, "initdb"))).toBe(true);
  });

  it("finds neither where PG_BIN and CHROMIUM_PATH name places without them", () => {
    const found = findTestTools({ PG_BIN: empty, CHROMIUM_PATH: path.join(empty, "chromium-headless-shell") });
    expect(found.missing.map((tool) => [tool.pkg, tool.variable])).toEqual([
      ["postgresql", "PG_BIN"],
      ["chromium-headless-shell", "CHROMIUM_PATH"],
    ]);
  });

  it("stops the check at once, before anything else, with the command, when the tools are not where it looks", () => {
    const run = spawnSync(process.execPath, [SCRIPT], {
      env: { ...process.env, PG_BIN: empty, CHROMIUM_PATH: path.join(empty, "chromium-headless-shell") },
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain(`npm test needs PostgreSQL's server binaries, initdb and pg_ctl (${empty})`);
    expect(run.stderr).toMatch(/apt-get install -y postgresql chromium-headless-shell\n$/);
  });
});
