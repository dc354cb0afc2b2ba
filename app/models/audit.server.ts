import { db, type Database } from "~/infra/db.server";

export type AuditAction =
  "grant_complimentary" | "revoke_complimentary" | "send_sign_in_link" | "sign_out_sessions" | "retry_email";

/** One row per admin action, written in the action's own transaction (so both happen or neither). */
export async function writeAudit(
  trx: Database,
  entry: {
    admin: { id: string; email: string };
    action: AuditAction;
    memberId: string | null;
    details: Record<string, unknown>;
  },
) {
  await trx
    .insertInto("admin_audit_log")
    .values({
      admin_id: entry.admin.id,
      admin_email: entry.admin.email,
      action: entry.action,
      member_id: entry.memberId,
      details: JSON.stringify(entry.details),
    })
    .execute();
}

export type AuditEntry = {
  id: string;
  adminEmail: string;
  action: string;
  details: Record<string, unknown>;
  createdAt: Date;
};

/** What admins did to one member, newest first. */
export async function listAuditFor(memberId: string, limit = 100): Promise<AuditEntry[]> {
  const rows = await db()
    .selectFrom("admin_audit_log")
    .select(["id", "admin_email", "action", "details", "created_at"])
    .where("member_id", "=", memberId)
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    adminEmail: row.admin_email,
    action: row.action,
    details: typeof row.details === "string" ? JSON.parse(row.details) : row.details,
    createdAt: row.created_at,
  }));
}
