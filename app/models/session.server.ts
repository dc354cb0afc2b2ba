import crypto from "node:crypto";
import { sql } from "kysely";
import { db, type Database } from "~/infra/db.server";

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** What every page knows about the visitor: resolved in ONE query (ARCHITECTURE "Request flow"). */
export type SessionUser = {
  id: string;
  email: string;
  name: string;
  isAdmin: boolean;
  hasPaid: boolean;
};

export async function createSession(userId: string, userAgent: string | null): Promise<{ id: string; expiresAt: Date }> {
  const id = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS);
  await db()
    .insertInto("sessions")
    .values({ id, user_id: userId, expires_at: expiresAt, user_agent: userAgent?.slice(0, 512) ?? null })
    .execute();
  return { id, expiresAt };
}

export async function findSessionUser(sessionId: string): Promise<SessionUser | null> {
  const row = await db()
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select([
      "users.id",
      "users.email",
      "users.name",
      "users.is_admin",
      sql<boolean>`has_paid_access(users.id)`.as("has_paid"),
    ])
    .where("sessions.id", "=", sessionId)
    .where("sessions.expires_at", ">", new Date())
    .executeTakeFirst();
  if (!row) return null;
  return { id: row.id, email: row.email, name: row.name, isAdmin: row.is_admin, hasPaid: row.has_paid };
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
