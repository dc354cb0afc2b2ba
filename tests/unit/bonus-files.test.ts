import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { BONUS_FILE_NAMES } from "~/content/bonuses";
import { TODO_SAAS_STARTER_FILES } from "~/content/bonus-files/todo-saas-starter.server";
import { findBonusFile, STARTER_FOLDER, todoSaasStarterZip } from "~/lib/bonus-downloads.server";

describe("the bonus file allowlist", () => {
  it("serves exactly the three bonus files, with their types", () => {
    expect(findBonusFile(BONUS_FILE_NAMES.starter)?.contentType).toBe("application/zip");
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

  it("has real content in the two text files", () => {
    const plan = strFromU8(findBonusFile(BONUS_FILE_NAMES.launchPlan)!.body());
    for (let day = 1; day <= 30; day++) expect(plan).toContain(`Day ${day} - `);
    const vault = strFromU8(findBonusFile(BONUS_FILE_NAMES.promptVault)!.body());
    expect(vault).toContain("THE AI PROMPT ENGINEERING VAULT");
    expect(vault.match(/^\d\.\d /gm)).toHaveLength(23); // the count the bonuses page promises
  });
});

describe("the to-do SaaS starter zip", () => {
  it("is a valid zip holding every file of the project in one folder", () => {
    const entries = unzipSync(todoSaasStarterZip());
    expect(Object.keys(entries).sort()).toEqual(
      Object.keys(TODO_SAAS_STARTER_FILES)
        .map((file) => `${STARTER_FOLDER}/${file}`)
        .sort(),
    );
    const pkg = JSON.parse(strFromU8(entries[`${STARTER_FOLDER}/package.json`]));
    expect(pkg.scripts).toEqual({ start: "node server.js", test: "node --test" });
    expect(pkg.dependencies).toBeUndefined();
  });

  it("is the same bytes every time", () => {
    expect(todoSaasStarterZip()).toBe(todoSaasStarterZip());
  });

  it("unzips into a project whose own tests pass", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "starter-"));
    try {
      for (const [name, bytes] of Object.entries(unzipSync(todoSaasStarterZip()))) {
        const target = path.join(dir, name);
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.writeFileSync(target, bytes);
      }
      const run = spawnSync(process.execPath, ["--test"], {
        cwd: path.join(dir, STARTER_FOLDER),
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
