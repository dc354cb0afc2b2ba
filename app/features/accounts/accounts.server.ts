import { RESET_TOKEN_HOURS, resetPasswordEmail, signInLinkEmail, VERIFY_TOKEN_HOURS, verifyEmailEmail } from "./emails";
import { db, type Database } from "~/platform/db/db.server";
import { env } from "~/platform/env.server";
import { hashPassword } from "~/platform/password.server";
import { enqueueEmail } from "~/platform/mail/outbox.server";
import * as singleUseToken from "~/platform/single-use-token.server";
import { formatDay } from "~/platform/dates";
import {
  credentialsChanged,
  findUserByEmail,
  findUserById,
  markEmailVerified,
  markOwnerProven,
  normalizeEmail,
  setPassword,
} from "./users.server";
import { claimHeldForAddress, hasHeldForAddress, queueClaimLink } from "./purchase-claims.server";
import { kickMailer } from "~/platform/mail/sender.server";
import { communityFor } from "./paid-access.server";
import { asMailRequester, type Requester } from "./known-device.server";
import { maskedEmail } from "./masked-email";
import { mailBudgetAllows, RATE_LIMITS } from "~/platform/rate-limit/rate-limit.server";

const resetLink = (origin: string, token: string) => `${origin}/reset-password?${new URLSearchParams({ token })}`;
const verifyLink = (origin: string, token: string) => `${origin}/verify-email?${new URLSearchParams({ token })}`;

/**
 * A reset (also set-password and admin sign-in) link for the user. The set-password and sign-in
 * links end every older unused one, so only the latest mail works; a /forgot-password link ends
 * none (`keepOthers`): anyone may ask for one, and a stranger's request must not cancel the
 * owner's link (decision 046). Using any of them ends all (the credential epoch).
 */
const issueResetToken = (trx: Database, userId: string, keepOthers = false) =>
  singleUseToken.issue(trx, {
    purpose: "password_reset",
    userId,
    hours: RESET_TOKEN_HOURS,
    replaceUnused: !keepOthers,
  });

/** A set-password link for the user (a reset link that ends every older unused one). */
export async function issuePasswordLink(trx: Database, userId: string, origin: string): Promise<string> {
  return resetLink(origin, await issueResetToken(trx, userId));
}

/** Whether a reset link can still be used. */
async function isResetTokenUsable(token: string): Promise<boolean> {
  return (await singleUseToken.peek("password_reset", token)) !== null;
}

/**
 * The account a reset (or set-password) link is for, masked ("j•••@example.com"), or null when
 * the link can no longer be used: its page names it, since setting the password also signs the
 * browser in (issue 41, decision 069), and otherwise says the link has expired.
 */
export async function resetLinkAccount(token: string): Promise<string | null> {
  const grant = await singleUseToken.peek("password_reset", token);
  const user = grant ? await findUserById(grant.userId) : undefined;
  return user ? maskedEmail(user.email) : null;
}

/** Whether a verification link can still be used. */
export async function isVerificationTokenUsable(token: string): Promise<boolean> {
  return (await singleUseToken.peek("email_verification", token)) !== null;
}

/**
 * /forgot-password: when the account exists and the budgets allow (rate-limit.server
 * `mailBudgetAllows`, as for sign-in links), a reset link is queued in one
 * transaction with its token. Earlier links stay valid. The caller's reply is the same in every
 * case (no account, over budget, sent), so it reveals neither who has an account nor the budget.
 * While marketplace purchases are held for the address (decision 048), the link is a fresh claim
 * link instead: it also ends whatever a stranger set up on the account.
 */
export async function requestPasswordReset(email: string, origin: string, requester: Requester) {
  const address = normalizeEmail(email);
  const user = await findUserByEmail(address);
  const budget = {
    perRequester: RATE_LIMITS.passwordResetPerRequester,
    perEmail: RATE_LIMITS.passwordResetPerEmail,
    perNetwork: RATE_LIMITS.passwordResetPerNetwork,
    perDevice: RATE_LIMITS.passwordResetPerDevice,
  };
  if (!(await mailBudgetAllows(budget, address, await asMailRequester(requester, user?.id ?? null)))) return;
  if (!user) return;
  await db()
    .transaction()
    .execute(async (trx) => {
      if (await hasHeldForAddress(trx, user.email)) return queueClaimLink(trx, user, origin);
      const token = await issueResetToken(trx, user.id, true);
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
 * every session and every other link of the account ends (an email-change link an intruder asked
 * for among them: decision 046). Null for a bad token.
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
      // The link was mailed to the address and its user chose the password: the owner is proven.
      const email = await markOwnerProven(trx, userId);
      await claimHeldForAddress(trx, userId, email);
      await credentialsChanged(trx, userId, null);
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
        .select(["email", "name", "created_at"])
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
        ...verifyEmailEmail({
          brand: env().BRAND_NAME,
          name: user.name,
          link: verifyLink(origin, token),
          account: { name: user.name, created: formatDay(user.created_at) },
        }),
      });
    });
  kickMailer();
}

/**
 * Uses a verification link: the address is proven. The owner of the address may click a link for
 * an account someone else created, so that alone does NOT make the account's holder proven, nor
 * claim marketplace orders held for the address (decision 048). Used from a browser signed in to
 * this very account (`sessionUserId`), it does both: whoever holds the password reads the mail.
 */
export async function verifyEmail(token: string, sessionUserId: string | null): Promise<boolean> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const userId = (await singleUseToken.consume(trx, "email_verification", token))?.userId;
      if (!userId) return false;
      if (userId === sessionUserId) await claimHeldForAddress(trx, userId, await markOwnerProven(trx, userId));
      else await markEmailVerified(trx, userId);
      return true;
    });
}

/**
 * An account made through a lead's signup link (decision 054): the password was just chosen by
 * whoever reads the address's mail, so the holder is proven as a set-password link proves it, and
 * marketplace orders held for the address join it. The starter product follows by trigger.
 */
export async function proveLeadAddress(userId: string): Promise<void> {
  await db()
    .transaction()
    .execute(async (trx) => {
      await claimHeldForAddress(trx, userId, await markOwnerProven(trx, userId));
    });
}

/** An admin's 'Send sign-in link': a single-use link to choose a password, queued in the caller's transaction. */
export async function queueSignInLink(
  trx: Database,
  user: { id: string; email: string; name: string },
  origin: string,
) {
  const link = await issuePasswordLink(trx, user.id, origin);
  await enqueueEmail(trx, {
    to: user.email,
    ...signInLinkEmail({
      brand: env().BRAND_NAME,
      name: user.name,
      link,
      loginUrl: `${origin}/login`,
      community: await communityFor(trx, user.id),
    }),
  });
}
