import { sql } from "kysely";
import { openLinkTokens, sealLinkTokens } from "~/platform/at-rest.server";
import type { EmailCategory } from "~/platform/db/db-schema";
import { db, type Database } from "~/platform/db/db.server";
import { LINK_TOKEN_SQL, restoreLinkTokens, withholdLinkTokens } from "./withheld-links";

/** A message: its plain text part, and the HTML part when the template has one (platform/mail/compose). */
export type OutgoingEmail = { to: string; subject: string; text: string; html?: string | null };
/** A message claimed for delivery, its links as stored (withheld); `withLinks` gives them back. */
export type ClaimedEmail = OutgoingEmail & {
  id: string;
  attempts: number;
  sealedLinks: string | null;
  /** Marketing ('sequence', 'announcement') and service notices are written when sent (decision 054). */
  category: EmailCategory;
  sequenceStepId: string | null;
  announcementId: string | null;
};

/** The tokens of each part, as sealed in `sealed_links`. */
type PartTokens = { text: string[]; html: string[] };

/**
 * Queues a message; call it in the transaction of whatever the message is about. Its links'
 * tokens are withheld from the stored bodies and kept only sealed with the data key (decision
 * 046), so a copy of the table holds no link that works.
 */
export async function enqueueEmail(trx: Database, email: OutgoingEmail, { forgetWhenSent = false } = {}) {
  await trx
    .insertInto("email_outbox")
    .values({
      to_address: email.to,
      subject: email.subject,
      ...storedBodies(email),
      // The farewell after an erasure (decision 056): once delivered, nothing may name the address.
      forget_when_sent: forgetWhenSent,
    })
    .execute();
}

/** The bodies as stored: link tokens withheld, and sealed apart with the data key (decision 046). */
function storedBodies(email: OutgoingEmail) {
  const text = withholdLinkTokens(email.text);
  const html = email.html ? withholdLinkTokens(email.html) : null;
  const tokens: PartTokens = { text: text.tokens, html: html?.tokens ?? [] };
  const hasLinks = tokens.text.length > 0 || tokens.html.length > 0;
  return {
    text_body: text.body,
    html_body: html?.body ?? null,
    sealed_links: hasLinks ? sealLinkTokens(JSON.stringify(tokens), email.to) : null,
  };
}

/**
 * The message as it is delivered: its links' tokens put back from `sealed_links`. Throws
 * UnreadableSecret when no listed key opens them (the key was dropped from ENCRYPTION_KEY).
 */
export function withLinks(email: ClaimedEmail): OutgoingEmail {
  const message = { to: email.to, subject: email.subject, text: email.text, html: email.html };
  if (!email.sealedLinks) return message;
  const tokens = JSON.parse(openLinkTokens(email.sealedLinks, email.to)) as PartTokens;
  return {
    ...message,
    text: restoreLinkTokens(email.text, tokens.text),
    html: email.html ? restoreLinkTokens(email.html, tokens.html) : email.html,
  };
}

/**
 * A message that waits before it is sent, and that later news replaces while it waits (the
 * funnel's one "added to your account" note, decision 051): the unsent, untried message to the
 * same address with the same subject gets the new body; otherwise a new one is queued for
 * `delaySeconds` from now.
 */
export async function queueOrReplaceWaitingEmail(
  trx: Database,
  email: OutgoingEmail,
  delaySeconds: number,
): Promise<void> {
  const waiting = await trx
    .selectFrom("email_outbox")
    .select("id")
    .where("to_address", "=", email.to)
    .where("subject", "=", email.subject)
    .where("sent_at", "is", null)
    .where("attempts", "=", 0)
    .where("next_attempt_at", ">", sql<Date>`now()`)
    .forUpdate()
    .executeTakeFirst();
  if (waiting) {
    await trx.updateTable("email_outbox").set(storedBodies(email)).where("id", "=", waiting.id).execute();
    return;
  }
  await trx
    .insertInto("email_outbox")
    .values({
      to_address: email.to,
      subject: email.subject,
      ...storedBodies(email),
      next_attempt_at: sql`now() + make_interval(secs => ${delaySeconds})`,
    })
    .execute();
}

/** When the waiting message of queueOrReplaceWaitingEmail to this address was queued, if one waits. */
export async function waitingEmailSince(trx: Database, to: string, subject: string): Promise<Date | null> {
  const row = await trx
    .selectFrom("email_outbox")
    .select("created_at")
    .where("to_address", "=", to)
    .where("subject", "=", subject)
    .where("sent_at", "is", null)
    .where("attempts", "=", 0)
    .where("next_attempt_at", ">", sql<Date>`now()`)
    .executeTakeFirst();
  return row ? new Date(row.created_at) : null;
}

/**
 * Claims due messages for one delivery attempt: the attempt is counted and the message leased
 * for `leaseSeconds`, so a crash mid-send only delays it and two instances never send it twice
 * at once (SKIP LOCKED). No transaction stays open while the SMTP server is talked to.
 */
export async function claimDueEmails(
  limit: number,
  leaseSeconds: number,
  { now, ratePerMinute }: { now: Date; ratePerMinute: number },
): Promise<ClaimedEmail[]> {
  // Transactional mail (logins, receipts) first and never held back by a large announcement.
  const rows = await claim(db(), "transactional", limit, leaseSeconds, now);
  if (rows.length >= limit) return rows.map(toClaimed);
  // The rest at most ratePerMinute a minute (claims in the last minute count), decided under a
  // transaction-wide lock so two senders (processes, instances) never spend one budget twice.
  const bulk = await db()
    .transaction()
    .execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(54054054)`.execute(trx);
      const recent = await trx
        .selectFrom("email_outbox")
        .select(sql<string>`count(*)`.as("count"))
        .where("category", "<>", "transactional")
        .where("claimed_at", ">", new Date(now.getTime() - 60_000))
        // A claim "in the future" was made under a clock since set back (a test's): not this minute's.
        .where("claimed_at", "<=", now)
        .executeTakeFirstOrThrow();
      const budget = Math.min(limit - rows.length, ratePerMinute - Number(recent.count));
      return budget > 0 ? claim(trx, "bulk", budget, leaseSeconds, now) : [];
    });
  return [...rows, ...bulk].map(toClaimed);
}

/** Counts the attempt and leases the rows for `leaseSeconds`; times by the server's clock (tests move it). */
async function claim(trx: Database, kind: "transactional" | "bulk", limit: number, leaseSeconds: number, now: Date) {
  return trx
    .updateTable("email_outbox")
    .set({
      attempts: sql`attempts + 1`,
      claimed_at: now,
      next_attempt_at: new Date(now.getTime() + leaseSeconds * 1000),
    })
    .where("id", "in", (eb) =>
      eb
        .selectFrom("email_outbox")
        .select("id")
        .where("sent_at", "is", null)
        .where("canceled_at", "is", null)
        .where("category", kind === "transactional" ? "=" : "<>", "transactional")
        .where("next_attempt_at", "<=", now)
        .orderBy("next_attempt_at")
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning([
      "id",
      "to_address",
      "subject",
      "text_body",
      "html_body",
      "attempts",
      "sealed_links",
      "category",
      "sequence_step_id",
      "announcement_id",
    ])
    .execute();
}

function toClaimed(row: Awaited<ReturnType<typeof claim>>[number]): ClaimedEmail {
  return {
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    attempts: row.attempts,
    sealedLinks: row.sealed_links,
    category: row.category,
    sequenceStepId: row.sequence_step_id,
    announcementId: row.announcement_id,
  };
}

/** Not to be sent after all (its recipient unsubscribed or bought since it was queued). */
export async function markEmailCanceled(id: string) {
  await db()
    .updateTable("email_outbox")
    .set({ canceled_at: sql`now()` })
    .where("id", "=", id)
    .execute();
}

const withheldInSql = (column: "text_body" | "html_body") =>
  sql<string>`regexp_replace(${sql.ref(column)}, ${LINK_TOKEN_SQL.pattern}, ${LINK_TOKEN_SQL.replacement}, 'g')`;

/**
 * Delivered: the sealed tokens are dropped, so not even the data key recovers a link from the
 * row any more. The bodies are withheld again in SQL for a message queued unwithheld (by an
 * instance of the release before decision 046 during a rolling deploy).
 */
export async function markEmailSent(id: string) {
  const forgotten = await db()
    .deleteFrom("email_outbox")
    .where("id", "=", id)
    .where("forget_when_sent", "=", true)
    .executeTakeFirst();
  if (forgotten.numDeletedRows > 0n) return;
  await db()
    .updateTable("email_outbox")
    .set({
      sent_at: sql`now()`,
      last_error: null,
      sealed_links: null,
      text_body: withheldInSql("text_body"),
      html_body: withheldInSql("html_body"),
    })
    .where("id", "=", id)
    .execute();
}

export async function markEmailFailed(id: string, error: string, retryInSeconds: number, now: Date) {
  await db()
    .updateTable("email_outbox")
    .set({ last_error: error.slice(0, 1000), next_attempt_at: new Date(now.getTime() + retryInSeconds * 1000) })
    .where("id", "=", id)
    .execute();
}

/**
 * Held, not sent, and not counted as an attempt: the message waits with `reason` (which the
 * admin's outbox shows) and is tried again after `retryInSeconds`, or at once by 'Retry now'.
 */
export async function markEmailHeld(id: string, reason: string, retryInSeconds: number, now: Date) {
  await db()
    .updateTable("email_outbox")
    .set({
      last_error: reason.slice(0, 1000),
      attempts: sql`greatest(attempts - 1, 0)`,
      next_attempt_at: new Date(now.getTime() + retryInSeconds * 1000),
    })
    .where("id", "=", id)
    .execute();
}

export type OutboxStatus = "scheduled" | "queued" | "sent" | "failed" | "canceled";

/** One line of the outbox as the admin sees it: never the body (a list is no place for it). */
export type OutboxEntry = {
  id: string;
  to: string;
  subject: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date | null;
  sentAt: Date | null;
  createdAt: Date;
};

/**
 * Sent once delivered; canceled when it never will be (an unsubscribe, a purchase); failed while
 * undelivered after an error; scheduled while a training step waits for its time; else queued.
 */
const statusOf = sql<OutboxStatus>`CASE WHEN sent_at IS NOT NULL THEN 'sent' WHEN canceled_at IS NOT NULL THEN 'canceled'
  WHEN last_error IS NOT NULL THEN 'failed' WHEN attempts = 0 AND send_after > now() THEN 'scheduled' ELSE 'queued' END`;

function listQuery() {
  return db()
    .selectFrom("email_outbox")
    .select([
      "id",
      "to_address",
      "subject",
      "attempts",
      "last_error",
      "next_attempt_at",
      "sent_at",
      "created_at",
      statusOf.as("status"),
    ]);
}

function toEntry(row: {
  id: string;
  to_address: string;
  subject: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date;
  sent_at: Date | null;
  created_at: Date;
  status: OutboxStatus;
}): OutboxEntry {
  return {
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    // A sent or canceled message has no next attempt (a canceled one keeps the time it was due).
    nextAttemptAt: row.status === "sent" || row.status === "canceled" ? null : row.next_attempt_at,
    sentAt: row.sent_at,
    createdAt: row.created_at,
  };
}

/** The newest messages, optionally of one status. */
export async function listOutbox(options: { status: OutboxStatus | null; limit: number }): Promise<OutboxEntry[]> {
  let query = listQuery().orderBy("created_at", "desc").orderBy("id").limit(options.limit);
  if (options.status) query = query.where(statusOf, "=", options.status);
  return (await query.execute()).map(toEntry);
}

/** The messages sent (or to be sent) to one address, newest first. */
export async function listOutboxFor(address: string, limit: number): Promise<OutboxEntry[]> {
  const rows = await listQuery().where("to_address", "=", address).orderBy("created_at", "desc").limit(limit).execute();
  return rows.map(toEntry);
}

/** One message with its bodies as stored: links withheld (decision 046), for its own admin page. */
export async function getOutboxMessage(id: string) {
  const row = await listQuery().select(["text_body", "html_body"]).where("id", "=", id).executeTakeFirst();
  return row ? { ...toEntry(row), text: row.text_body, html: row.html_body } : null;
}

/**
 * 'Retry now': a failed message becomes due at once. Returns its recipient, or null when it is
 * not a failed message (already sent, or never failed).
 */
export async function makeFailedEmailDue(trx: Database, id: string): Promise<{ to: string; subject: string } | null> {
  const row = await trx
    .updateTable("email_outbox")
    .set({ next_attempt_at: sql`now()` })
    .where("id", "=", id)
    .where("sent_at", "is", null)
    .where("last_error", "is not", null)
    .returning(["to_address", "subject"])
    .executeTakeFirst();
  return row ? { to: row.to_address, subject: row.subject } : null;
}

/** Gives back claims a stopping sender will not use: due again at once, the attempt not counted. */
export async function releaseEmails(ids: string[]) {
  if (ids.length === 0) return;
  await db()
    .updateTable("email_outbox")
    .set({ attempts: sql`greatest(attempts - 1, 0)`, next_attempt_at: sql`now()`, claimed_at: null })
    .where("id", "in", ids)
    .where("sent_at", "is", null)
    .execute();
}

/** For the metrics: messages not sent yet, and of those, how many failed their last attempt. */
export async function outboxDepth(): Promise<{ waiting: number; failing: number }> {
  const row = await db()
    .selectFrom("email_outbox")
    .select([
      sql<string>`count(*)`.as("waiting"),
      sql<string>`count(*) filter (where last_error is not null)`.as("failing"),
    ])
    .where("sent_at", "is", null)
    .where("canceled_at", "is", null)
    .executeTakeFirstOrThrow();
  return { waiting: Number(row.waiting), failing: Number(row.failing) };
}
