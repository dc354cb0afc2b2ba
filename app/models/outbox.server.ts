import { sql } from "kysely";
import { db, type Database } from "~/infra/db.server";

export type OutgoingEmail = { to: string; subject: string; text: string };
export type ClaimedEmail = OutgoingEmail & { id: string; attempts: number };

/** Queues a message; call it in the transaction of whatever the message is about. */
export async function enqueueEmail(trx: Database, email: OutgoingEmail) {
  await trx.insertInto("email_outbox").values({ to_address: email.to, subject: email.subject, text_body: email.text }).execute();
}

/**
 * Claims due messages for one delivery attempt: the attempt is counted and the message leased
 * for `leaseSeconds`, so a crash mid-send only delays it and two instances never send it twice
 * at once (SKIP LOCKED). No transaction stays open while the SMTP server is talked to.
 */
export async function claimDueEmails(limit: number, leaseSeconds: number): Promise<ClaimedEmail[]> {
  const rows = await db()
    .updateTable("email_outbox")
    .set({
      attempts: sql`attempts + 1`,
      next_attempt_at: sql`now() + make_interval(secs => ${leaseSeconds})`,
    })
    .where("id", "in", (eb) =>
      eb
        .selectFrom("email_outbox")
        .select("id")
        .where("sent_at", "is", null)
        .where("next_attempt_at", "<=", sql<Date>`now()`)
        .orderBy("next_attempt_at")
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(["id", "to_address", "subject", "text_body", "attempts"])
    .execute();
  return rows.map((row) => ({ id: row.id, to: row.to_address, subject: row.subject, text: row.text_body, attempts: row.attempts }));
}

export async function markEmailSent(id: string) {
  await db().updateTable("email_outbox").set({ sent_at: sql`now()`, last_error: null }).where("id", "=", id).execute();
}

export async function markEmailFailed(id: string, error: string, retryInSeconds: number) {
  await db()
    .updateTable("email_outbox")
    .set({ last_error: error.slice(0, 1000), next_attempt_at: sql`now() + make_interval(secs => ${retryInSeconds})` })
    .where("id", "=", id)
    .execute();
}
