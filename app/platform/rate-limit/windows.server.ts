import { sql } from "kysely";
import { db } from "~/platform/db/db.server";

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

/**
 * One key of a reservation: a fixed window (`limit` per `windowMs`; no `limit`: counted, never
 * refused) or growing delays (`delays[n]`: seconds to wait after n failures, the last entry for
 * any more; the count is forgotten `forgetMs` after the latest one).
 */
export type Reservation =
  | { key: string; kind: "window"; limit: number | null; windowMs: number }
  | { key: string; kind: "backoff"; delays: number[]; forgetMs: number };

/** What a reservation took: per key, the count with it and the times needed to give it back exactly. */
export type Reserved = { key: string; hits: number; reservedAt: string; previousHitAt: string | null };

const seconds = (ms: number) => `${Math.ceil(ms / 1000)} seconds`;

function admits(reservation: Reservation) {
  if (reservation.kind === "window")
    return reservation.limit === null ? sql<boolean>`true` : sql<boolean>`r.hits < ${reservation.limit}::int`;
  const delays = reservation.delays;
  const delay = sql`(ARRAY[${sql.join(delays.map((d) => sql`${d}::int`))}])[least(r.hits, ${delays.length - 1}::int) + 1]`;
  return sql<boolean>`(${delay} = 0 OR r.last_hit_at + make_interval(secs => ${delay}) <= clock_timestamp())`;
}

/**
 * Counts one attempt against every key BEFORE the slow check it guards, in ONE statement, so
 * concurrent attempts cannot all pass a limit they read before any of them was written (decision
 * 047). A key is taken only while its rule admits one more (its row locked meanwhile); the keys
 * returned are the ones taken. Callers give back what they took when another key refused, or when
 * the attempt turns out right (releaseReservations). Keys are taken in sorted order, so two
 * reservations never wait on each other's rows in a cycle.
 */
export async function reserveAttempts(reservations: Reservation[]): Promise<Reserved[]> {
  if (reservations.length === 0) return [];
  const sorted = [...reservations].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const keys = sorted.map((r) => r.key);
  const values = sorted.map(
    (r) =>
      sql`(${r.key}, 1, now() + ${seconds(r.kind === "window" ? r.windowMs : r.forgetMs)}::interval, clock_timestamp())`,
  );
  const sliding = sorted.filter((r) => r.kind === "backoff").map((r) => r.key);
  const rule = sql.join(
    sorted.map((r) => sql`WHEN ${r.key} THEN ${admits(r)}`),
    sql` `,
  );
  const { rows } = await sql<{ key: string; hits: number; reserved_at: string; previous_hit_at: string | null }>`
    WITH before AS (SELECT key, last_hit_at FROM rate_limits WHERE key IN (${sql.join(keys)}))
    INSERT INTO rate_limits AS r (key, hits, reset_at, last_hit_at)
    VALUES ${sql.join(values)}
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.hits + 1 END,
      reset_at = CASE WHEN r.reset_at <= now() ${sliding.length > 0 ? sql`OR r.key IN (${sql.join(sliding)})` : sql``}
        THEN excluded.reset_at ELSE r.reset_at END,
      last_hit_at = excluded.last_hit_at
    WHERE r.reset_at <= now() OR CASE r.key ${rule} ELSE false END
    RETURNING r.key, r.hits, r.last_hit_at::text AS reserved_at,
      (SELECT b.last_hit_at::text FROM before b WHERE b.key = r.key) AS previous_hit_at`.execute(db());
  return rows.map((row) => ({
    key: row.key,
    hits: row.hits,
    reservedAt: row.reserved_at,
    previousHitAt: row.previous_hit_at,
  }));
}

/**
 * Gives reserved attempts back: each count goes down by one, and the time of the latest attempt
 * goes back to what it was, unless another attempt was counted since (its time stays).
 */
export async function releaseReservations(reserved: Reserved[]) {
  for (const entry of [...reserved].sort((a, b) => (a.key < b.key ? -1 : 1))) {
    await sql`
      UPDATE rate_limits SET hits = greatest(hits - 1, 0),
        last_hit_at = CASE WHEN last_hit_at = ${entry.reservedAt}::timestamptz
          THEN coalesce(${entry.previousHitAt}::timestamptz, last_hit_at) ELSE last_hit_at END
      WHERE key = ${entry.key}`.execute(db());
  }
}
