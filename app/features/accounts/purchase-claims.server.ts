import { db, type Database } from "~/platform/db/db.server";
import { env } from "~/platform/env.server";
import { hashPassword } from "~/platform/password.server";
import { formatDay } from "~/platform/dates";
import { type Receipt } from "~/platform/mail/compose";
import { CLAIM_TOKEN_HOURS, claimPurchaseEmail } from "./emails";
import { writeAudit } from "~/platform/audit.server";
import { enqueueEmail } from "~/platform/mail/outbox.server";
import * as singleUseToken from "~/platform/single-use-token.server";
import {
  endCredentials,
  findOrCreateBuyer,
  findUserByEmail,
  markOwnerProven,
  setPassword,
  type UserRecord,
} from "./users.server";

import { sql } from "kysely";

/**
 * Claim links (issue 31 item 3, decision 048). A marketplace purchase made with an address whose
 * account may be held by someone else (a password nobody proved the address's owner chose) is
 * kept for the address, and the address gets a link. Whoever follows it is the address's owner:
 * signed in to the account, one click adds the purchase; otherwise they choose a new password and
 * take the account over, and everything else that let anyone act as it ends.
 */

const claimLink = (origin: string, token: string) => `${origin}/claim?${new URLSearchParams({ token })}`;

/**
 * Queues a claim link to the account's address, in the caller's transaction (kickMailer() after
 * it commits). The link belongs to the address, not the account (decision 067): it outlives the
 * account that uses the address now, and nothing done to that account ends it. Older claim links
 * stay valid: each purchase's mail works, and a stranger asking for links cannot end the owner's.
 */
export async function queueClaimLink(
  trx: Database,
  user: Pick<UserRecord, "email" | "name" | "createdAt">,
  origin: string,
  receipt?: Receipt,
) {
  await enqueueEmail(trx, {
    to: user.email,
    ...claimPurchaseEmail({
      brand: env().BRAND_NAME,
      link: await issueClaimLink(trx, user.email, origin),
      forgotUrl: `${origin}/forgot-password`,
      account: { name: user.name, created: formatDay(user.createdAt) },
      receipt,
    }),
  });
}

/** A claim link for the address (for a mail of the caller's, such as an admin's invitation). */
export async function issueClaimLink(trx: Database, email: string, origin: string): Promise<string> {
  return claimLink(
    origin,
    await singleUseToken.issueForAddress(trx, { purpose: "claim", email, hours: CLAIM_TOKEN_HOURS }),
  );
}

/** What a usable claim link is for: the address it was mailed to, and the account using it now (if any). */
export async function findClaim(token: string): Promise<{ userId: string | null; email: string } | null> {
  const email = await singleUseToken.peekForAddress("claim", token);
  if (!email) return null;
  return { email, userId: (await findUserByEmail(email))?.id ?? null };
}

/**
 * The claim link followed in a browser signed in to the account that uses its address: whoever
 * holds the password also reads the address's mail, so the account is proven and what is held
 * for the address joins it; nothing else changes. False when the link is unusable or the
 * session's account does not use the link's address.
 */
export async function claimIntoSignedInAccount(token: string, sessionUserId: string): Promise<boolean> {
  if ((await findClaim(token))?.userId !== sessionUserId) return false;
  return db()
    .transaction()
    .execute(async (trx) => {
      const email = await singleUseToken.consumeForAddress(trx, "claim", token);
      if (!email) return false;
      // Locks the row; an account that moved to another address since takes nothing.
      if (!(await markOwnerProven(trx, sessionUserId, email))) return false;
      await claimHeldForAddress(trx, sessionUserId, email);
      return true;
    });
}

/**
 * The claim link followed anywhere else: the address's owner takes the account that uses the
 * address, or gets one when none does (the account it was mailed for may have been deleted). In
 * one transaction: the link is used up; the account is proven; every session, two-factor factor,
 * half-finished sign-in and emailed link of it ends; the new password replaces the old; what is
 * held for the address joins; and the admin's activity log says so. Null for an unusable link.
 * The slow hash is paid only for a link that works.
 */
export async function claimWithNewPassword(token: string, password: string): Promise<{ userId: string } | null> {
  if (!(await findClaim(token))) return null;
  const passwordHash = await hashPassword(password);
  return db()
    .transaction()
    .execute(async (trx) => {
      const email = await singleUseToken.consumeForAddress(trx, "claim", token);
      if (!email) return null;
      const held = await trx
        .selectFrom("warriorplus_orders")
        .select("buyer_name")
        .where("user_id", "is", null)
        .where(sql`lower(buyer_email)`, "=", email.toLowerCase())
        .where("buyer_name", "is not", null)
        .executeTakeFirst();
      const account = await findOrCreateBuyer(trx, { email, name: held?.buyer_name ?? "" });
      // Locks the row; proves whoever chooses the password now.
      if (!(await markOwnerProven(trx, account.id, email))) return null;
      const { sessions } = await endCredentials(trx, account.id);
      await setPassword(account.id, passwordHash, trx);
      const orders = await claimHeldForAddress(trx, account.id, email);
      await writeAudit(trx, {
        admin: { id: null, email: "claim link" },
        action: "claim_account",
        memberId: account.id,
        details: { email, sessions, orders, created: account.created },
      });
      return { userId: account.id };
    });
}

/**
 * What is held for this address's proven owner joins their account: marketplace orders bought
 * with it (recorded without a user) and admins' grants made for it (decision 067). Returns how
 * many orders and grants joined.
 */
export async function claimHeldForAddress(trx: Database, userId: string, email: string): Promise<number> {
  const address = email.toLowerCase();
  const result = await trx
    .updateTable("warriorplus_orders")
    .set({ user_id: userId })
    .where("user_id", "is", null)
    .where(sql`lower(buyer_email)`, "=", address)
    .executeTakeFirst();
  const grants = await trx.deleteFrom("held_grants").where("email", "=", address).returningAll().execute();
  if (grants.length > 0) {
    await trx
      .insertInto("access_grants")
      .values(
        grants.map((grant) => ({
          user_id: userId,
          product_key: grant.product_key,
          reason: grant.reason,
          expires_at: grant.expires_at,
          granted_by: grant.granted_by,
        })),
      )
      .execute();
  }
  return Number(result.numUpdatedRows) + grants.length;
}

/** Whether anything (a marketplace order, an admin's grant) is held for this address's proven owner. */
export async function hasHeldForAddress(executor: Database, email: string): Promise<boolean> {
  const address = email.toLowerCase();
  const row = await executor
    .selectNoFrom((eb) => [
      eb
        .or([
          eb.exists(
            eb
              .selectFrom("warriorplus_orders")
              .select("id")
              .where("user_id", "is", null)
              .where(sql`lower(buyer_email)`, "=", address),
          ),
          eb.exists(eb.selectFrom("held_grants").select("id").where("email", "=", address)),
        ])
        .as("held"),
    ])
    .executeTakeFirstOrThrow();
  return Boolean(row.held);
}

/**
 * Whether whoever holds this account owns its address (decision 048, the one rule of decision
 * 067): only then may anything done for the address (a marketplace purchase, an admin's grant,
 * erasure of what was bought with it, its mail and lead record, its marketing consent) act
 * through the account. True when nobody but the address's owner can be in it: whoever holds its
 * password was shown to control the address (a password set through a mailed link, or the
 * address confirmed while signed in), or it has no password (nobody has ever signed in; the way
 * in is the link mailed to the address). A verified address alone is not enough: its owner may
 * have confirmed an account a stranger made, and the stranger still holds the password.
 */
export function ownsAddress(user: Pick<UserRecord, "ownerProven" | "passwordHash">): boolean {
  return user.ownerProven || user.passwordHash === null;
}

/** `ownsAddress` in SQL, for the `users` row `alias`: for set-based statements (imports, exports). */
export const ownsAddressSql = (alias: string) =>
  sql<boolean>`(${sql.ref(`${alias}.owner_proven_at`)} IS NOT NULL OR ${sql.ref(`${alias}.password_hash`)} IS NULL)`;
