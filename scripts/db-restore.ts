// `npm run db:restore -- <file> [--replace]`: puts a backup made by `npm run db:backup` back.
// Into an empty database (or a PGLITE_DIR that does not exist yet) it just restores. A database
// that already has the app's tables is replaced only with --replace (PGlite keeps the old folder
// beside it as <dir>.before-restore-<time>). Stop the server first on PGlite; on PostgreSQL,
// restore into a fresh database and point DATABASE_URL at it, or stop the instances first.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { acquireFolderLock } from "../app/platform/db/folder-lock.server";
import { fail, pgTool, run, target } from "./backup-tools";

const args = process.argv.slice(2);
const replace = args.includes("--replace");
const file = args.find((arg) => !arg.startsWith("--"));
if (!file || !fs.existsSync(file)) fail("[restore] usage: npm run db:restore -- <backup file> [--replace]");
const where = target();

if (where.engine === "postgres") {
  if (!file.endsWith(".dump"))
    fail(`[restore] ${file} is not a PostgreSQL backup (.dump); DATABASE_URL names a PostgreSQL database`);
  const client = new pg.Client({ connectionString: where.url });
  await client.connect();
  const { rows } = await client.query("SELECT to_regclass('public.users') IS NOT NULL AS used");
  await client.end();
  if (rows[0].used && !replace)
    fail("[restore] the database already has the app's tables; add --replace to overwrite them");
  run(pgTool("pg_restore"), [
    "--clean",
    "--if-exists",
    "--no-owner",
    "--no-privileges",
    "--single-transaction",
    `--dbname=${where.url}`,
    file,
  ]);
} else {
  if (!file.endsWith(".tar.gz"))
    fail(`[restore] ${file} is not a PGlite backup (.tar.gz); set DATABASE_URL to restore a .dump`);
  if (fs.existsSync(where.dir) && fs.readdirSync(where.dir).length > 0) {
    if (!replace) fail(`[restore] ${where.dir} already holds a database; add --replace (it is kept beside as a copy)`);
    acquireFolderLock(where.dir); // refuses while a server has it open
    const kept = `${where.dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    fs.renameSync(where.dir, kept);
    console.log(`[restore] the previous database is kept in ${kept}`);
  }
  fs.mkdirSync(where.dir, { recursive: true });
  const archive = new Blob([fs.readFileSync(file)]);
  const database = new PGlite(where.dir, { loadDataDir: archive });
  await database.query("SELECT 1");
  await database.close();
  // The archive holds the lock file of the process that took it; it names no running process here.
  fs.rmSync(path.join(where.dir, "app.lock"), { force: true });
}
console.log(`[restore] ${file} restored into the ${where.engine} database`);
