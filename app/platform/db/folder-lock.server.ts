import fs from "node:fs";
import path from "node:path";

/**
 * Two processes on one PGlite folder silently lose writes (docs/architecture.md#one-process-per-pglite-folder), so the folder
 * gets a lock file holding our pid. A lock left by a dead process is taken over.
 */
export function acquireFolderLock(dir: string) {
  const lockPath = path.join(dir, "app.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx");
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      const release = () => {
        try {
          if (fs.readFileSync(lockPath, "utf8") === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
      process.once("exit", release);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holderPid = Number(fs.readFileSync(lockPath, "utf8"));
      if (holderPid === process.pid) return;
      if (holderPid && isProcessAlive(holderPid)) {
        throw new Error(
          `The embedded database in ${dir} is already in use by process ${holderPid}. ` +
            "Only one process may open it: stop the other server, or set PGLITE_DIR to another folder " +
            "(or DATABASE_URL to use PostgreSQL).",
        );
      }
      fs.unlinkSync(lockPath); // stale lock from a process that no longer runs
    }
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
