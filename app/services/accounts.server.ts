import { purchaseAddedEmail, resetPasswordEmail, setPasswordEmail, signInLinkEmail, type Receipt } from "~/lib/emails";
import { db, type Database } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { hashPassword } from "~/infra/password.server";
import { enqueueEmail } from "~/models/outbox.server";
import { consumeResetToken, createResetToken, deleteUnusedResetTokens } from "~/models/password-reset.server";
import { deleteAllSessionsOfUser } from "~/models/session.server";
import { findUserByEmail, setPassword, type UserRecord } from "~/models/user.server";
import { kickMailer } from "./mail.server";

const resetLink = (origin: string, token: string) => `${origin}/reset-password?${new URLSearchParams({ token })}`;

/**
 * /forgot-password: when the account exists, a reset link is queued in one transaction with its
 * token. The caller's reply is the same either way, so it never reveals who has an account.
 */
export async function requestPasswordReset(email: string, origin: string) {
  const user = await findUserByEmail(email);
  if (!user) return;
  await db()
    .transaction()
    .execute(async (trx) => {
      const token = await createResetToken(trx, user.id);
      await enqueueEmail(trx, { to: user.email, ...resetPasswordEmail({ brand: env().BRAND_NAME, link: resetLink(origin, token) }) });
    });
  kickMailer();
}

/**
 * Sets a new password with a reset token: the token is used up, every other link and every
 * session of the user ends, all in one transaction. Returns the user, or null for a bad token.
 */
export async function resetPassword(token: string, password: string): Promise<{ userId: string } | null> {
  const passwordHash = await hashPassword(password); // slow: before the transaction, not inside it
  return db()
    .transaction()
    .execute(async (trx) => {
      const userId = await consumeResetToken(trx, token);
      if (!userId) return null;
      await setPassword(userId, passwordHash, trx);
      await deleteUnusedResetTokens(trx, userId);
      await deleteAllSessionsOfUser(userId, trx);
      return { userId };
    });
}

/**
 * Tells a buyer who paid elsewhere how to get in: a link to set a password when the account has
 * none yet, else a note that the purchase is on their account, with the purchase's receipt. Runs in the purchase's transaction;
 * call kickMailer() after it commits.
 */
export async function queueLoginDetails(trx: Database, user: UserRecord, origin: string, receipt?: Receipt) {
  const brand = env().BRAND_NAME;
  const loginUrl = `${origin}/login`;
  const email = user.passwordHash
    ? purchaseAddedEmail({ brand, name: user.name, loginUrl, receipt })
    : setPasswordEmail({ brand, name: user.name, loginUrl, receipt, link: resetLink(origin, await createResetToken(trx, user.id)) });
  await enqueueEmail(trx, { to: user.email, ...email });
}

/** An admin's 'Send sign-in link': a single-use link to choose a password, queued in the caller's transaction. */
export async function queueSignInLink(trx: Database, user: { id: string; email: string; name: string }, origin: string) {
  const link = resetLink(origin, await createResetToken(trx, user.id));
  await enqueueEmail(trx, { to: user.email, ...signInLinkEmail({ brand: env().BRAND_NAME, name: user.name, link, loginUrl: `${origin}/login` }) });
}
