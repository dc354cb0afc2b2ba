// `npm run db:backup [-- <file>]`: a full backup of the app's database.
// - PostgreSQL (DATABASE_URL): pg_dump's custom format (compressed, restorable table by table), taken
//   from a consistent snapshot while the site keeps running.
// - PGlite (PGLITE_DIR): the data folder as a .tar.gz. One process owns the folder, so stop the
//   server first; the folder lock refuses otherwise, naming the process that holds it.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { acquireFolderLock } from "../app/platform/db/folder-lock.server";
import { fail, pgTool, run, target } from "./backup-tools";

const where = target();
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const file = path.resolve(
  process.argv[2] ?? `backups/${where.engine}-${stamp}.${where.engine === "postgres" ? "dump" : "tar.gz"}`,
);
fs.mkdirSync(path.dirname(file), { recursive: true });

if (where.engine === "postgres") {
  run(pgTool("pg_dump"), [
    "--format=custom",
    "--no-owner",
    "--no-privileges",
    `--file=${file}`,
    `--dbname=${where.url}`,
  ]);
} else {
  if (!fs.existsSync(where.dir)) fail(`[backup] there is no embedded database in ${where.dir}`);
  try {
    acquireFolderLock(where.dir);
  } catch (error) {
    fail(`[backup] ${(error as Error).message}\nThe PGlite backup needs the server stopped (it owns the folder).`);
  }
  const database = new PGlite(where.dir);
  // Everything written so far goes to the data files before they are archived.
  await database.exec("CHECKPOINT");
  const archive = await database.dumpDataDir("gzip");
  await database.close();
  fs.writeFileSync(file, Buffer.from(await archive.arrayBuffer()));
}
console.log(`[backup] ${where.engine} database saved to ${file} (${fs.statSync(file).size} bytes)`);
