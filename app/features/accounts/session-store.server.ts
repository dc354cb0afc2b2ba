import crypto from "node:crypto";
import { sql } from "kysely";
import { db, type Database } from "~/platform/db/db.server";
import { sha256 } from "~/platform/hash.server";

/** A session ends 30 days after sign-in at the latest, or after 7 days without a visit. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_IDLE_TIMEOUT_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is rewritten at most this often, so a busy member does not write on every page. */
const LAST_SEEN_GRANULARITY = "1 hour";

/** What every page knows about the visitor: resolved in ONE query (docs/architecture.md#request-flow-and-guards). */
export type SessionUser = {
  id: string;
  email: string;
  name: string;
  isAdmin: boolean;
  hasPaid: boolean;
  emailVerified: boolean;
  /** This session's assurance level: aal2 once a second factor was verified in it. */
  aal: Aal;
  /** The account has a verified second factor. */
  hasTwoFactor: boolean;
  /** The catalogue products the account owns now (active entitlements; decision 051). */
  products: string[];
};

export type Aal = "aal1" | "aal2";

/** Only this hash is stored: a read of the table cannot sign anyone in. */
export function hashSessionId(id: string): string {
  return sha256(id);
}

export async function createSession(
  userId: string,
  userAgent: string | null,
  aal: Aal = "aal1",
  executor: Database = db(),
  /** When the password was proved for this sign-in (null: it was not). */
  passwordVerifiedAt: Date | null = null,
): Promise<{ id: string; expiresAt: Date }> {
  const id = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS);
  await executor
    .insertInto("sessions")
    .values({
      id_hash: hashSessionId(id),
      user_id: userId,
      expires_at: expiresAt,
      user_agent: userAgent?.slice(0, 512) ?? null,
      aal,
      password_verified_at: passwordVerifiedAt,
    })
    .execute();
  return { id, expiresAt };
}

/**
 * The user of a live session (neither past its absolute expiry nor idle for 7 days), in one
 * read-only statement. The visit is recorded by a second, separate UPDATE only when the stored
 * time is over an hour old: at most once an hour per session. (A data-modifying CTE in the read
 * made every page a write statement, which cost more than the rest of the lookup: issue 12.)
 */
export async function findSessionUser(sessionId: string): Promise<SessionUser | null> {
  const idHash = hashSessionId(sessionId);
  const idle = `${SESSION_IDLE_TIMEOUT_MS / 1000} seconds`;
  const { rows } = await sql<{
    id: string;
    email: string;
    name: string;
    is_admin: boolean;
    has_paid: boolean;
    email_verified_at: Date | null;
    aal: Aal;
    has_two_factor: boolean;
    products: string[];
    seen_long_ago: boolean;
  }>`
    SELECT u.id, u.email, u.name, u.is_admin, u.email_verified_at, has_paid_access(u.id) AS has_paid, s.aal,
      EXISTS (SELECT 1 FROM auth_factors f WHERE f.user_id = u.id AND f.status = 'verified') AS has_two_factor,
      ARRAY(SELECT DISTINCT e.product_key FROM entitlements e WHERE e.user_id = u.id AND e.revoked_at IS NULL
            AND (e.expires_at IS NULL OR e.expires_at > now()) ORDER BY e.product_key) AS products,
      s.last_seen_at < now() - ${LAST_SEEN_GRANULARITY}::interval AS seen_long_ago
    FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.id_hash = ${idHash} AND s.expires_at > now() AND s.last_seen_at > now() - ${idle}::interval`.execute(db());
  const row = rows[0];
  if (!row) return null;
  if (row.seen_long_ago) {
    await sql`UPDATE sessions SET last_seen_at = now() WHERE id_hash = ${idHash}`.execute(db());
  }
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    isAdmin: row.is_admin,
    hasPaid: row.has_paid,
    emailVerified: row.email_verified_at !== null,
    aal: row.aal,
    hasTwoFactor: row.has_two_factor,
    products: row.products,
  };
}

/** Ends one session (the one a browser held before signing in again). */
export async function deleteSession(sessionId: string) {
  await db().deleteFrom("sessions").where("id_hash", "=", hashSessionId(sessionId)).execute();
}

/** Global sign-out: every device of this user. Returns how many session rows ended. */
export async function deleteAllSessionsOfUser(userId: string, executor: Database = db()): Promise<number> {
  const result = await executor.deleteFrom("sessions").where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export type SessionSummary = { idHash: string; userAgent: string | null; createdAt: Date; lastSeenAt: Date };

/** The user's live sessions, the most recently seen first. */
export async function listSessionsOfUser(userId: string): Promise<SessionSummary[]> {
  const rows = await db()
    .selectFrom("sessions")
    .select(["id_hash", "user_agent", "created_at", "last_seen_at"])
    .where("user_id", "=", userId)
    .where("expires_at", ">", sql<Date>`now()`)
    .where("last_seen_at", ">", sql<Date>`now() - make_interval(secs => ${SESSION_IDLE_TIMEOUT_MS / 1000})`)
    .orderBy("last_seen_at", "desc")
    .execute();
  return rows.map((row) => ({
    idHash: row.id_hash,
    userAgent: row.user_agent,
    createdAt: new Date(row.created_at),
    lastSeenAt: new Date(row.last_seen_at),
  }));
}

/** Ends one session of this user (never anyone else's); true when there was one. */
export async function deleteSessionOfUser(userId: string, idHash: string): Promise<boolean> {
  const result = await db()
    .deleteFrom("sessions")
    .where("user_id", "=", userId)
    .where("id_hash", "=", idHash)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Every session of the user but the one with `keepIdHash`; returns how many ended. */
export async function deleteOtherSessionsOfUser(
  userId: string,
  keepIdHash: string,
  executor: Database = db(),
): Promise<number> {
  const result = await executor
    .deleteFrom("sessions")
    .where("user_id", "=", userId)
    .where("id_hash", "<>", keepIdHash)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Whether this session proved the account's password within `minutes` (measured by the
 * database's clock, which also wrote the time).
 */
export async function passwordVerifiedWithin(idHash: string, minutes: number): Promise<boolean> {
  const row = await db()
    .selectFrom("sessions")
    .select("id_hash")
    .where("id_hash", "=", idHash)
    .where("password_verified_at", ">", sql<Date>`now() - make_interval(mins => ${minutes})`)
    .executeTakeFirst();
  return Boolean(row);
}

/** When this session last proved the password (carried over when the session is replaced), or null. */
export async function passwordVerifiedAt(idHash: string): Promise<Date | null> {
  const row = await db()
    .selectFrom("sessions")
    .select("password_verified_at")
    .where("id_hash", "=", idHash)
    .executeTakeFirst();
  return row?.password_verified_at ? new Date(row.password_verified_at) : null;
}

/** This session just proved the password again (a re-entry on /account). */
export async function markPasswordVerified(idHash: string) {
  await db()
    .updateTable("sessions")
    .set({ password_verified_at: sql`now()` })
    .where("id_hash", "=", idHash)
    .execute();
}

/** A second factor was verified in this session. */
export async function raiseSessionToAal2(executor: Database, idHash: string) {
  await executor.updateTable("sessions").set({ aal: "aal2" }).where("id_hash", "=", idHash).execute();
}

/**
 * Records that the user signed in from `device` ("Chrome on macOS"). `isNew` when the account
 * had other devices but never this one: the case for a "new sign-in" notice. An account's first
 * device (its signup, or the first sign-in after this feature shipped) is recorded silently.
 */
export async function recordKnownDevice(trx: Database, userId: string, device: string): Promise<{ isNew: boolean }> {
  const existing = await trx.selectFrom("known_devices").select("device").where("user_id", "=", userId).execute();
  await trx
    .insertInto("known_devices")
    .values({ user_id: userId, device })
    .onConflict((oc) => oc.columns(["user_id", "device"]).doUpdateSet({ last_seen_at: sql`now()` }))
    .execute();
  return { isNew: existing.length > 0 && !existing.some((row) => row.device === device) };
}

export type ActiveSession = { createdAt: Date; expiresAt: Date; userAgent: string | null };

/** A user's sessions that have not expired, newest first (never their ids: those are credentials). */
export async function listActiveSessions(userId: string, executor: Database = db()): Promise<ActiveSession[]> {
  const rows = await executor
    .selectFrom("sessions")
    .select(["created_at", "expires_at", "user_agent"])
    .where("user_id", "=", userId)
    .where("expires_at", ">", new Date())
    .orderBy("created_at", "desc")
    .execute();
  return rows.map((row) => ({
    createdAt: row.created_at,
    expiresAt: new Date(row.expires_at),
    userAgent: row.user_agent,
  }));
}
