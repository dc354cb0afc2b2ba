import {
  purchaseAddedEmail,
  RESET_TOKEN_HOURS,
  resetPasswordEmail,
  setPasswordEmail,
  signInLinkEmail,
  VERIFY_TOKEN_HOURS,
  verifyEmailEmail,
  type Receipt,
} from "~/lib/emails";
import { db, type Database } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { hashPassword } from "~/infra/password.server";
import { enqueueEmail } from "~/models/outbox.server";
import { deleteAllSessionsOfUser } from "~/models/session.server";
import * as singleUseToken from "~/models/single-use-token.server";
import { findUserByEmail, markEmailVerified, setPassword, type UserRecord } from "~/models/user.server";
import { claimOrdersByEmail } from "~/models/warriorplus-order.server";
import { kickMailer } from "./mail.server";

const resetLink = (origin: string, token: string) => `${origin}/reset-password?${new URLSearchParams({ token })}`;
const verifyLink = (origin: string, token: string) => `${origin}/verify-email?${new URLSearchParams({ token })}`;

/**
 * A reset (also set-password and admin sign-in) link for the user. Issuing one ends every older
 * unused one, so only the latest mail works.
 */
const issueResetToken = (trx: Database, userId: string) =>
  singleUseToken.issue(trx, { purpose: "password_reset", userId, hours: RESET_TOKEN_HOURS, replaceUnused: true });

/** Whether a reset link can still be used (the page shows the form or says it has expired). */
export async function isResetTokenUsable(token: string): Promise<boolean> {
  return (await singleUseToken.peek("password_reset", token)) !== null;
}

/** Whether a verification link can still be used. */
export async function isVerificationTokenUsable(token: string): Promise<boolean> {
  return (await singleUseToken.peek("email_verification", token)) !== null;
}

/**
 * /forgot-password: when the account exists, a reset link is queued in one transaction with its
 * token (ending the older links). The caller's reply is the same either way, so it never reveals
 * who has an account.
 */
export async function requestPasswordReset(email: string, origin: string) {
  const user = await findUserByEmail(email);
  if (!user) return;
  await db()
    .transaction()
    .execute(async (trx) => {
      const token = await issueResetToken(trx, user.id);
      await enqueueEmail(trx, {
        to: user.email,
        ...resetPasswordEmail({ brand: env().BRAND_NAME, link: resetLink(origin, token) }),
      });
    });
  kickMailer();
}

/**
 * Sets a new password with a reset (or set-password) link. The token is checked first, so the
 * slow hash is only paid for a link that works; then, in one transaction, the token is used up
 * (atomically: two submits cannot both pass), the password set, the address counted as proven
 * (the link was mailed to it), marketplace orders held for that address join the account, and
 * every session and every other link of the account ends. Null for a bad token.
 */
export async function resetPassword(token: string, password: string): Promise<{ userId: string } | null> {
  if (!(await isResetTokenUsable(token))) return null;
  const passwordHash = await hashPassword(password); // slow: before the transaction, not inside it
  const result = await db()
    .transaction()
    .execute(async (trx) => {
      const userId = (await singleUseToken.consume(trx, "password_reset", token))?.userId;
      if (!userId) return null;
      await setPassword(userId, passwordHash, trx);
      const email = await markEmailVerified(trx, userId);
      await claimOrdersByEmail(trx, userId, email);
      await singleUseToken.voidUnused(trx, userId, ["password_reset"]);
      await deleteAllSessionsOfUser(userId, trx);
      return { userId };
    });
  return result;
}

/** After signup: a link that proves the address. Accounts work meanwhile; only trust waits. */
export async function queueEmailVerification(userId: string, origin: string) {
  await db()
    .transaction()
    .execute(async (trx) => {
      const user = await trx
        .selectFrom("users")
        .select(["email", "name"])
        .where("id", "=", userId)
        .executeTakeFirstOrThrow();
      const token = await singleUseToken.issue(trx, {
        purpose: "email_verification",
        userId,
        hours: VERIFY_TOKEN_HOURS,
        replaceUnused: true,
      });
      await enqueueEmail(trx, {
        to: user.email,
        ...verifyEmailEmail({ brand: env().BRAND_NAME, name: user.name, link: verifyLink(origin, token) }),
      });
    });
  kickMailer();
}

/**
 * Uses a verification link: the address is proven. It does NOT claim marketplace orders held for
 * the address: whoever signed up chose the password, and the owner of the address may click a
 * link for an account someone else created. Only a set-password link (which replaces the
 * password and ends every session) hands those over.
 */
export async function verifyEmail(token: string): Promise<boolean> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const userId = (await singleUseToken.consume(trx, "email_verification", token))?.userId;
      if (!userId) return false;
      await markEmailVerified(trx, userId);
      return true;
    });
}

/**
 * Whether a marketplace purchase may join this existing account now. Only when nobody but the
 * address's owner can be in it: its email is verified, or it has no password (nobody has ever
 * signed in; the way in is the link mailed to the address). Otherwise whoever signed up with the
 * address (perhaps not its owner) could be holding the account.
 */
export function mayReceivePurchase(user: Pick<UserRecord, "emailVerified" | "passwordHash">): boolean {
  return user.emailVerified || user.passwordHash === null;
}

/**
 * Tells a buyer who paid elsewhere how to get in. A verified account with a password gets a note
 * that the purchase is on it; any other gets a link to set a password, which proves the address
 * and hands over what was bought. Runs in the purchase's transaction; call kickMailer() after it
 * commits.
 */
export async function queueLoginDetails(
  trx: Database,
  user: UserRecord,
  origin: string,
  receipt?: Receipt,
  alsoAdded?: readonly string[],
) {
  const brand = env().BRAND_NAME;
  const loginUrl = `${origin}/login`;
  const email =
    user.passwordHash && user.emailVerified
      ? purchaseAddedEmail({ brand, name: user.name, loginUrl, receipt, alsoAdded })
      : setPasswordEmail({
          brand,
          name: user.name,
          loginUrl,
          receipt,
          alsoAdded,
          link: resetLink(origin, await issueResetToken(trx, user.id)),
        });
  await enqueueEmail(trx, { to: user.email, ...email });
}

/** An admin's 'Send sign-in link': a single-use link to choose a password, queued in the caller's transaction. */
export async function queueSignInLink(
  trx: Database,
  user: { id: string; email: string; name: string },
  origin: string,
) {
  const link = resetLink(origin, await issueResetToken(trx, user.id));
  await enqueueEmail(trx, {
    to: user.email,
    ...signInLinkEmail({ brand: env().BRAND_NAME, name: user.name, link, loginUrl: `${origin}/login` }),
  });
}
