import { db } from "~/platform/db/db.server";
import { formatDay } from "~/platform/dates";
import { env } from "~/platform/env.server";
import { hashPassword } from "~/platform/password.server";
import { confirmEmailChangeEmail, EMAIL_CHANGE_TOKEN_HOURS, emailChangedEmail, passwordChangedEmail } from "./emails";
import { enqueueEmail } from "~/platform/mail/outbox.server";
import { writeAudit } from "~/platform/audit.server";
import * as singleUseToken from "~/platform/single-use-token.server";
import { changeEmail, credentialsChanged, findUserById, normalizeEmail, setPassword } from "./users.server";
import { claimHeldForAddress } from "./purchase-claims.server";
import { queueEmailVerification } from "./accounts.server";
import { kickMailer } from "~/platform/mail/sender.server";
import { checkRateLimits, RATE_LIMITS } from "~/platform/rate-limit/rate-limit.server";
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
  const account = await findUserById(user.id);
  if (!account) return { ok: false, message: "Your current password is not correct." };
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
        ...confirmEmailChangeEmail({
          brand: env().BRAND_NAME,
          name: user.name,
          link: confirmLink(origin, token),
          account: { name: account.name, created: formatDay(account.createdAt) },
        }),
      });
    });
  kickMailer();
  return { ok: true, message: `We sent a link to ${newEmail}. Your email address changes when you open it.` };
}

/**
 * Uses an email-change link: the account moves to the new (now proven) address, every session but
 * the confirming browser's (when it is signed in to this account) ends, every other link mailed
 * before stops working (a reset link sent to the old address among them: decision 046), and the
 * old address gets a notice, in one transaction. Refused when the link is unusable or another
 * account took the address meanwhile. Used from a browser signed in to this account, whoever holds
 * the password also reads the new address's mail: the account is proven and marketplace orders
 * held for that address join it. Used anywhere else, the new address's owner may never have seen
 * the account, so it is unproven (decision 048).
 */
export async function confirmEmailChange(
  token: string,
  confirming: { userId: string | null; sessionIdHash: string | null },
): Promise<SettingResult> {
  const unusable = { ok: false, message: "This link has expired or has already been used." };
  const result = await db()
    .transaction()
    .execute(async (trx) => {
      const grant = await singleUseToken.consume(trx, "email_change", token);
      const newEmail = newEmailOf(grant);
      if (!grant || !newEmail) return unusable;
      const before = await findUserById(grant.userId, trx);
      if (!before) return unusable;
      const ownerProven = grant.userId === confirming.userId;
      if (!(await changeEmail(trx, grant.userId, newEmail, ownerProven))) {
        return {
          ok: false,
          message: "This address cannot be used for your account. Choose another one from your account page.",
        };
      }
      if (ownerProven) await claimHeldForAddress(trx, grant.userId, newEmail);
      // The earlier address, kept so an erasure finds the mail sent to it while it was this
      // person's (decision 056); the audit log's retention bounds how long.
      await writeAudit(trx, {
        admin: { id: null, email: "member" },
        action: "change_email",
        memberId: grant.userId,
        details: { from: normalizeEmail(before.email), to: newEmail },
      });
      await credentialsChanged(trx, grant.userId, ownerProven ? confirming.sessionIdHash : null);
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
 * every link mailed before stops working (decision 046), and the address gets a notice, in one
 * transaction.
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
      await credentialsChanged(trx, user.id, keepSessionIdHash);
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
