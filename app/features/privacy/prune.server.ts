import { sql } from "kysely";
import { db } from "~/platform/db/db.server";
import { SESSION_IDLE_TIMEOUT_MS } from "~/features/accounts/index.server";

/**
 * Deletes rows that can never matter again: expired or idle sessions, single-use links (reset,
 * verification, email change, ...) that were used or have expired (kept a day for support
 * questions), ended two-factor challenges, and rate-limit windows that have ended.
 * One statement per table; each is a no-op when there is nothing to delete.
 */
export async function pruneExpiredRows(): Promise<{ sessions: number; singleUseTokens: number; rateLimits: number }> {
  const count = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);
  const sessions = await db()
    .deleteFrom("sessions")
    .where((eb) =>
      eb.or([
        eb("expires_at", "<=", sql<Date>`now()`),
        eb("last_seen_at", "<=", sql<Date>`now() - make_interval(secs => ${SESSION_IDLE_TIMEOUT_MS / 1000})`),
      ]),
    )
    .executeTakeFirst();
  const singleUseTokens = await db()
    .deleteFrom("single_use_tokens")
    .where((eb) => eb.or([eb("used_at", "is not", null), eb("expires_at", "<=", sql<Date>`now()`)]))
    .where("created_at", "<", sql<Date>`now() - interval '1 day'`)
    .executeTakeFirst();
  await db()
    .deleteFrom("mfa_challenges")
    .where("expires_at", "<=", sql<Date>`now()`)
    .execute();
  const rateLimits = await db()
    .deleteFrom("rate_limits")
    .where("reset_at", "<=", sql<Date>`now()`)
    .executeTakeFirst();
  return { sessions: count(sessions), singleUseTokens: count(singleUseTokens), rateLimits: count(rateLimits) };
}
