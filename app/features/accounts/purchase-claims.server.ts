import { db, type Database } from "~/platform/db/db.server";
import { env } from "~/platform/env.server";
import { hashPassword } from "~/platform/password.server";
import { formatDay } from "~/platform/dates";
import { type Receipt } from "~/platform/mail/compose";
import { CLAIM_TOKEN_HOURS, claimPurchaseEmail } from "./emails";
import { writeAudit } from "~/platform/audit.server";
import { enqueueEmail } from "~/platform/mail/outbox.server";
import * as singleUseToken from "~/platform/single-use-token.server";
import { endCredentials, markOwnerProven, setPassword, type UserRecord } from "./users.server";

import { sql } from "kysely";

/**
 * Claim links (issue 31 item 3, decision 048). A marketplace purchase made with an address whose
 * account may be held by someone else (a password nobody proved the address's owner chose) is
 * kept for the address, and the address gets a link. Whoever follows it is the address's owner:
 * signed in to the account, one click adds the purchase; otherwise they choose a new password and
 * take the account over, and everything else that let anyone act as it ends.
 */

const claimLink = (origin: string, token: string) => `${origin}/claim?${new URLSearchParams({ token })}`;

/** The address a claim link was mailed to (issued with `{ email }`). */
const emailOf = (grant: singleUseToken.TokenGrant | null): string | null =>
  typeof grant?.data?.email === "string" ? grant.data.email : null;

/**
 * Queues a claim link to the account's address, in the caller's transaction (kickMailer() after
 * it commits). Older claim links stay valid: each purchase's mail works, and a stranger asking
 * for links cannot end the owner's.
 */
export async function queueClaimLink(
  trx: Database,
  user: Pick<UserRecord, "id" | "email" | "name" | "createdAt">,
  origin: string,
  receipt?: Receipt,
) {
  const token = await singleUseToken.issue(trx, {
    purpose: "claim",
    userId: user.id,
    hours: CLAIM_TOKEN_HOURS,
    data: { email: user.email },
  });
  await enqueueEmail(trx, {
    to: user.email,
    ...claimPurchaseEmail({
      brand: env().BRAND_NAME,
      link: claimLink(origin, token),
      forgotUrl: `${origin}/forgot-password`,
      account: { name: user.name, created: formatDay(user.createdAt) },
      receipt,
    }),
  });
}

/** What a usable claim link is for: its account and the address it was mailed to. */
export async function findClaim(token: string): Promise<{ userId: string; email: string } | null> {
  const grant = await singleUseToken.peek("claim", token);
  const email = emailOf(grant);
  return grant && email ? { userId: grant.userId, email } : null;
}

/**
 * The claim link followed in a browser signed in to its account: whoever holds the password also
 * reads the address's mail, so the account is proven and the held purchases join it; nothing else
 * changes. False when the link is unusable, for another account, or the account moved address.
 */
export async function claimIntoSignedInAccount(token: string, sessionUserId: string): Promise<boolean> {
  if ((await findClaim(token))?.userId !== sessionUserId) return false;
  return db()
    .transaction()
    .execute(async (trx) => {
      const grant = await singleUseToken.consume(trx, "claim", token);
      const email = emailOf(grant);
      if (!grant || !email || grant.userId !== sessionUserId) return false;
      if (!(await markOwnerProven(trx, grant.userId, email))) return false;
      await claimOrdersByEmail(trx, grant.userId, email);
      return true;
    });
}

/**
 * The claim link followed anywhere else: the address's owner takes the account. In one
 * transaction: the link is used up; the account, if it still uses the address, is proven; every
 * session, two-factor factor, half-finished sign-in and emailed link of it ends; the new password
 * replaces the old; the held purchases join; and the admin's activity log says so. Null for an
 * unusable link. The slow hash is paid only for a link that works.
 */
export async function claimWithNewPassword(token: string, password: string): Promise<{ userId: string } | null> {
  if (!(await findClaim(token))) return null;
  const passwordHash = await hashPassword(password);
  return db()
    .transaction()
    .execute(async (trx) => {
      const grant = await singleUseToken.consume(trx, "claim", token);
      const email = emailOf(grant);
      if (!grant || !email) return null;
      // Locks the row; a link mailed before the account moved to another address takes nothing.
      if (!(await markOwnerProven(trx, grant.userId, email))) return null;
      const { sessions } = await endCredentials(trx, grant.userId);
      await setPassword(grant.userId, passwordHash, trx);
      const orders = await claimOrdersByEmail(trx, grant.userId, email);
      await writeAudit(trx, {
        admin: { id: null, email: "claim link" },
        action: "claim_account",
        memberId: grant.userId,
        details: { email, sessions, orders },
      });
      return { userId: grant.userId };
    });
}

/**
 * Marketplace orders bought with this address and held for its proven owner (a sale for an
 * account whose email was not yet verified is recorded without a user): they join the account.
 */
export async function claimOrdersByEmail(trx: Database, userId: string, email: string): Promise<number> {
  const result = await trx
    .updateTable("warriorplus_orders")
    .set({ user_id: userId })
    .where("user_id", "is", null)
    .where(sql`lower(buyer_email)`, "=", email.toLowerCase())
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Whether any marketplace order bought with this address is held for its proven owner. */
export async function hasHeldOrders(executor: Database, email: string): Promise<boolean> {
  const row = await executor
    .selectFrom("warriorplus_orders")
    .select("id")
    .where("user_id", "is", null)
    .where(sql`lower(buyer_email)`, "=", email.toLowerCase())
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether a marketplace purchase may join this existing account now (decision 048). Only when
 * nobody but the address's owner can be in it: whoever holds its password was shown to control
 * the address (a password set through a mailed link, or the address confirmed while signed in),
 * or it has no password (nobody has ever signed in; the way in is the link mailed to the
 * address). A verified address alone is not enough: its owner may have confirmed an account a
 * stranger made, and the stranger still holds the password.
 */
export function mayReceivePurchase(user: Pick<UserRecord, "ownerProven" | "passwordHash">): boolean {
  return user.ownerProven || user.passwordHash === null;
}
