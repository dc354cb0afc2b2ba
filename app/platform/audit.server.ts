import { db, type Database } from "~/platform/db/db.server";

export type AuditAction =
  | "grant_complimentary"
  | "revoke_complimentary"
  | "send_sign_in_link"
  | "sign_out_sessions"
  | "retry_email"
  | "remove_two_factor"
  // The catalogue and entitlements (issue 25).
  | "edit_product"
  | "grant_product"
  | "revoke_product"
  | "custom_saas_status"
  // The admin command (`npm run admin`), whose actor is the command line, not an account.
  | "promote_admin"
  | "demote_admin"
  | "reset_password"
  // The address's owner took the account with a claim link (decision 048); actor "claim link".
  | "claim_account"
  // /admin/launch (decision 053): no member; details hold the settings before and after.
  | "save_launch_settings"
  // The list (issue 27, decision 054): no member; details name the lead, step or announcement.
  | "view_leads"
  | "export_leads"
  | "edit_sequence_step"
  | "preview_announcement"
  | "send_announcement"
  // Privacy (decision 056): the row names the pseudonym, never the person.
  | "export_data"
  | "erase_member"
  // 'Delete lead' on /admin/leads: details hold the pseudonym (null when only the lead row went).
  | "erase_lead"
  // A member deleted their own account; actor "member".
  | "delete_account"
  // A member's email address moved (details: from, to); actor "member". The erasure reads it to
  // find the mail and lead rows of the person's earlier addresses (decision 056).
  | "change_email"
  // Issue 28 (decision 055): refunds, members added and imported, the community link.
  | "refund_order"
  | "add_member"
  | "import_members"
  | "save_community_settings"
  // /admin/products 'Install the included course' (issue 40, decision 063): details name the
  // product and the new course.
  | "install_included_course";

/**
 * One row per admin action, written in the action's own transaction (so both happen or neither).
 * `admin` is who acted: an admin's account, or `{ id: null, email: "cli" }` for the admin command.
 */
export async function writeAudit(
  trx: Database,
  entry: {
    admin: { id: string | null; email: string };
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

/**
 * When the admin command promoted each of these accounts, for those whose latest change by the
 * command was a promotion (absent: the command never promoted it, or demoted it since).
 */
export async function promotionsByCommand(memberIds: string[]): Promise<Map<string, Date>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db()
    .selectFrom("admin_audit_log")
    .distinctOn("member_id")
    .select(["member_id", "action", "created_at"])
    .where("action", "in", ["promote_admin", "demote_admin"])
    .where("member_id", "in", memberIds)
    .orderBy("member_id")
    .orderBy("created_at", "desc")
    .execute();
  return new Map(
    rows.flatMap((row) => (row.member_id && row.action === "promote_admin" ? [[row.member_id, row.created_at]] : [])),
  );
}
