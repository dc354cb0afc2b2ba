import crypto from "node:crypto";
import { sql } from "kysely";
import { db, type Database } from "~/platform/db/db.server";
import type { RetentionDays, RetentionRule } from "~/platform/retention-periods";
import { ownsAddressSql } from "~/features/accounts/index.server";

/**
 * The SQL of the privacy rights (issue 29, decision 056): erasing a person, gathering what is
 * stored about them, and the retention passes of housekeeping.
 */

/** A random name for an erased person: all their kept orders carry it, and nothing else does. */
export const newPseudonym = () => `erased-${crypto.randomBytes(8).toString("hex")}`;

/** The account, locked until the transaction ends (a second erasure waits, then finds nothing). */
export async function lockUserForErasure(trx: Database, userId: string) {
  return trx
    .selectFrom("users")
    .select(["id", "email", "name", "is_admin", ownsAddressSql("users").as("owns_address")])
    .where("id", "=", userId)
    .forUpdate()
    .executeTakeFirst();
}

/** Replaces every string that contains one of `needles` (case-insensitive) by `replacement`, deep. */
function scrub(value: unknown, needles: string[], replacement: string): unknown {
  if (typeof value === "string") {
    const lower = value.toLowerCase();
    return needles.some((needle) => lower.includes(needle)) ? replacement : value;
  }
  if (Array.isArray(value)) return value.map((item) => scrub(item, needles, replacement));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrub(item, needles, replacement)]));
  }
  return value;
}

/** What names a person: the address, the account id and the name (when it is long enough to mean them). */
export function identifiersOf(person: { id: string | null; email: string; name: string }): string[] {
  const name = person.name.trim().toLowerCase();
  return [person.email.toLowerCase(), ...(person.id ? [person.id] : []), ...(name.length >= 3 ? [name] : [])];
}

/**
 * Erases one person in the caller's transaction: orders stay under `pseudonym` (amounts, dates,
 * products and the provider's ids; no user, address or name), the audit log's rows about or by
 * them name the pseudonym, and every other row that names them is deleted: their outbox messages,
 * lead rows, certificates, then the account, whose deletion cascades to
 * sessions, factors, recovery codes, challenges, devices, links, progress, entitlements,
 * consents and custom SaaS applications. `userId` null erases an address that has no account
 * (a lead, a buyer who never signed up).
 *
 * What is the address's, not the account's (decision 067), goes only when the account owns the
 * address (`owns_address`, accounts' `ownsAddress`): the sales and grants held for it, its claim
 * links, its lead rows and the mail sent to it. A stranger who signed up with someone's address
 * and deletes the account takes only what they did themselves.
 */
export async function erasePerson(
  trx: Database,
  person: { id: string | null; email: string; name: string; owns_address: boolean },
  pseudonym: string,
  requestedBy: "member" | "admin",
) {
  const email = person.email.toLowerCase();
  await trx.insertInto("erasures").values({ pseudonym, requested_by: requestedBy }).execute();

  if (person.id) {
    const customers = trx.selectFrom("stripe_customers").select("customer_id").where("user_id", "=", person.id);
    // Orders first, while their customer still names the user: the entitlement trigger then
    // resolves the owner that still exists (its rows go with the account below).
    await trx
      .updateTable("stripe_orders")
      .set({ user_id: null, erased_as: pseudonym })
      .where((eb) => eb.or([eb("user_id", "=", person.id), eb("customer_id", "in", customers)]))
      .execute();
    await trx
      .updateTable("stripe_customers")
      .set({ user_id: null, erased_as: pseudonym })
      .where("user_id", "=", person.id)
      .execute();
  }
  const ownsAddress = person.owns_address;
  await trx
    .updateTable("warriorplus_orders")
    .set({ user_id: null, buyer_email: pseudonym, buyer_name: null, erased_as: pseudonym })
    .where((eb) =>
      eb.or([
        ...(person.id ? [eb("user_id", "=", person.id)] : []),
        ...(ownsAddress ? [eb.and([eb("user_id", "is", null), eb(sql`lower(buyer_email)`, "=", email)])] : []),
      ]),
    )
    .execute();
  if (ownsAddress) {
    // A sale of another account bought with this address before it was this person's keeps its
    // owner; only the address goes.
    await trx
      .updateTable("warriorplus_orders")
      .set({ buyer_email: pseudonym })
      .where(sql`lower(buyer_email)`, "=", email)
      .execute();
    await trx.deleteFrom("held_grants").where("email", "=", email).execute();
    await trx
      .deleteFrom("single_use_tokens")
      .where("user_id", "is", null)
      .where(sql`lower(data->>'email')`, "=", email)
      .execute();
    await trx
      .deleteFrom("email_outbox")
      .where(sql`lower(to_address)`, "=", email)
      .execute();
    await trx.deleteFrom("leads").where("email", "=", email).execute();
  }
  const earlier = person.id ? await eraseEarlierAddresses(trx, person.id) : [];
  const needles = [...identifiersOf(person), ...earlier];
  // Rate-limit rows stay (decision 067): a key holds an address inside a longer string, so no
  // match by substring can tell this person's from another's (`tag@x` is in `jo.tag@x`), and
  // every window ends within the hour, when housekeeping deletes the row.
  if (person.id) {
    await trx.deleteFrom("certificates").where("user_id", "=", person.id).execute();
    // Tokens of other accounts that carry this address (an email change to it) would name it.
    if (ownsAddress)
      await trx
        .deleteFrom("single_use_tokens")
        .where(sql`lower(data->>'newEmail')`, "=", email)
        .execute();
    const audit = await trx
      .selectFrom("admin_audit_log")
      .select(["id", "admin_id", "member_id", "admin_email", "details"])
      .where((eb) => eb.or([eb("member_id", "=", person.id), eb("admin_id", "=", person.id)]))
      .forUpdate()
      .execute();
    for (const row of audit) {
      const details = typeof row.details === "string" ? (JSON.parse(row.details) as unknown) : row.details;
      await trx
        .updateTable("admin_audit_log")
        .set({
          admin_email: row.admin_id === person.id ? pseudonym : row.admin_email,
          member_id: row.member_id === person.id ? null : row.member_id,
          admin_id: row.admin_id === person.id ? null : row.admin_id,
        })
        .where("id", "=", row.id)
        .execute();
      // details is insert-only in the schema's types: rewrite it with SQL of its own.
      await sql`UPDATE admin_audit_log SET details = ${JSON.stringify(
        scrub({ ...(details as object), erased_as: pseudonym }, needles, pseudonym),
      )}::jsonb WHERE id = ${row.id}`.execute(trx);
    }
    await trx.deleteFrom("users").where("id", "=", person.id).execute();
  }
}

/**
 * The mail and lead rows of the addresses the account had before its current one (the audit
 * log's `change_email` rows) and of an address it asked to move to (its email-change links):
 * they name the person too. Only rows from while the address was theirs: mail to an earlier
 * address up to the change, and the confirmation mailed with each link (queued in the link's
 * transaction, so with its `created_at`); the address may belong to someone else now. Returns the
 * earlier addresses, which the audit rows then lose.
 */
async function eraseEarlierAddresses(trx: Database, userId: string): Promise<string[]> {
  // The comparisons of times stay in SQL: a JavaScript Date would drop PostgreSQL's microseconds.
  const changes = trx
    .selectFrom("admin_audit_log as a")
    .where("a.member_id", "=", userId)
    .where("a.action", "=", "change_email");
  await trx
    .deleteFrom("email_outbox")
    .where(({ exists }) =>
      exists(
        changes
          .select(sql`1`.as("one"))
          .where(
            sql<boolean>`lower(email_outbox.to_address) = lower(a.details->>'from') AND email_outbox.created_at <= a.created_at`,
          ),
      ),
    )
    .execute();
  await trx
    .deleteFrom("leads")
    .where(({ exists }) =>
      exists(
        changes
          .select(sql`1`.as("one"))
          .where(sql<boolean>`leads.email = lower(a.details->>'from') AND leads.created_at <= a.created_at`),
      ),
    )
    .execute();
  await trx
    .deleteFrom("email_outbox")
    .where(({ exists }) =>
      exists(
        trx
          .selectFrom("single_use_tokens as t")
          .select(sql`1`.as("one"))
          .where("t.user_id", "=", userId)
          .where("t.purpose", "=", "email_change")
          .where(
            sql<boolean>`lower(email_outbox.to_address) = lower(t.data->>'newEmail') AND email_outbox.created_at = t.created_at`,
          ),
      ),
    )
    .execute();
  const earlier = await changes.select(sql<string | null>`lower(a.details->>'from')`.as("address")).execute();
  return earlier.flatMap((row) => (row.address ? [row.address] : []));
}

/**
 * Only the lead rows of an address and the list mail queued for it (its training steps and
 * announcements not yet sent); its account, and the account's own mail, stay.
 */
export async function deleteLeadRows(trx: Database, email: string) {
  const address = email.toLowerCase();
  await trx.deleteFrom("leads").where("email", "=", address).execute();
  await trx
    .deleteFrom("email_outbox")
    .where(sql`lower(to_address)`, "=", address)
    .where("sent_at", "is", null)
    .where("category", "in", ["sequence", "announcement"])
    .execute();
}

/** Strings a reason typed by an admin may hold that name the person: replaced by the pseudonym. */
export function scrubText(text: string, person: { id: string | null; email: string; name: string }, pseudonym: string) {
  return scrub(text, identifiersOf(person), pseudonym) as string;
}

/** Everything stored about one account, read in one snapshot; never another person's rows. */
export async function gatherPersonalData(userId: string) {
  return db()
    .transaction()
    .setIsolationLevel("repeatable read")
    .execute(async (trx) => {
      const user = await trx
        .selectFrom("users")
        .select([
          "id",
          "email",
          "name",
          "is_admin",
          "email_verified_at",
          "owner_proven_at",
          "news_opt_out_at",
          "created_at",
          "updated_at",
          ownsAddressSql("users").as("owns_address"),
        ])
        .where("id", "=", userId)
        .executeTakeFirst();
      if (!user) return null;
      const email = user.email.toLowerCase();
      // The mail sent to the address and its lead record are the address owner's (decision 067):
      // an account not proven to own the address gets only what it did itself.
      const ownsAddress = user.owns_address;
      const [
        orders,
        marketplaceBuyerNames,
        entitlements,
        grants,
        progress,
        certificates,
        consents,
        sessions,
        devices,
        factors,
        emails,
        leads,
        customSaas,
      ] = await Promise.all([
        trx
          .selectFrom("order_ledger as l")
          .leftJoin("products as p", "p.key", "l.product_key")
          .select([
            "l.id",
            "l.source",
            "l.created_at",
            "l.product",
            "p.name as product_name",
            "l.amount_cents",
            "l.currency",
            "l.status",
            "l.refunded_at",
            "l.reference",
          ])
          .where("l.user_id", "=", userId)
          .orderBy("l.created_at")
          .orderBy("l.id")
          .execute(),
        trx
          .selectFrom("warriorplus_orders")
          .select(["id", "buyer_email", "buyer_name"])
          .where("user_id", "=", userId)
          .execute(),
        trx
          .selectFrom("entitlements as e")
          .innerJoin("products as p", "p.key", "e.product_key")
          .select([
            "e.product_key",
            "p.name",
            "e.source_kind",
            "e.source_ref",
            "e.granted_at",
            "e.expires_at",
            "e.revoked_at",
            "e.revoke_reason",
          ])
          .where("e.user_id", "=", userId)
          .orderBy("e.granted_at")
          .orderBy("e.id")
          .execute(),
        trx
          .selectFrom("access_grants")
          .select(["product_key", "reason", "created_at", "expires_at", "revoked_at"])
          .where("user_id", "=", userId)
          .orderBy("created_at")
          .execute(),
        trx
          .selectFrom("chapter_progress as p")
          .innerJoin("chapters as ch", "ch.id", "p.chapter_id")
          .innerJoin("courses as c", "c.id", "ch.course_id")
          .select(["c.title as course", "ch.title as chapter", "p.last_viewed_at", "p.completed_at"])
          .where("p.user_id", "=", userId)
          .orderBy("p.last_viewed_at")
          .orderBy("p.chapter_id")
          .execute(),
        trx
          .selectFrom("certificates")
          .select(["code", "recipient_name", "course_title", "completed_at"])
          .where("user_id", "=", userId)
          .orderBy("completed_at")
          .execute(),
        trx
          .selectFrom("cookie_consents")
          .select(["choice", "banner_version", "user_agent", "created_at"])
          .where("user_id", "=", userId)
          .orderBy("created_at")
          .execute(),
        trx
          .selectFrom("sessions")
          .select(["user_agent", "aal", "created_at", "last_seen_at", "expires_at"])
          .where("user_id", "=", userId)
          .orderBy("created_at")
          .execute(),
        trx
          .selectFrom("known_devices")
          .select(["device", "first_seen_at", "last_seen_at"])
          .where("user_id", "=", userId)
          .orderBy("first_seen_at")
          .execute(),
        trx
          .selectFrom("auth_factors")
          .select(["factor_type", "status", "created_at", "verified_at"])
          .where("user_id", "=", userId)
          .execute(),
        ownsAddress
          ? trx
              .selectFrom("email_outbox")
              .select(["subject", "created_at", "sent_at"])
              .where(sql`lower(to_address)`, "=", email)
              .orderBy("created_at")
              .orderBy("id")
              .execute()
          : [],
        ownsAddress
          ? trx
              .selectFrom("leads")
              .select(["email", "name", "source", "created_at", "unsubscribed_at"])
              .where("email", "=", email)
              .execute()
          : [],
        trx
          .selectFrom("custom_saas_applications")
          .select(["project_name", "description", "availability", "hosting", "status", "created_at"])
          .where("user_id", "=", userId)
          .orderBy("created_at")
          .execute(),
      ]);
      return {
        user,
        orders,
        marketplaceBuyerNames,
        entitlements,
        grants,
        progress,
        certificates,
        consents,
        sessions,
        devices,
        factors,
        emails,
        leads,
        customSaas,
      };
    });
}

export type PersonalData = NonNullable<Awaited<ReturnType<typeof gatherPersonalData>>>;

export type RetentionCounts = Record<RetentionRule, number>;

const olderThan = (days: number, now: Date) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

/**
 * What each retention rule would remove at `now`. Bodies: sent messages past the period that still
 * have one. Leads: unsubscribed past the period, and no order of theirs (by address or account).
 */
function retentionQueries(executor: Database, days: RetentionDays, now: Date) {
  return {
    emailBodies: executor
      .selectFrom("email_outbox")
      .where("sent_at", "is not", null)
      .where("sent_at", "<", olderThan(days.emailBodies, now))
      .where((eb) => eb.or([eb("text_body", "<>", ""), eb("html_body", "is not", null)])),
    auditLog: executor.selectFrom("admin_audit_log").where("created_at", "<", olderThan(days.auditLog, now)),
    knownDevices: executor.selectFrom("known_devices").where("last_seen_at", "<", olderThan(days.knownDevices, now)),
    unsubscribedLeads: executor
      .selectFrom("leads")
      .where("unsubscribed_at", "is not", null)
      .where("unsubscribed_at", "<", olderThan(days.unsubscribedLeads, now))
      // Never bought: no order of an account with the address, no marketplace sale to it.
      .where(
        sql<boolean>`NOT EXISTS (SELECT 1 FROM order_ledger l JOIN users u ON u.id = l.user_id WHERE u.email = leads.email)
          AND NOT EXISTS (SELECT 1 FROM warriorplus_orders w WHERE lower(w.buyer_email) = leads.email)`,
      ),
    consentProofs: executor.selectFrom("cookie_consents").where("created_at", "<", olderThan(days.consentProofs, now)),
  };
}

/** The dry run: how many rows each rule would remove now. */
export async function countRetention(days: RetentionDays, now: Date): Promise<RetentionCounts> {
  const q = retentionQueries(db(), days, now);
  const n = sql<string>`count(*)`.as("n");
  const count = async (query: Promise<{ n: string }>) => Number((await query).n);
  const [emailBodies, auditLog, knownDevices, unsubscribedLeads, consentProofs] = await Promise.all([
    count(q.emailBodies.select(n).executeTakeFirstOrThrow()),
    count(q.auditLog.select(n).executeTakeFirstOrThrow()),
    count(q.knownDevices.select(n).executeTakeFirstOrThrow()),
    count(q.unsubscribedLeads.select(n).executeTakeFirstOrThrow()),
    count(q.consentProofs.select(n).executeTakeFirstOrThrow()),
  ]);
  return { emailBodies, auditLog, knownDevices, unsubscribedLeads, consentProofs };
}

/** Applies every rule, over the same queries as the dry run: bodies are emptied (the row's metadata stays), the rest deleted. */
export async function applyRetention(days: RetentionDays, now: Date): Promise<RetentionCounts> {
  const n = (result: { numUpdatedRows?: bigint; numDeletedRows?: bigint }) =>
    Number(result.numUpdatedRows ?? result.numDeletedRows ?? 0n);
  const executor = db();
  const q = retentionQueries(executor, days, now);
  const emailBodies = await executor
    .updateTable("email_outbox")
    .set({ text_body: "", html_body: null })
    .where("id", "in", q.emailBodies.select("email_outbox.id"))
    .executeTakeFirst();
  const auditLog = await executor
    .deleteFrom("admin_audit_log")
    .where("id", "in", q.auditLog.select("admin_audit_log.id"))
    .executeTakeFirst();
  const knownDevices = await executor
    .deleteFrom("known_devices")
    .where(
      sql<boolean>`(user_id, device) IN (${q.knownDevices.select(["known_devices.user_id", "known_devices.device"])})`,
    )
    .executeTakeFirst();
  const unsubscribedLeads = await executor
    .deleteFrom("leads")
    .where("id", "in", q.unsubscribedLeads.select("leads.id"))
    .executeTakeFirst();
  const consentProofs = await executor
    .deleteFrom("cookie_consents")
    .where("id", "in", q.consentProofs.select("cookie_consents.id"))
    .executeTakeFirst();
  return {
    emailBodies: n(emailBodies),
    auditLog: n(auditLog),
    knownDevices: n(knownDevices),
    unsubscribedLeads: n(unsubscribedLeads),
    consentProofs: n(consentProofs),
  };
}
