import { sql, type ExpressionBuilder } from "kysely";
import { db } from "~/platform/db/db.server";
import type { DB } from "~/platform/db/db-schema";
import { type AccessFilter } from "./member-admin";
import { containsPattern } from "~/platform/db/contains-pattern";
import { ownsAddressSql } from "~/features/accounts/index.server";

/**
 * The admin's view of accounts. Access comes from the SQL function paid_access_sources (the same
 * one has_paid_access is built on), so the list and the guards can never disagree on who is paid.
 */
export type MemberRow = {
  id: string;
  email: string;
  name: string;
  isAdmin: boolean;
  sources: string[];
  refunded: boolean;
  /** Whoever holds the account owns its address (decision 067); false: "address not proven", grants are held. */
  ownsAddress: boolean;
  createdAt: Date;
};

type Filter = { q: string; access: AccessFilter; product?: string };

const sources = sql<string[]>`paid_access_sources(u.id)`;
const hasRefundedOrder = sql<boolean>`EXISTS (SELECT 1 FROM order_ledger l WHERE l.user_id = u.id AND l.status = 'refunded')`;

function matching({ q, access, product }: Filter) {
  return (eb: ExpressionBuilder<DB & { u: DB["users"] }, "u">) => {
    const conditions = [];
    if (q) {
      const pattern = containsPattern(q);
      conditions.push(eb.or([eb("u.email", "ilike", pattern), eb("u.name", "ilike", pattern)]));
    }
    if (access === "paid") conditions.push(eb(sql`${sources} && ARRAY['Stripe', 'WarriorPlus']`, "=", true));
    if (access === "complimentary") conditions.push(eb(sql`'Complimentary' = ANY (${sources})`, "=", true));
    if (access === "no-access")
      conditions.push(eb.and([eb(sql`cardinality(${sources})`, "=", 0), eb("u.is_admin", "=", false)]));
    if (access === "refunded") conditions.push(eb(hasRefundedOrder, "=", true));
    if (product)
      conditions.push(
        eb(
          sql<boolean>`EXISTS (SELECT 1 FROM entitlements e WHERE e.user_id = u.id AND e.product_key = ${product}
            AND e.revoked_at IS NULL AND (e.expires_at IS NULL OR e.expires_at > now()))`,
          "=",
          true,
        ),
      );
    return eb.and(conditions);
  };
}

function baseQuery(filter: Filter) {
  return db()
    .selectFrom("users as u")
    .select([
      "u.id",
      "u.email",
      "u.name",
      "u.is_admin",
      "u.created_at",
      sources.as("sources"),
      hasRefundedOrder.as("refunded"),
      ownsAddressSql("u").as("owns_address"),
    ])
    .where(matching(filter));
}

const toMember = (row: {
  id: string;
  email: string;
  name: string;
  is_admin: boolean;
  created_at: Date;
  sources: string[];
  refunded: boolean;
  owns_address: boolean;
}): MemberRow => ({
  id: row.id,
  email: row.email,
  name: row.name,
  isAdmin: row.is_admin,
  sources: row.sources,
  refunded: row.refunded,
  ownsAddress: row.owns_address,
  createdAt: row.created_at,
});

/** One page of the list, newest first; `hasMore` says whether a next page exists. */
export async function searchMembers(
  filter: Filter & { page: number; perPage: number },
): Promise<{ members: MemberRow[]; hasMore: boolean }> {
  const rows = await baseQuery(filter)
    .orderBy("u.created_at", "desc")
    .orderBy("u.id", "desc")
    .limit(filter.perPage + 1)
    .offset((filter.page - 1) * filter.perPage)
    .execute();
  return { members: rows.slice(0, filter.perPage).map(toMember), hasMore: rows.length > filter.perPage };
}

/**
 * Every matching member, oldest first, read in batches with a keyset cursor (the timestamp as
 * text keeps its microseconds), so an export of any size holds one batch in memory at a time.
 */
export async function* streamMembers(filter: Filter, batchSize = 500): AsyncGenerator<MemberRow> {
  let after: { at: string; id: string } | null = null;
  for (;;) {
    let query = baseQuery(filter).select(sql<string>`u.created_at::text`.as("cursor"));
    if (after) query = query.where(sql<boolean>`(u.created_at, u.id) > (${after.at}::timestamptz, ${after.id}::uuid)`);
    const rows = await query.orderBy("u.created_at").orderBy("u.id").limit(batchSize).execute();
    for (const row of rows) yield toMember(row);
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { at: last.cursor, id: last.id };
  }
}

/** One member with their access, or null. */
export async function getMember(id: string): Promise<MemberRow | null> {
  const row = await baseQuery({ q: "", access: "all" }).where("u.id", "=", id).executeTakeFirst();
  return row ? toMember(row) : null;
}
