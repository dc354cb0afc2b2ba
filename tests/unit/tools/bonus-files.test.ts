import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { BONUS_FILE_NAMES } from "~/features/tools/bonuses";
import { findBonusFile } from "~/features/tools/bonus-downloads.server";
import { BONUS_SOURCE_DIR, filesUnder, packBonuses } from "../../../scripts/build-bonuses.js";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const SOURCES = path.join(ROOT, BONUS_SOURCE_DIR);
const STARTER = "ai-todo-saas-starter";
const downloads = packBonuses(SOURCES);
const sourceText = (file: string) => fs.readFileSync(path.join(SOURCES, file), "utf8");

describe("the bonus file allowlist", () => {
  it("serves exactly the four bonus files, with their types, the early-bird bundle to its owners only", () => {
    expect(findBonusFile(BONUS_FILE_NAMES.starter)?.contentType).toBe("application/zip");
    expect(findBonusFile(BONUS_FILE_NAMES.earlyBird)).toEqual({
      name: "early-bird-bonus.zip",
      contentType: "application/zip",
      requiredProduct: "early_bonus",
    });
    expect(findBonusFile(BONUS_FILE_NAMES.starter)?.requiredProduct).toBeNull();
    expect(findBonusFile(BONUS_FILE_NAMES.launchPlan)?.contentType).toBe("text/plain; charset=utf-8");
    expect(findBonusFile(BONUS_FILE_NAMES.promptVault)?.contentType).toBe("text/plain; charset=utf-8");
  });

  it("knows no other name, however it is spelled", () => {
    for (const name of [
      "",
      "nope.txt",
      "../package.json",
      "..%2Fpackage.json",
      "__proto__",
      "constructor",
      "toString",
      "30-DAY-LAUNCH-PLAN.TXT",
      "30-day-launch-plan.txt/",
    ]) {
      expect(findBonusFile(name), name).toBeNull();
    }
  });
});

describe("the build's packing of bonus-files/ (scripts/build-bonuses.js)", () => {
  it("makes exactly the downloads the allowlist names, one per entry of bonus-files/", () => {
    expect([...downloads.keys()].sort()).toEqual(Object.values(BONUS_FILE_NAMES).sort());
  });

  it("copies the text files byte for byte", () => {
    for (const name of [BONUS_FILE_NAMES.launchPlan, BONUS_FILE_NAMES.promptVault]) {
      expect(Buffer.from(downloads.get(name)!).equals(fs.readFileSync(path.join(SOURCES, name))), name).toBe(true);
    }
  });

  it("zips exactly the files of the starter's folder, each byte for byte, under one folder", () => {
    const entries = unzipSync(downloads.get(BONUS_FILE_NAMES.starter)!);
    const sourceFiles = filesUnder(path.join(SOURCES, STARTER));
    expect(sourceFiles).toContain("src/app.js");
    expect(Object.keys(entries).sort()).toEqual(sourceFiles.map((file) => `${STARTER}/${file}`));
    for (const file of sourceFiles) {
      const source = fs.readFileSync(path.join(SOURCES, STARTER, file));
      expect(Buffer.from(entries[`${STARTER}/${file}`]!).equals(source), file).toBe(true);
    }
  });

  it("gives the same bytes on every build, in any time zone", () => {
    const digestIn = (timeZone: string) => {
      const run = spawnSync(
        process.execPath,
        [
          "--input-type=module",
          "-e",
          `import { packBonuses } from "./scripts/build-bonuses.js";
           import crypto from "node:crypto";
           const hash = crypto.createHash("sha256");
           for (const [name, bytes] of packBonuses()) hash.update(name).update(bytes);
           console.log(hash.digest("hex"));`,
        ],
        { cwd: ROOT, env: { ...process.env, TZ: timeZone }, encoding: "utf8" },
      );
      expect(run.status, run.stderr).toBe(0);
      return run.stdout.trim();
    };
    const here = crypto.createHash("sha256");
    for (const [name, bytes] of packBonuses(SOURCES)) here.update(name).update(bytes);
    expect(digestIn("Pacific/Kiritimati")).toBe(here.digest("hex"));
    expect(digestIn("America/Los_Angeles")).toBe(digestIn("Pacific/Kiritimati"));
  });
});

describe("the bonus content", () => {
  it("has the days and prompts the bonuses page promises", () => {
    const plan = sourceText(BONUS_FILE_NAMES.launchPlan);
    for (let day = 1; day <= 30; day++) expect(plan).toContain(`Day ${day} - `);
    const vault = sourceText(BONUS_FILE_NAMES.promptVault);
    expect(vault).toContain("THE AI PROMPT ENGINEERING VAULT");
    expect(vault.match(/^\d\.\d /gm)).toHaveLength(23); // "23 fill-in-the-blank prompts"
  });

  it("ships the starter as a dependency-free project", () => {
    const pkg = JSON.parse(sourceText(`${STARTER}/package.json`));
    expect(pkg.scripts).toEqual({ start: "node server.js", test: "node --test" });
    expect(pkg.dependencies).toBeUndefined();
  });

  it("unzips into a project whose own tests pass", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "starter-"));
    try {
      for (const [name, bytes] of Object.entries(unzipSync(downloads.get(BONUS_FILE_NAMES.starter)!))) {
        const target = path.join(dir, name);
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.writeFileSync(target, bytes);
      }
      // TAP: the same summary lines on every Node version (Node 24's default reporter prints others).
      const run = spawnSync(process.execPath, ["--test", "--test-reporter=tap"], {
        cwd: path.join(dir, STARTER),
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(run.status, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toMatch(/# pass 3/);
      expect(run.stdout).toMatch(/# fail 0/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
