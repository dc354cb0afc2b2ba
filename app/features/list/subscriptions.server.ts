import { sql } from "kysely";
import { db, type Database } from "~/platform/db/db.server";

/**
 * Who gets marketing email (decision 054). One state per address: a lead's `unsubscribed_at` and
 * an account's `news_opt_out_at` ('Product news and announcements' off). An unsubscribe link sets
 * both for its address and cancels the marketing still queued to it; resubscribing clears both.
 */
export async function setMarketingConsent(trx: Database, email: string, subscribed: boolean): Promise<void> {
  const at = subscribed ? null : sql<Date>`now()`;
  await trx.updateTable("leads").set({ unsubscribed_at: at }).where("email", "=", email).execute();
  await trx
    .updateTable("users")
    .set({ news_opt_out_at: at })
    .where(sql<boolean>`lower(email) = ${email}`)
    .execute();
  if (!subscribed) {
    await trx
      .updateTable("email_outbox")
      .set({ canceled_at: sql`now()` })
      .where("to_address", "=", email)
      .where("category", "in", ["sequence", "announcement"])
      .where("sent_at", "is", null)
      .where("canceled_at", "is", null)
      .execute();
  }
}

/** True when the address unsubscribed (as a lead or an account): no marketing may reach it. */
export async function isUnsubscribed(email: string, trx: Database = db()): Promise<boolean> {
  const row = await trx
    .selectNoFrom((eb) => [
      eb
        .or([
          eb.exists(
            eb.selectFrom("leads").select("id").where("email", "=", email).where("unsubscribed_at", "is not", null),
          ),
          eb.exists(
            eb
              .selectFrom("users")
              .select("id")
              .where(sql<boolean>`lower(email) = ${email}`)
              .where("news_opt_out_at", "is not", null),
          ),
        ])
        .as("unsubscribed"),
    ])
    .executeTakeFirstOrThrow();
  return Boolean(row.unsubscribed);
}

/** An account's 'Product news and announcements' setting. */
export async function newsPreference(userId: string): Promise<boolean> {
  const row = await db().selectFrom("users").select("news_opt_out_at").where("id", "=", userId).executeTakeFirst();
  return row?.news_opt_out_at === null;
}
