import { sql } from "kysely";
import { db, type Database } from "~/platform/db/db.server";

/**
 * Complimentary access (table access_grants): a grant of one product, mirrored into entitlements
 * by its trigger (migration 0015); has_paid_access counts a membership grant while it is active.
 */
export async function createAccessGrant(
  trx: Database,
  input: { userId: string; reason: string; expiresAt: Date | null; grantedBy: string; productKey?: string },
) {
  return trx
    .insertInto("access_grants")
    .values({
      user_id: input.userId,
      reason: input.reason,
      expires_at: input.expiresAt,
      granted_by: input.grantedBy,
      product_key: input.productKey ?? "membership",
    })
    .returning(["id", "expires_at"])
    .executeTakeFirstOrThrow();
}

/** Ends every active membership grant of a user; returns the ids it ended (none when there was nothing to revoke). */
export async function revokeActiveGrants(trx: Database, userId: string, revokedBy: string): Promise<string[]> {
  const rows = await trx
    .updateTable("access_grants")
    .set({ revoked_at: sql`now()`, revoked_by: revokedBy })
    .where("user_id", "=", userId)
    .where("product_key", "=", "membership")
    .where("revoked_at", "is", null)
    .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", sql<Date>`now()`)]))
    .returning("id")
    .execute();
  return rows.map((row) => row.id);
}

export type AccessGrantEntry = {
  id: string;
  reason: string;
  createdAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
  grantedBy: string | null;
  productKey: string;
  active: boolean;
};

/** Every grant of a user, newest first, with the granting admin's email. */
export async function listAccessGrants(userId: string): Promise<AccessGrantEntry[]> {
  const rows = await db()
    .selectFrom("access_grants as g")
    .leftJoin("users as a", "a.id", "g.granted_by")
    .select([
      "g.id",
      "g.reason",
      "g.created_at",
      "g.expires_at",
      "g.revoked_at",
      "a.email as granted_by",
      "g.product_key",
      sql<boolean>`g.revoked_at IS NULL AND (g.expires_at IS NULL OR g.expires_at > now())`.as("active"),
    ])
    .where("g.user_id", "=", userId)
    .orderBy("g.created_at", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    reason: row.reason,
    createdAt: row.created_at,
    expiresAt: row.expires_at ? new Date(row.expires_at) : null,
    revokedAt: row.revoked_at ? new Date(row.revoked_at) : null,
    grantedBy: row.granted_by,
    productKey: row.product_key,
    active: row.active,
  }));
}
