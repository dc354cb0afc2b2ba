import crypto from "node:crypto";
import { sql } from "kysely";
import { db, type Database } from "~/infra/db.server";

/** A session ends 30 days after sign-in at the latest, or after 7 days without a visit. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_IDLE_TIMEOUT_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is rewritten at most this often, so a busy member does not write on every page. */
const LAST_SEEN_GRANULARITY = "1 hour";

/** What every page knows about the visitor: resolved in ONE query (ARCHITECTURE "Request flow"). */
export type SessionUser = {
  id: string;
  email: string;
  name: string;
  isAdmin: boolean;
  hasPaid: boolean;
  emailVerified: boolean;
};

/** Only this hash is stored: a read of the table cannot sign anyone in. */
export function hashSessionId(id: string): string {
  return crypto.createHash("sha256").update(id).digest("hex");
}

export async function createSession(
  userId: string,
  userAgent: string | null,
): Promise<{ id: string; expiresAt: Date }> {
  const id = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS);
  await db()
    .insertInto("sessions")
    .values({
      id_hash: hashSessionId(id),
      user_id: userId,
      expires_at: expiresAt,
      user_agent: userAgent?.slice(0, 512) ?? null,
    })
    .execute();
  return { id, expiresAt };
}

/**
 * The user of a live session (neither past its absolute expiry nor idle for 7 days), in one
 * statement that also records the visit (at most hourly, in a data-modifying CTE).
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
  }>`
    WITH live AS (
      SELECT user_id FROM sessions
      WHERE id_hash = ${idHash} AND expires_at > now() AND last_seen_at > now() - ${idle}::interval
    ), touched AS (
      UPDATE sessions SET last_seen_at = now()
      WHERE id_hash = ${idHash} AND last_seen_at < now() - ${LAST_SEEN_GRANULARITY}::interval AND EXISTS (SELECT 1 FROM live)
    )
    SELECT u.id, u.email, u.name, u.is_admin, u.email_verified_at, has_paid_access(u.id) AS has_paid
    FROM live JOIN users u ON u.id = live.user_id`.execute(db());
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    isAdmin: row.is_admin,
    hasPaid: row.has_paid,
    emailVerified: row.email_verified_at !== null,
  };
}

/** Ends one session (the one a browser held before signing in again). */
export async function deleteSession(sessionId: string) {
  await db().deleteFrom("sessions").where("id_hash", "=", hashSessionId(sessionId)).execute();
}

/** Global sign-out: every device of this user. */
export async function deleteAllSessionsOfUser(userId: string, executor: Database = db()) {
  await executor.deleteFrom("sessions").where("user_id", "=", userId).execute();
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
  return rows.map((row) => ({ createdAt: row.created_at, expiresAt: new Date(row.expires_at), userAgent: row.user_agent }));
}
