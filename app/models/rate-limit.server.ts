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

export async function clearHits(key: string) {
  await db().deleteFrom("rate_limits").where("key", "=", key).execute();
}
