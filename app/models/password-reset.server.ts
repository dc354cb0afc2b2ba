import crypto from "node:crypto";
import { sql } from "kysely";
import { db, type Database } from "~/infra/db.server";
import { RESET_TOKEN_HOURS } from "~/lib/emails";

/** Only a hash is stored: a leaked table does not let anyone set a password. */
function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/**
 * A new single-use token for the user; returns the raw token for the emailed link. Issuing a
 * link ends every older unused one, so only the latest mail works.
 */
export async function createResetToken(trx: Database, userId: string): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await deleteUnusedResetTokens(trx, userId);
  await trx
    .insertInto("password_reset_tokens")
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      expires_at: sql`now() + make_interval(hours => ${RESET_TOKEN_HOURS})`,
    })
    .execute();
  return token;
}

/** Whether the link can still be used (the page shows the form or says it has expired). */
export async function isResetTokenUsable(token: string): Promise<boolean> {
  const row = await db()
    .selectFrom("password_reset_tokens")
    .select("id")
    .where("token_hash", "=", hashToken(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Uses the token up, atomically (one conditional UPDATE, so two submits cannot both pass), and
 * returns its user; null when it is unknown, used or expired.
 */
export async function consumeResetToken(trx: Database, token: string): Promise<string | null> {
  const row = await trx
    .updateTable("password_reset_tokens")
    .set({ used_at: sql`now()` })
    .where("token_hash", "=", hashToken(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .returning("user_id")
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** After a reset no older link of the user may be used. */
export async function deleteUnusedResetTokens(trx: Database, userId: string) {
  await trx.deleteFrom("password_reset_tokens").where("user_id", "=", userId).where("used_at", "is", null).execute();
}
