import { sql } from "kysely";
import { db, type Database } from "~/platform/db/db.server";
import { containsPattern } from "~/platform/db/contains-pattern";
import { normalizeEmail } from "~/features/accounts/index.server";

/**
 * Stores a lead once per email address (lower-cased; the unique index decides). A repeat
 * signup changes nothing and is not an error: the visitor sees the same success either way.
 * `customer`: the address already bought something (the training is not for it).
 */
export async function captureLead(
  input: { email: string; name?: string; source: string },
  trx: Database = db(),
): Promise<{ created: boolean; id: string | null; customer: boolean }> {
  const email = normalizeEmail(input.email);
  const row = await trx
    .insertInto("leads")
    .values({ email, name: input.name?.trim() ?? "", source: input.source })
    .onConflict((oc) => oc.column("email").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!row) return { created: false, id: null, customer: false };
  const bought = await trx
    .updateTable("leads")
    .set({ customer_at: sql`now()` })
    .where("id", "=", row.id)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("entitlements as e")
          .innerJoin("users as u", "u.id", "e.user_id")
          .select("e.id")
          .where(sql<boolean>`lower(u.email) = ${email}`)
          .where("e.product_key", "<>", "starter")
          .where("e.revoked_at", "is", null),
      ),
    )
    .returning("id")
    .executeTakeFirst();
  return { created: true, id: row.id, customer: Boolean(bought) };
}

export type LeadStatus = "Subscribed" | "Unsubscribed" | "Customer";
export type LeadRow = { id: string; email: string; name: string; source: string; createdAt: Date; status: LeadStatus };

/** Customer wins over Unsubscribed: what the admin most needs to know about the address. */
const statusOf = sql<LeadStatus>`CASE WHEN l.customer_at IS NOT NULL THEN 'Customer'
  WHEN l.unsubscribed_at IS NOT NULL THEN 'Unsubscribed' ELSE 'Subscribed' END`;

function leadQuery(q: string) {
  let query = db()
    .selectFrom("leads as l")
    .select(["l.id", "l.email", "l.name", "l.source", "l.created_at", statusOf.as("status")]);
  if (q) {
    const pattern = containsPattern(q);
    query = query.where((eb) => eb.or([eb("l.email", "ilike", pattern), eb("l.name", "ilike", pattern)]));
  }
  return query;
}

const toLead = (row: {
  id: string;
  email: string;
  name: string;
  source: string;
  created_at: Date;
  status: LeadStatus;
}): LeadRow => ({
  id: row.id,
  email: row.email,
  name: row.name,
  source: row.source,
  createdAt: row.created_at,
  status: row.status,
});

/** One page of /admin/leads, newest first. */
export async function searchLeads(filter: { q: string; page: number; perPage: number }) {
  const rows = await leadQuery(filter.q)
    .orderBy("l.created_at", "desc")
    .orderBy("l.id", "desc")
    .limit(filter.perPage + 1)
    .offset((filter.page - 1) * filter.perPage)
    .execute();
  return { leads: rows.slice(0, filter.perPage).map(toLead), hasMore: rows.length > filter.perPage };
}

/** Every matching lead, oldest first, in keyset batches (the CSV export). */
export async function* streamLeads(q: string, batchSize = 500): AsyncGenerator<LeadRow> {
  let after: { at: string; id: string } | null = null;
  for (;;) {
    let query = leadQuery(q).select(sql<string>`l.created_at::text`.as("cursor"));
    if (after) query = query.where(sql<boolean>`(l.created_at, l.id) > (${after.at}::timestamptz, ${after.id}::uuid)`);
    const rows = await query.orderBy("l.created_at").orderBy("l.id").limit(batchSize).execute();
    for (const row of rows) yield toLead(row);
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.cursor, id: last.id };
  }
}

/** The address of a lead by its id ('Delete lead' on /admin/leads), or null when it is gone. */
export async function findLeadEmail(id: string): Promise<string | null> {
  const row = await db().selectFrom("leads").select("email").where("id", "=", id).executeTakeFirst();
  return row?.email ?? null;
}

/** The lead's name, for the training's greeting (empty when there is no lead any more). */
export async function leadName(email: string): Promise<{ name: string; active: boolean } | null> {
  const row = await db()
    .selectFrom("leads")
    .select(["name", "customer_at", "unsubscribed_at"])
    .where("email", "=", email)
    .executeTakeFirst();
  return row ? { name: row.name, active: row.customer_at === null && row.unsubscribed_at === null } : null;
}
