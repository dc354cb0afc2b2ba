import { db } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { hashPassword } from "~/infra/password.server";
import {
  confirmEmailChangeEmail,
  EMAIL_CHANGE_TOKEN_HOURS,
  emailChangedEmail,
  passwordChangedEmail,
} from "~/lib/emails";
import { enqueueEmail } from "~/models/outbox.server";
import { deleteOtherSessionsOfUser } from "~/models/session.server";
import * as singleUseToken from "~/models/single-use-token.server";
import { changeEmail, findUserById, normalizeEmail, setPassword } from "~/models/user.server";
import { queueEmailVerification } from "./accounts.server";
import { kickMailer } from "./mail.server";
import { checkRateLimits, RATE_LIMITS } from "./rate-limit.server";
import { verifyCurrentPassword, type Asker } from "./reauthentication.server";

/** What /account changes. Each returns the words for the flash message. */
export type SettingResult = { ok: boolean; message: string };

const confirmLink = (origin: string, token: string) =>
  `${origin}/account/confirm-email?${new URLSearchParams({ token })}`;

/** The address an email-change link moves the account to (issued with `{ newEmail }`). */
const newEmailOf = (grant: singleUseToken.TokenGrant | null): string | null =>
  typeof grant?.data?.newEmail === "string" ? grant.data.newEmail : null;

/** The address a live email-change link would move to, or null. */
export async function findEmailChange(token: string): Promise<{ newEmail: string } | null> {
  const newEmail = newEmailOf(await singleUseToken.peek("email_change", token));
  return newEmail ? { newEmail } : null;
}

async function mailAllowed(userId: string): Promise<SettingResult | null> {
  const verdict = await checkRateLimits([[RATE_LIMITS.accountMailPerUser, userId]]);
  return verdict.allowed ? null : { ok: false, message: verdict.message };
}

/**
 * Asks to move the account to `newEmail`: a link goes to the new address, and nothing changes
 * until it is used. The answer is the same whether or not another account has that address.
 */
export async function requestEmailChange(
  user: { id: string; email: string; name: string },
  input: { email: string; currentPassword: string },
  origin: string,
  asker: Asker,
): Promise<SettingResult> {
  const newEmail = normalizeEmail(input.email);
  if (newEmail === normalizeEmail(user.email)) return { ok: false, message: "That is already your email address." };
  // Every password check goes through the one throttle (decision 047).
  const proved = await verifyCurrentPassword(asker, input.currentPassword);
  if (!proved.ok) return proved;
  const refused = await mailAllowed(user.id);
  if (refused) return refused;
  await db()
    .transaction()
    .execute(async (trx) => {
      // The user's older unused links end: only the latest address asked for can be confirmed.
      const token = await singleUseToken.issue(trx, {
        purpose: "email_change",
        userId: user.id,
        hours: EMAIL_CHANGE_TOKEN_HOURS,
        data: { newEmail },
        replaceUnused: true,
      });
      await enqueueEmail(trx, {
        to: newEmail,
        ...confirmEmailChangeEmail({ brand: env().BRAND_NAME, name: user.name, link: confirmLink(origin, token) }),
      });
    });
  kickMailer();
  return { ok: true, message: `We sent a link to ${newEmail}. Your email address changes when you open it.` };
}

/**
 * Uses an email-change link: the account moves to the new (now proven) address and the old
 * address gets a notice, in one transaction. Refused when the link is unusable or another
 * account took the address meanwhile.
 */
export async function confirmEmailChange(token: string): Promise<SettingResult> {
  const unusable = { ok: false, message: "This link has expired or has already been used." };
  const result = await db()
    .transaction()
    .execute(async (trx) => {
      const grant = await singleUseToken.consume(trx, "email_change", token);
      const newEmail = newEmailOf(grant);
      if (!grant || !newEmail) return unusable;
      const before = await findUserById(grant.userId, trx);
      if (!before) return unusable;
      if (!(await changeEmail(trx, grant.userId, newEmail))) {
        return {
          ok: false,
          message: "This address cannot be used for your account. Choose another one from your account page.",
        };
      }
      const { BRAND_NAME: brand, SUPPORT_EMAIL: support } = env();
      await enqueueEmail(trx, {
        to: before.email,
        ...emailChangedEmail({ brand, support, name: before.name, newEmail }),
      });
      return { ok: true, message: `Your email address is now ${newEmail}.` };
    });
  if (result.ok) kickMailer();
  return result;
}

/**
 * A new password for the current one. Every other session ends (this one stays signed in),
 * unused reset links end, and the address gets a notice, in one transaction.
 */
export async function changePassword(
  user: { id: string; email: string; name: string },
  input: { currentPassword: string; newPassword: string },
  asker: Asker,
): Promise<SettingResult> {
  const proved = await verifyCurrentPassword(asker, input.currentPassword);
  if (!proved.ok) return proved;
  const keepSessionIdHash = asker.sessionIdHash;
  const passwordHash = await hashPassword(input.newPassword); // slow: before the transaction
  await db()
    .transaction()
    .execute(async (trx) => {
      await setPassword(user.id, passwordHash, trx);
      await singleUseToken.voidUnused(trx, user.id, ["password_reset"]);
      await deleteOtherSessionsOfUser(user.id, keepSessionIdHash, trx);
      const { BRAND_NAME: brand, SUPPORT_EMAIL: support } = env();
      await enqueueEmail(trx, { to: user.email, ...passwordChangedEmail({ brand, support, name: user.name }) });
    });
  kickMailer();
  return { ok: true, message: "Your password was changed. Every other session was signed out." };
}

/** 'Resend verification email' on /account, limited per account. */
export async function resendVerification(
  user: { id: string; emailVerified: boolean },
  origin: string,
): Promise<SettingResult> {
  if (user.emailVerified) return { ok: true, message: "Your email address is already verified." };
  const refused = await mailAllowed(user.id);
  if (refused) return refused;
  await queueEmailVerification(user.id, origin);
  return { ok: true, message: "We sent a new verification link to your email address." };
}
