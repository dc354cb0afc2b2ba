import crypto from "node:crypto";
import { sql } from "kysely";
import { db, type Database } from "~/infra/db.server";
import { EMAIL_CHANGE_TOKEN_HOURS } from "~/lib/emails";

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** A single-use link to move the account to `newEmail`; the user's older unused links end. */
export async function createEmailChangeToken(trx: Database, userId: string, newEmail: string): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await trx.deleteFrom("email_change_tokens").where("user_id", "=", userId).where("used_at", "is", null).execute();
  await trx
    .insertInto("email_change_tokens")
    .values({
      user_id: userId,
      new_email: newEmail,
      token_hash: hashToken(token),
      expires_at: sql`now() + make_interval(hours => ${EMAIL_CHANGE_TOKEN_HOURS})`,
    })
    .execute();
  return token;
}

/** The address a live link would move to, or null. */
export async function findEmailChange(token: string): Promise<{ newEmail: string } | null> {
  const row = await db()
    .selectFrom("email_change_tokens")
    .select("new_email")
    .where("token_hash", "=", hashToken(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .executeTakeFirst();
  return row ? { newEmail: row.new_email } : null;
}

/** Uses the link up atomically; its user and new address, or null when unknown, used or expired. */
export async function consumeEmailChangeToken(
  trx: Database,
  token: string,
): Promise<{ userId: string; newEmail: string } | null> {
  const row = await trx
    .updateTable("email_change_tokens")
    .set({ used_at: sql`now()` })
    .where("token_hash", "=", hashToken(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .returning(["user_id", "new_email"])
    .executeTakeFirst();
  return row ? { userId: row.user_id, newEmail: row.new_email } : null;
}
