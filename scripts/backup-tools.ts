// Shared by `npm run db:backup` and `npm run db:restore`: which engine, and where its tools are.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { env } from "../app/platform/env.server";

/** pg_dump and pg_restore: PG_BIN, else Debian's PostgreSQL 15 (the Dockerfile installs it), else PATH. */
export function pgTool(name: "pg_dump" | "pg_restore"): string {
  const folders = [process.env.PG_BIN, "/usr/lib/postgresql/15/bin"].filter((folder): folder is string =>
    Boolean(folder),
  );
  for (const folder of folders) {
    const candidate = path.join(folder, name);
    if (fs.existsSync(candidate)) return candidate;
  }
  return name;
}

export type Target = { engine: "postgres"; url: string } | { engine: "pglite"; dir: string };

export function target(): Target {
  const { DATABASE_URL, PGLITE_DIR } = env();
  return DATABASE_URL ? { engine: "postgres", url: DATABASE_URL } : { engine: "pglite", dir: path.resolve(PGLITE_DIR) };
}

export function run(command: string, args: string[]) {
  execFileSync(command, args, { stdio: ["ignore", "inherit", "inherit"] });
}

export function fail(message: string): never {
  console.error(`\n${message}\n`);
  process.exit(1);
}
