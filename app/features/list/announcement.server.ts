import { sql, type RawBuilder } from "kysely";
import type { AnnouncementAudience } from "~/platform/db/db-schema";
import { db, type Database } from "~/platform/db/db.server";

/**
 * Announcements (decision 054): a draft is saved by 'Preview', and the first 'Send to N
 * recipients' marks it sent and queues one message per recipient in the same statement's
 * transaction; a second click finds it sent and queues nothing.
 */
export type Announcement = {
  id: string;
  subject: string;
  body: string;
  audience: AnnouncementAudience;
  createdAt: Date;
  sentAt: Date | null;
  recipients: number | null;
};

/** The addresses of an audience, one row each (`email`), the unsubscribed left out. */
function audienceQuery(audience: AnnouncementAudience): RawBuilder<{ email: string }> {
  const unsubscribedLead = sql`EXISTS (SELECT 1 FROM leads x WHERE x.email = lower(u.email) AND x.unsubscribed_at IS NOT NULL)`;
  switch (audience) {
    case "members":
      // 'All members': paid access (decision 007's one definition), never a starter or refunded account.
      return sql`SELECT lower(u.email) AS email FROM users u
        WHERE has_paid_access(u.id) AND u.news_opt_out_at IS NULL AND NOT ${unsubscribedLead}`;
    case "accounts":
      return sql`SELECT lower(u.email) AS email FROM users u WHERE u.news_opt_out_at IS NULL AND NOT ${unsubscribedLead}`;
    case "leads":
      return sql`SELECT l.email FROM leads l
        WHERE l.unsubscribed_at IS NULL AND l.customer_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM users u WHERE lower(u.email) = l.email AND u.news_opt_out_at IS NOT NULL)`;
    case "service":
      // Terms, privacy and security notices: every account, whatever its marketing choice.
      return sql`SELECT lower(u.email) AS email FROM users u`;
  }
}

export async function countAudience(audience: AnnouncementAudience, trx: Database = db()): Promise<number> {
  const { rows } = await sql<{ count: string }>`SELECT count(*) AS count FROM (${audienceQuery(audience)}) a`.execute(
    trx,
  );
  return Number(rows[0]?.count ?? 0);
}

export async function createAnnouncement(
  trx: Database,
  input: { subject: string; body: string; audience: AnnouncementAudience; adminId: string },
): Promise<string> {
  const row = await trx
    .insertInto("announcements")
    .values({ subject: input.subject, body: input.body, audience: input.audience, created_by: input.adminId })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const toAnnouncement = (row: {
  id: string;
  subject: string;
  body: string;
  audience: AnnouncementAudience;
  created_at: Date;
  sent_at: Date | null;
  recipients: number | null;
}): Announcement => ({
  id: row.id,
  subject: row.subject,
  body: row.body,
  audience: row.audience,
  createdAt: row.created_at,
  sentAt: row.sent_at,
  recipients: row.recipients,
});

export async function getAnnouncement(id: string, trx: Database = db()): Promise<Announcement | null> {
  const row = await trx.selectFrom("announcements").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toAnnouncement(row) : null;
}

/**
 * Marks the draft sent and queues its messages; null when it was sent already (a second click,
 * or two admins at once: the row's update decides).
 */
export async function sendAnnouncement(trx: Database, id: string): Promise<{ recipients: number } | null> {
  const claimed = await trx
    .updateTable("announcements")
    .set({ sent_at: sql`now()` })
    .where("id", "=", id)
    .where("sent_at", "is", null)
    .returning(["audience", "subject"])
    .executeTakeFirst();
  if (!claimed) return null;
  const category = claimed.audience === "service" ? "service" : "announcement";
  const inserted = await sql<{ id: string }>`
    INSERT INTO email_outbox (to_address, subject, text_body, category, announcement_id)
    SELECT DISTINCT a.email, ${claimed.subject}, '[announcement: written when sent]', ${category}, ${id}::uuid
    FROM (${audienceQuery(claimed.audience)}) a
    RETURNING id`.execute(trx);
  const recipients = inserted.rows.length;
  await trx.updateTable("announcements").set({ recipients }).where("id", "=", id).execute();
  return { recipients };
}

export type AnnouncementProgress = Announcement & { sent: number; canceled: number };

/** The announcements sent, newest first, with how many of their messages went out so far. */
export async function listAnnouncementProgress(limit = 10): Promise<AnnouncementProgress[]> {
  const rows = await db()
    .selectFrom("announcements as a")
    .selectAll("a")
    .select([
      sql<string>`(SELECT count(*) FROM email_outbox o WHERE o.announcement_id = a.id AND o.sent_at IS NOT NULL)`.as(
        "sent",
      ),
      sql<string>`(SELECT count(*) FROM email_outbox o WHERE o.announcement_id = a.id AND o.canceled_at IS NOT NULL)`.as(
        "canceled",
      ),
    ])
    .where("a.sent_at", "is not", null)
    .orderBy("a.sent_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...toAnnouncement(row), sent: Number(row.sent), canceled: Number(row.canceled) }));
}
