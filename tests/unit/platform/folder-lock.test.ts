import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireFolderLock } from "~/platform/db/folder-lock.server";

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lock-test-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("acquireFolderLock (one process per PGlite folder)", () => {
  it("takes a free folder and writes our pid", () => {
    const dir = tempDir();
    acquireFolderLock(dir);
    expect(fs.readFileSync(path.join(dir, "app.lock"), "utf8")).toBe(String(process.pid));
    acquireFolderLock(dir); // ours already: no error
  });

  it("refuses a folder held by another live process, saying what to do", async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      fs.writeFileSync(path.join(dir, "app.lock"), String(other.pid));
      expect(() => acquireFolderLock(dir)).toThrow(
        new RegExp(`already in use by process ${other.pid}.*PGLITE_DIR.*DATABASE_URL`, "s"),
      );
      expect(fs.readFileSync(path.join(dir, "app.lock"), "utf8")).toBe(String(other.pid));
    } finally {
      other.kill();
    }
  });

  it("takes over a lock left by a process that no longer runs", async () => {
    const dir = tempDir();
    const gone = spawn(process.execPath, ["-e", ""]);
    await new Promise((resolve) => gone.once("exit", resolve));
    fs.writeFileSync(path.join(dir, "app.lock"), String(gone.pid));
    acquireFolderLock(dir);
    expect(fs.readFileSync(path.join(dir, "app.lock"), "utf8")).toBe(String(process.pid));
  });
});
