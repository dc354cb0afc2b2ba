import fs from "node:fs";
import path from "node:path";
import { Kysely, Migrator, PostgresDialect, sql, type MigrationProvider, type PostgresPool } from "kysely";
import pg from "pg";
import { migrations } from "../../../migrations/index";
import { isDatabaseUnavailable } from "./database-errors";
import type { DB } from "./db-schema";
import { env } from "~/platform/env.server";
import { acquireFolderLock } from "./folder-lock.server";
import { PGliteThreadDialect } from "./pglite-thread.server";
import { isStalePreparedStatement, StatementNames } from "./prepared-statements.server";
import { log } from "~/platform/log.server";

export type Database = Kysely<DB>;

/**
 * One Kysely instance per process: PostgreSQL through `pg` when DATABASE_URL is set,
 * otherwise an embedded PGlite database in PGLITE_DIR (a single process may open it), run in a
 * thread of its own.
 * Kept on globalThis so a module re-evaluation never opens the PGlite folder twice.
 */
const holder = globalThis as typeof globalThis & { __appDb?: Database; __appPool?: pg.Pool };

export function db(): Database {
  holder.__appDb ??= createDatabase();
  return holder.__appDb;
}

function createDatabase(): Database {
  const { DATABASE_URL, PGLITE_DIR, DATABASE_PREPARED_STATEMENTS: prepare } = env();
  if (DATABASE_URL) {
    const pool = createPool(DATABASE_URL);
    holder.__appPool = pool;
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool: discardingBrokenClients(pool, { prepare }) }) });
  }
  return createPgliteDatabase(path.resolve(PGLITE_DIR), { prepare });
}

/**
 * Every wait for PostgreSQL is bounded, so an outage costs a request at most these timeouts:
 * connecting (and waiting for a free pooled client), a statement on the server, a transaction
 * left idle, and a client-side read timeout for a server that is hung and answers nothing at all
 * (statement_timeout runs on the server, so it cannot fire there).
 */
function createPool(connectionString: string, { timeouts = true, max = env().DATABASE_POOL_MAX } = {}) {
  const { DATABASE_CONNECT_TIMEOUT_MS, DATABASE_STATEMENT_TIMEOUT_MS, DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS } = env();
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    ...(timeouts && {
      statement_timeout: DATABASE_STATEMENT_TIMEOUT_MS,
      query_timeout: DATABASE_STATEMENT_TIMEOUT_MS + 1_000,
      idle_in_transaction_session_timeout: DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    }),
  });
  pool.on("error", (error) => log.error({ reason: error.message }, "an idle database connection failed"));
  return pool;
}

const statementNames = new StatementNames();

/**
 * What Kysely gets instead of the pool:
 * - Data statements with parameters go out as named prepared statements
 *   (prepared-statements.server.ts): parsed once per connection, then run on a cached plan. One
 *   whose plan went stale (a `SELECT *` after another instance's migration) runs again unnamed.
 * - Kysely returns clients to the pool without saying whether they failed. A client whose query
 *   timed out against a hung server still waits for that answer, and one holding a stale
 *   statement would fail again, so either is destroyed instead of reused: once the server is
 *   back, fresh connections serve requests at once.
 */
function discardingBrokenClients(pool: pg.Pool, { prepare }: { prepare: boolean }): PostgresPool {
  return {
    connect: async () => {
      const client = await pool.connect();
      let broken = false;
      // While a request holds a client, pg's pool stops listening for the client's errors, so a
      // connection the server drops between two statements (a restart, a failover, an idle
      // timeout) would emit an unhandled 'error' and end the whole process. Listen while it is
      // held: the request's next statement fails as usual, and the client is thrown away.
      const onConnectionError = (error: Error) => {
        broken = true;
        log.error({ reason: error.message }, "a database connection in use was lost");
      };
      client.on("error", onConnectionError);
      const noteUnavailable = (error: unknown) => {
        if (isDatabaseUnavailable(error)) broken = true;
        throw error;
      };
      return {
        query: ((...args: Parameters<pg.PoolClient["query"]>) => {
          const [text, values] = args as unknown[];
          const name =
            prepare && typeof text === "string" && Array.isArray(values) ? statementNames.nameFor(text, values) : null;
          if (name !== null) {
            return client.query({ name, text: text as string, values: values as unknown[] }).catch((error: unknown) => {
              if (!isStalePreparedStatement(error)) return noteUnavailable(error);
              broken = true;
              // Inside a transaction the retry fails too (the error aborted it): report the cause.
              return client.query(text as string, values as unknown[]).catch(() => {
                throw error;
              });
            });
          }
          const result = (client.query as (...a: unknown[]) => unknown)(...args);
          return result instanceof Promise ? result.catch(noteUnavailable) : result; // else a cursor
        }) as never,
        release: () => {
          client.off("error", onConnectionError);
          client.release(broken || undefined);
        },
      };
    },
    end: () => pool.end(),
  };
}

/** PGlite in a thread of its own (pglite-thread.server.ts); this process holds the folder's lock. */
function createPgliteDatabase(dir: string, { prepare }: { prepare: boolean }): Database {
  fs.mkdirSync(dir, { recursive: true });
  acquireFolderLock(dir);
  return new Kysely<DB>({ dialect: new PGliteThreadDialect({ dir, prepare }) });
}

/** The PostgreSQL pool's clients right now (null on PGlite): for the metrics. */
export function databasePoolStats(): { total: number; idle: number; waiting: number } | null {
  const pool = holder.__appPool;
  if (!pool || !holder.__appDb) return null;
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

export function migrator(database: Database = db()) {
  return new Migrator({ db: database, provider });
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(database: Database = db()) {
  const { error, results } = await migrator(database).migrateToLatest();
  const applied = (results ?? []).filter((result) => result.status === "Success").map((result) => result.migrationName);
  if (applied.length > 0) log.info({ migrations: applied }, "migrations applied");
  for (const result of results ?? []) {
    if (result.status === "Error") log.error({ migration: result.migrationName }, "migration failed");
  }
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

// Any fixed 64-bit number, the same in every instance: "this app's start-up work".
const STARTUP_LOCK = 4_242_013_001;

/**
 * Runs the start-up work (migrations, seed) while holding a PostgreSQL advisory lock, so
 * instances starting together take turns: the first migrates and seeds, the others find nothing
 * left to do. Migrations run on their own connection without the request timeouts (a migration
 * may rightly take longer than a page). PGlite needs no lock: one process owns the folder.
 */
export async function withStartupLock(work: (migrationDatabase: Database) => Promise<void>) {
  const { DATABASE_URL } = env();
  if (!DATABASE_URL) return work(db());
  const pool = createPool(DATABASE_URL, { timeouts: false, max: 1 });
  const migrationDatabase = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  try {
    await migrationDatabase.connection().execute(async (connection) => {
      await sql`SELECT pg_advisory_lock(${STARTUP_LOCK})`.execute(connection);
      try {
        await work(connection);
      } finally {
        await sql`SELECT pg_advisory_unlock(${STARTUP_LOCK})`.execute(connection);
      }
    });
  } finally {
    await migrationDatabase.destroy();
  }
}

const HEALTH_CHECK_MS = 2_000;

/** One cheap round trip, bounded well under the platform's check timeout even when PostgreSQL hangs. */
export async function isDatabaseHealthy(database: Database = db()): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), HEALTH_CHECK_MS);
  });
  const check = sql`SELECT 1`.execute(database).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Ready for traffic: the database answers and every migration this build knows has been applied. */
export async function pendingMigrations(database: Database = db()): Promise<string[]> {
  const known = await migrator(database).getMigrations();
  return known.filter((migration) => !migration.executedAt).map((migration) => migration.name);
}

export async function closeDatabase() {
  const current = holder.__appDb;
  holder.__appDb = undefined;
  holder.__appPool = undefined;
  await current?.destroy();
}
