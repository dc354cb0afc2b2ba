import { sql } from "kysely";
import { db, type Database } from "~/platform/db/db.server";
import { ownsAddressSql } from "~/features/accounts/index.server";

/**
 * Members added by an admin, one ('Add member') or thousands ('Import members'), decision 055.
 * Set-based SQL over JSON batches, so 10,000 rows are a handful of statements, not 20,000.
 */
const BATCH = 1000;

function* batches<T>(items: readonly T[]): Generator<T[]> {
  for (let start = 0; start < items.length; start += BATCH) yield items.slice(start, start + BATCH);
}

/** An active entitlement of `product` for `user` (the definition of entitlement.server.ts). */
const ownsProduct = (user: string, product: string) => sql<boolean>`EXISTS (
  SELECT 1 FROM entitlements e
  WHERE e.user_id = ${sql.ref(user)} AND e.product_key = ${sql.ref(product)}
    AND e.revoked_at IS NULL AND (e.expires_at IS NULL OR e.expires_at > now()))`;

/** `ownsAddress`: whoever holds the account owns its address (decision 067); else grants are held for the address. */
export type ExistingMember = {
  id: string;
  name: string;
  hasPassword: boolean;
  ownsAddress: boolean;
  owned: Set<string>;
};

/** The accounts of these (lower-cased) addresses, with the products each owns now. */
export async function existingMembers(emails: readonly string[], executor: Database = db()) {
  const found = new Map<string, ExistingMember>();
  for (const batch of batches(emails)) {
    const rows = await sql<{
      id: string;
      email: string;
      name: string;
      has_password: boolean;
      owns_address: boolean;
      owned: string[] | null;
    }>`
      SELECT u.id, lower(u.email) AS email, u.name, u.password_hash IS NOT NULL AS has_password,
             ${ownsAddressSql("u")} AS owns_address,
             (SELECT array_agg(DISTINCT e.product_key) FROM entitlements e
               WHERE e.user_id = u.id AND e.revoked_at IS NULL
                 AND (e.expires_at IS NULL OR e.expires_at > now())) AS owned
      FROM users u
      WHERE lower(u.email) IN (SELECT jsonb_array_elements_text(${JSON.stringify(batch)}::jsonb))`.execute(executor);
    for (const row of rows.rows) {
      found.set(row.email, {
        id: row.id,
        name: row.name,
        hasPassword: row.has_password,
        ownsAddress: row.owns_address,
        owned: new Set(row.owned ?? []),
      });
    }
  }
  return found;
}

export type MemberRow = {
  email: string;
  name: string;
  products: readonly string[];
  reason: string;
  expiresAt: Date | null;
};

/**
 * Applies the rows in the caller's transaction: an account without a password for each new
 * address (an existing one is kept: no second user), then a grant of each listed product the
 * member does not own now. An account whose holder is not proven to own its address (decision
 * 067) gets nothing: the grant is held for the address instead, once per product, until its
 * owner claims it. Returns the accounts made, the grants given and the grants held, so a second
 * run of the same rows makes and gives nothing.
 */
export async function applyMembers(trx: Database, rows: readonly MemberRow[], grantedBy: string) {
  const created = new Map<string, string>();
  for (const batch of batches(rows)) {
    const users = JSON.stringify(batch.map((row) => ({ email: row.email, name: row.name.slice(0, 100) })));
    const inserted = await sql<{ id: string; email: string }>`
      INSERT INTO users (email, name, password_hash)
      SELECT r.email, r.name, NULL FROM jsonb_to_recordset(${users}::jsonb) AS r(email text, name text)
      ON CONFLICT ((lower(email))) DO NOTHING
      RETURNING id, lower(email) AS email`.execute(trx);
    for (const row of inserted.rows) created.set(row.email, row.id);
  }
  // The members' rows are locked (in one order, so two imports cannot deadlock): a concurrent
  // add of the same member waits here, then its check below sees what this one granted.
  for (const batch of batches(rows)) {
    await sql`
      SELECT id FROM users
      WHERE lower(email) IN (SELECT jsonb_array_elements_text(${JSON.stringify(batch.map((row) => row.email))}::jsonb))
      ORDER BY id FOR UPDATE`.execute(trx);
  }
  const grants: Array<{ userId: string; email: string; productKey: string }> = [];
  const wanted = rows.flatMap((row) =>
    row.products.map((product) => ({
      email: row.email,
      product,
      reason: row.reason,
      expires_at: row.expiresAt?.toISOString() ?? null,
    })),
  );
  for (const batch of batches(wanted)) {
    const inserted = await sql<{ user_id: string; email: string; product_key: string }>`
      INSERT INTO access_grants (user_id, product_key, reason, expires_at, granted_by)
      SELECT u.id, r.product, r.reason, r.expires_at, ${grantedBy}::uuid
      FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
             AS r(email text, product text, reason text, expires_at timestamptz)
      JOIN users u ON lower(u.email) = r.email
      WHERE ${ownsAddressSql("u")} AND NOT ${ownsProduct("u.id", "r.product")}
      RETURNING user_id, (SELECT lower(email) FROM users WHERE id = user_id) AS email, product_key`.execute(trx);
    for (const row of inserted.rows)
      grants.push({ userId: row.user_id, email: row.email, productKey: row.product_key });
  }
  const held: Array<{ userId: string; email: string; productKey: string }> = [];
  for (const batch of batches(wanted)) {
    const inserted = await sql<{ user_id: string; email: string; product_key: string }>`
      INSERT INTO held_grants (email, product_key, reason, expires_at, granted_by)
      SELECT r.email, r.product, r.reason, r.expires_at, ${grantedBy}::uuid
      FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
             AS r(email text, product text, reason text, expires_at timestamptz)
      JOIN users u ON lower(u.email) = r.email
      WHERE NOT ${ownsAddressSql("u")} AND NOT ${ownsProduct("u.id", "r.product")}
        AND NOT EXISTS (SELECT 1 FROM held_grants h WHERE h.email = r.email AND h.product_key = r.product)
      RETURNING (SELECT id FROM users WHERE lower(email) = held_grants.email) AS user_id, email, product_key`.execute(
      trx,
    );
    for (const row of inserted.rows) held.push({ userId: row.user_id, email: row.email, productKey: row.product_key });
  }
  return { created, grants, held };
}
