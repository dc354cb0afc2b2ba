import fs from "node:fs";
import path from "node:path";
import { Kysely, Migrator, PostgresDialect, sql, type MigrationProvider } from "kysely";
import { PGlite } from "@electric-sql/pglite";
import { PGliteDialect } from "kysely-pglite-dialect";
import pg from "pg";
import { migrations } from "../../migrations/index";
import type { DB } from "./db-schema";
import { env } from "./env.server";
import { acquireFolderLock } from "./folder-lock.server";

export type Database = Kysely<DB>;

/**
 * One Kysely instance per process: PostgreSQL through `pg` when DATABASE_URL is set,
 * otherwise an embedded PGlite database in PGLITE_DIR (a single process may open it).
 * Kept on globalThis so a module re-evaluation never opens the PGlite folder twice.
 */
const holder = globalThis as typeof globalThis & { __appDb?: Database };

export function db(): Database {
  holder.__appDb ??= createDatabase();
  return holder.__appDb;
}

function createDatabase(): Database {
  const { DATABASE_URL, PGLITE_DIR } = env();
  if (DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });
    pool.on("error", (error) => console.error("[db] idle client error:", error.message));
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  }
  return createPgliteDatabase(path.resolve(PGLITE_DIR));
}

function createPgliteDatabase(dir: string): Database {
  fs.mkdirSync(dir, { recursive: true });
  acquireFolderLock(dir);
  const client = new PGlite(dir);
  return new Kysely<DB>({ dialect: new PGliteDialect(client) });
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

export function migrator(database: Database = db()) {
  return new Migrator({ db: database, provider });
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(database: Database = db()) {
  const { error, results } = await migrator(database).migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === "Success") console.log(`[db] applied migration ${result.migrationName}`);
    if (result.status === "Error") console.error(`[db] migration ${result.migrationName} failed`);
  }
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

export async function isDatabaseHealthy(database: Database = db()): Promise<boolean> {
  try {
    await sql`SELECT 1`.execute(database);
    return true;
  } catch {
    return false;
  }
}

export async function closeDatabase() {
  const current = holder.__appDb;
  holder.__appDb = undefined;
  await current?.destroy();
}
