import { db } from "~/platform/db/db.server";
import { env } from "~/platform/env.server";
import { twoFactorRemovedEmail } from "~/features/accounts";
import { writeAudit } from "~/platform/audit.server";
import { enqueueEmail, makeFailedEmailDue } from "~/platform/mail/outbox.server";
import {
  listActiveSessions,
  deleteFactors,
  findTotpFactor,
  credentialsChanged,
  queueSignInLink,
} from "~/features/accounts/index.server";
import { kickMailer } from "~/platform/mail/sender.server";

/**
 * What an admin can do for a member from the admin panel. Each action and its audit row are
 * one transaction, so the log never claims what did not happen, nor misses what did.
 */
type Admin = { id: string; email: string };
type Member = { id: string; email: string; name: string };

export async function sendSignInLink(admin: Admin, member: Member, origin: string) {
  await db()
    .transaction()
    .execute(async (trx) => {
      await queueSignInLink(trx, member, origin);
      await writeAudit(trx, { admin, action: "send_sign_in_link", memberId: member.id, details: { to: member.email } });
    });
  kickMailer();
}

/**
 * Ends every session of the member and voids every link mailed to them before (the credential
 * epoch, decision 046): whoever the admin is locking out keeps no way back in from a mailbox.
 * Returns how many sessions were active.
 */
export async function signOutEverywhere(admin: Admin, member: Member): Promise<number> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const active = (await listActiveSessions(member.id, trx)).length;
      await credentialsChanged(trx, member.id, null);
      await writeAudit(trx, { admin, action: "sign_out_sessions", memberId: member.id, details: { sessions: active } });
      return active;
    });
}

/**
 * 'Remove two-factor' (a member who lost their authentication app): the factor and recovery codes
 * go, with every half-finished two-factor sign-in and every session of the member (whoever holds
 * one got in with the factor now removed), and the member's address gets a notice. False (and no
 * audit row) when the member had no factor on.
 */
export async function removeTwoFactor(admin: Admin, member: Member): Promise<boolean> {
  const removed = await db()
    .transaction()
    .execute(async (trx) => {
      const factor = await findTotpFactor(member.id, trx);
      if (factor?.status !== "verified") return false;
      await deleteFactors(trx, member.id);
      // A credential changed: every session, half-finished sign-in and mailed link ends (decision 046).
      const { sessions } = await credentialsChanged(trx, member.id, null);
      const { BRAND_NAME: brand, SUPPORT_EMAIL: support } = env();
      await enqueueEmail(trx, { to: member.email, ...twoFactorRemovedEmail({ brand, support, name: member.name }) });
      await writeAudit(trx, { admin, action: "remove_two_factor", memberId: member.id, details: { sessions } });
      return true;
    });
  if (removed) kickMailer();
  return removed;
}

/** 'Retry now' on a failed message; false when it is not a failed message. */
export async function retryFailedEmail(admin: Admin, emailId: string): Promise<boolean> {
  const retried = await db()
    .transaction()
    .execute(async (trx) => {
      const message = await makeFailedEmailDue(trx, emailId);
      if (!message) return false;
      await writeAudit(trx, {
        admin,
        action: "retry_email",
        memberId: null,
        details: { emailId, to: message.to, subject: message.subject },
      });
      return true;
    });
  if (retried) kickMailer();
  return retried;
}
