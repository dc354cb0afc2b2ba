import { sql } from "kysely";
import { db } from "~/infra/db.server";

/**
 * Counts one hit against `key` in a fixed window, atomically (one upsert, no read-then-write),
 * so the count holds across instances sharing the database.
 */
export async function recordHit(key: string, windowMs: number): Promise<{ hits: number; resetAt: Date }> {
  const windowInterval = `${Math.ceil(windowMs / 1000)} seconds`;
  const row = await db()
    .insertInto("rate_limits")
    .values({ key, hits: 1, reset_at: sql`now() + ${windowInterval}::interval` })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        hits: sql`CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.hits + 1 END`,
        reset_at: sql`CASE WHEN rate_limits.reset_at <= now() THEN now() + ${windowInterval}::interval ELSE rate_limits.reset_at END`,
      }),
    )
    .returning(["hits", "reset_at"])
    .executeTakeFirstOrThrow();
  return { hits: row.hits, resetAt: new Date(row.reset_at) };
}

export async function clearHits(...keys: string[]) {
  if (keys.length === 0) return;
  await db().deleteFrom("rate_limits").where("key", "in", keys).execute();
}

/**
 * Counts one failure against `key` and remembers when it happened (for growing delays). The
 * count is forgotten `forgetMs` after the latest failure.
 */
export async function recordFailure(key: string, forgetMs: number): Promise<number> {
  const forget = `${Math.ceil(forgetMs / 1000)} seconds`;
  const row = await db()
    .insertInto("rate_limits")
    .values({ key, hits: 1, reset_at: sql`now() + ${forget}::interval`, last_hit_at: sql`now()` })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        hits: sql`CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.hits + 1 END`,
        reset_at: sql`now() + ${forget}::interval`,
        last_hit_at: sql`now()`,
      }),
    )
    .returning("hits")
    .executeTakeFirstOrThrow();
  return row.hits;
}

export type Counter = { hits: number; lastHitAt: Date; resetAt: Date };

/** The live counters among `keys` (ended windows count as none), read without counting. */
export async function readCounters(keys: string[]): Promise<Map<string, Counter>> {
  if (keys.length === 0) return new Map();
  const rows = await db()
    .selectFrom("rate_limits")
    .select(["key", "hits", "last_hit_at", "reset_at"])
    .where("key", "in", keys)
    .where("reset_at", ">", sql<Date>`now()`)
    .execute();
  return new Map(
    rows.map((row) => [
      row.key,
      { hits: row.hits, lastHitAt: new Date(row.last_hit_at), resetAt: new Date(row.reset_at) },
    ]),
  );
}
