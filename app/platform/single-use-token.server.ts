import crypto from "node:crypto";
import { sql } from "kysely";
import { db, type Database } from "~/platform/db/db.server";
import type { TokenPurpose } from "~/platform/db/db-schema";
import { sha256 } from "~/platform/hash.server";

export type { TokenPurpose };

/** What a usable link carries: its user and the data it was issued with (jsonb, parsed by both engines). */
export type TokenGrant = { userId: string; data: Record<string, unknown> | null };

/**
 * Only a hash is stored: a leaked table lets nobody use a link. The full hex SHA-256 (not the
 * shortened `tokenFingerprint` of rate-limit keys), as the three tables before this one stored it,
 * so links mailed before migration 0010 still work.
 */
const hashToken = (token: string) => sha256(token);

/** The link was issued in its user's current credential epoch (in a query joined to `users`). */
const issuedInCurrentEpoch = sql<boolean>`single_use_tokens.credential_epoch = users.credential_epoch`;

/**
 * A new single-use link token for the user, valid for `hours` (or `minutes`), in the user's current credential
 * epoch; returns the raw token for the emailed link (32 random bytes, base64url). With
 * `replaceUnused`, the user's older unused links of this purpose end, so only the latest mail works.
 */
export async function issue(
  trx: Database,
  input: {
    /** A claim link belongs to an address, not an account: `issueForAddress`. */
    purpose: Exclude<TokenPurpose, "claim">;
    userId: string;
    hours?: number;
    /** Instead of `hours`, for a short-lived link (an emailed sign-in link: 15 minutes). */
    minutes?: number;
    data?: Record<string, unknown>;
    replaceUnused?: boolean;
  },
): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  if (input.replaceUnused) await voidUnused(trx, input.userId, [input.purpose]);
  await trx
    .insertInto("single_use_tokens")
    .values((eb) => ({
      purpose: input.purpose,
      user_id: input.userId,
      token_hash: hashToken(token),
      data: input.data === undefined ? null : JSON.stringify(input.data),
      credential_epoch: eb.selectFrom("users").select("credential_epoch").where("id", "=", input.userId),
      expires_at: sql<Date>`now() + make_interval(mins => ${input.minutes ?? (input.hours ?? 0) * 60})`,
    }))
    .execute();
  return token;
}

/**
 * Whether a link of this purpose can still be used (unused, unexpired, issued in the user's
 * current epoch), without using it: pages show the form or say the link has expired.
 */
export async function peek(purpose: TokenPurpose, token: string): Promise<TokenGrant | null> {
  const row = await db()
    .selectFrom("single_use_tokens")
    .innerJoin("users", "users.id", "single_use_tokens.user_id")
    .select(["single_use_tokens.user_id", "single_use_tokens.data"])
    .where("single_use_tokens.token_hash", "=", hashToken(token))
    .where("single_use_tokens.purpose", "=", purpose)
    .where("single_use_tokens.used_at", "is", null)
    .where("single_use_tokens.expires_at", ">", sql<Date>`now()`)
    .where(issuedInCurrentEpoch)
    .executeTakeFirst();
  return row?.user_id ? { userId: row.user_id, data: row.data } : null;
}

/**
 * Uses the link up and returns what it carries; null when it is unknown, of another purpose,
 * used, expired or voided by the epoch. One conditional UPDATE, so of two submits at once only
 * one passes: the second waits for the first's row lock and then finds `used_at` set. A link
 * used while its user's epoch is being raised counts as used before the raise.
 */
export async function consume(trx: Database, purpose: TokenPurpose, token: string): Promise<TokenGrant | null> {
  const row = await trx
    .updateTable("single_use_tokens")
    .from("users")
    .set({ used_at: sql`now()` })
    .whereRef("users.id", "=", "single_use_tokens.user_id")
    .where("single_use_tokens.token_hash", "=", hashToken(token))
    .where("single_use_tokens.purpose", "=", purpose)
    .where("single_use_tokens.used_at", "is", null)
    .where("single_use_tokens.expires_at", ">", sql<Date>`now()`)
    .where(issuedInCurrentEpoch)
    .returning(["single_use_tokens.user_id", "single_use_tokens.data"])
    .executeTakeFirst();
  return row?.user_id ? { userId: row.user_id, data: row.data } : null;
}

/**
 * Links that belong to an address, not an account (a claim link, decision 067): no user and no
 * credential epoch, so they outlive whichever account used the address when they were mailed, and
 * nothing done to that account ends them. `email` is the address they were mailed to.
 */
export async function issueForAddress(
  trx: Database,
  input: { purpose: "claim"; email: string; hours: number },
): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await trx
    .insertInto("single_use_tokens")
    .values({
      purpose: input.purpose,
      user_id: null,
      token_hash: hashToken(token),
      data: JSON.stringify({ email: input.email }),
      credential_epoch: null,
      expires_at: sql<Date>`now() + make_interval(mins => ${input.hours * 60})`,
    })
    .execute();
  return token;
}

const addressOf = (row: { data: Record<string, unknown> | null } | undefined): string | null =>
  typeof row?.data?.email === "string" ? row.data.email : null;

/** The address of a usable address link (unused, unexpired), without using it. */
export async function peekForAddress(purpose: "claim", token: string): Promise<string | null> {
  const row = await db()
    .selectFrom("single_use_tokens")
    .select("data")
    .where("token_hash", "=", hashToken(token))
    .where("purpose", "=", purpose)
    .where("user_id", "is", null)
    .where("used_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .executeTakeFirst();
  return addressOf(row);
}

/** Uses an address link up (one conditional UPDATE, as `consume`); its address, or null. */
export async function consumeForAddress(trx: Database, purpose: "claim", token: string): Promise<string | null> {
  const row = await trx
    .updateTable("single_use_tokens")
    .set({ used_at: sql`now()` })
    .where("token_hash", "=", hashToken(token))
    .where("purpose", "=", purpose)
    .where("user_id", "is", null)
    .where("used_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .returning("data")
    .executeTakeFirst();
  return addressOf(row);
}

/** Ends the user's unused links of these purposes (all purposes when none are named). */
export async function voidUnused(trx: Database, userId: string, purposes?: readonly TokenPurpose[]) {
  let query = trx.deleteFrom("single_use_tokens").where("user_id", "=", userId).where("used_at", "is", null);
  if (purposes) {
    if (purposes.length === 0) return;
    query = query.where("purpose", "in", purposes);
  }
  await query.execute();
}

/**
 * Raises the user's credential epoch: every link issued before, of every purpose, stops working
 * at once (the rows stay until housekeeping prunes them). For when the user's credentials change.
 */
export async function bumpCredentialEpoch(trx: Database, userId: string) {
  await trx
    .updateTable("users")
    .set((eb) => ({ credential_epoch: eb("credential_epoch", "+", 1) }))
    .where("id", "=", userId)
    .execute();
}
