import crypto from "node:crypto";
import { sql } from "kysely";
import { db, type Database } from "~/infra/db.server";
import { VERIFY_TOKEN_HOURS } from "~/lib/emails";

/** Only a hash is stored, like reset tokens. */
const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** A new single-use link token for the user's address; older unused ones end. */
export async function createVerificationToken(trx: Database, userId: string): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await trx
    .deleteFrom("email_verification_tokens")
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .execute();
  await trx
    .insertInto("email_verification_tokens")
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      expires_at: sql`now() + make_interval(hours => ${VERIFY_TOKEN_HOURS})`,
    })
    .execute();
  return token;
}

export async function isVerificationTokenUsable(token: string): Promise<boolean> {
  const row = await db()
    .selectFrom("email_verification_tokens")
    .select("id")
    .where("token_hash", "=", hashToken(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .executeTakeFirst();
  return Boolean(row);
}

/** Uses the token up atomically; returns its user, or null when unknown, used or expired. */
export async function consumeVerificationToken(trx: Database, token: string): Promise<string | null> {
  const row = await trx
    .updateTable("email_verification_tokens")
    .set({ used_at: sql`now()` })
    .where("token_hash", "=", hashToken(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .returning("user_id")
    .executeTakeFirst();
  return row?.user_id ?? null;
}
