import { sql } from "kysely";
import type { EntitlementSourceKind } from "~/platform/db/db-schema";
import { db, type Database } from "~/platform/db/db.server";

/**
 * Who owns which product (table entitlements, decision 051). Rows are written by the triggers of
 * migration 0015 from their source (an order, a subscription, a grant); this module reads them,
 * and lets an admin revoke one outright.
 */
const active = sql<boolean>`e.revoked_at IS NULL AND (e.expires_at IS NULL OR e.expires_at > now())`;

export type EntitlementEntry = {
  id: string;
  productKey: string;
  productName: string;
  sourceKind: EntitlementSourceKind;
  sourceRef: string;
  grantedAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
  revokeReason: string | null;
  active: boolean;
};

/** Every entitlement of a user, newest first. */
export async function listEntitlements(userId: string, executor: Database = db()): Promise<EntitlementEntry[]> {
  const rows = await executor
    .selectFrom("entitlements as e")
    .innerJoin("products as p", "p.key", "e.product_key")
    .select([
      "e.id",
      "e.product_key",
      "p.name",
      "e.source_kind",
      "e.source_ref",
      "e.granted_at",
      "e.expires_at",
      "e.revoked_at",
      "e.revoke_reason",
      active.as("active"),
    ])
    .where("e.user_id", "=", userId)
    .orderBy("e.granted_at", "desc")
    .orderBy("e.id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    productKey: row.product_key,
    productName: row.name,
    sourceKind: row.source_kind,
    sourceRef: row.source_ref,
    grantedAt: new Date(row.granted_at),
    expiresAt: row.expires_at ? new Date(row.expires_at) : null,
    revokedAt: row.revoked_at ? new Date(row.revoked_at) : null,
    revokeReason: row.revoke_reason,
    active: row.active,
  }));
}

export async function ownsProduct(userId: string, productKey: string, executor: Database = db()): Promise<boolean> {
  const row = await executor
    .selectFrom("entitlements as e")
    .select("e.id")
    .where("e.user_id", "=", userId)
    .where("e.product_key", "=", productKey)
    .where(active)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * An admin's 'Revoke' of one product: every active entitlement of it ends, with the reason.
 * Grants are ended at their source (access_grants, whose trigger mirrors it); purchases here,
 * which a later refund of the same order leaves as they are. Returns the ids it ended.
 */
export async function revokeProduct(
  trx: Database,
  input: { userId: string; productKey: string; reason: string; revokedBy: string },
): Promise<string[]> {
  await trx
    .updateTable("access_grants")
    .set({ revoked_at: sql`now()`, revoked_by: input.revokedBy })
    .where("user_id", "=", input.userId)
    .where("product_key", "=", input.productKey)
    .where("revoked_at", "is", null)
    .execute();
  const rows = await trx
    .updateTable("entitlements as e")
    .set({ revoked_at: sql`coalesce(revoked_at, now())`, revoke_reason: input.reason })
    .where("e.user_id", "=", input.userId)
    .where("e.product_key", "=", input.productKey)
    .where((eb) => eb.or([eb("e.revoked_at", "is", null), eb("e.revoked_at", ">=", sql<Date>`now()`)]))
    .where((eb) => eb.or([eb("e.expires_at", "is", null), eb("e.expires_at", ">", sql<Date>`now()`)]))
    .returning("e.id")
    .execute();
  return rows.map((row) => row.id);
}

/**
 * How many active entitlements of a product there are now: for custom SaaS, the clients taken
 * through the site (one entitlement per sale or grant), which the spots remaining subtract (issue 26).
 */
export async function countActiveEntitlements(productKey: string, executor: Database = db()): Promise<number> {
  const row = await executor
    .selectFrom("entitlements as e")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("e.product_key", "=", productKey)
    .where(active)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export type AddedUpgrade = { name: string; amountCents: number | null; currency: string | null; orderId: string };

/**
 * The upgrades (anything but the membership) a user's marketplace orders added since `since`
 * (null: in this transaction), for the funnel's "added to your account" note.
 */
export async function marketplaceUpgradesSince(
  trx: Database,
  userId: string,
  since: Date | null,
): Promise<AddedUpgrade[]> {
  const rows = await trx
    .selectFrom("entitlements as e")
    .innerJoin("products as p", "p.key", "e.product_key")
    .innerJoin("warriorplus_orders as w", (join) => join.on(sql<boolean>`w.id::text = e.source_ref`))
    .select(["p.name", "w.amount_cents", "w.currency", "w.id"])
    .where("e.user_id", "=", userId)
    .where("e.source_kind", "=", "marketplace_order")
    .where("e.product_key", "<>", "membership")
    .where("e.revoked_at", "is", null)
    .where("e.granted_at", ">=", since ?? sql<Date>`now()`)
    .orderBy("e.granted_at")
    .orderBy("p.sort_order")
    .execute();
  return rows.map((row) => ({
    name: row.name,
    amountCents: row.amount_cents,
    currency: row.currency,
    orderId: row.id,
  }));
}
