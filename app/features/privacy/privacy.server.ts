import { db, type Database } from "~/platform/db/db.server";
import { env } from "~/platform/env.server";
import { accountDeletedEmail, confirmDeletionEmail, DELETION_LINK_HOURS } from "./emails";
import { readTypedCode } from "~/features/accounts";
import { writeAudit } from "~/platform/audit.server";
import { enqueueEmail } from "~/platform/mail/outbox.server";
import {
  deleteLeadRows,
  erasePerson,
  gatherPersonalData,
  lockUserForErasure,
  newPseudonym,
  scrubText,
  type PersonalData,
} from "./privacy-store.server";
import {
  hasVerifiedFactor,
  findUserByEmail,
  findUserById,
  lockAdmins,
  normalizeEmail,
  checkCode,
} from "~/features/accounts/index.server";
import * as singleUseToken from "~/platform/single-use-token.server";
import { kickMailer } from "~/platform/mail/sender.server";
import { checkRateLimits, RATE_LIMITS } from "~/platform/rate-limit/rate-limit.server";
import { verifyCurrentPassword, type Asker } from "~/features/accounts/index.server";

/**
 * The privacy rights of the policy's §7 (issue 29, decision 056): a copy of one's data, and
 * erasure, by the member or by an admin on request. Both erasures are the same: `eraseAccount`.
 */
export type PrivacyResult = { ok: true; pseudonym: string } | { ok: false; message: string };

export const LAST_ADMIN = "The last admin cannot be erased: promote another admin first.";
export const EMAIL_MISMATCH = "Type the account's email address exactly to confirm.";
const GONE = "This account no longer exists.";

async function limited(userId: string): Promise<string | null> {
  const verdict = await checkRateLimits([[RATE_LIMITS.privacyPerUser, userId]]);
  return verdict.allowed ? null : verdict.message;
}

/**
 * Erases an account in one transaction (features/privacy/privacy-store.server.ts `erasePerson`): every session
 * ends, everything naming the person is deleted, orders stay under a random pseudonym, one audit
 * row names the pseudonym, and a last message tells the address (its outbox row goes once sent).
 * The last admin is never erased.
 */
export async function eraseAccount(
  userId: string,
  by: { kind: "member" } | { kind: "admin"; admin: { id: string; email: string }; reason: string },
): Promise<PrivacyResult> {
  const result = await db()
    .transaction()
    .execute((trx) => eraseInTransaction(trx, userId, by));
  if (result.ok) kickMailer();
  return result;
}

async function eraseInTransaction(
  trx: Database,
  userId: string,
  by: { kind: "member" } | { kind: "admin"; admin: { id: string; email: string }; reason: string },
): Promise<PrivacyResult> {
  // Admins first, in id order (the admin command's order), so two erasures of the last two
  // admins cannot both see the other remaining.
  const admins = await lockAdmins(trx);
  const person = await lockUserForErasure(trx, userId);
  if (!person) return { ok: false, message: GONE };
  if (person.is_admin && admins.filter((id) => id !== person.id).length === 0) {
    return { ok: false, message: LAST_ADMIN };
  }
  const pseudonym = newPseudonym();
  await erasePerson(trx, person, pseudonym, by.kind);
  await writeAudit(trx, {
    admin: by.kind === "admin" ? by.admin : { id: null, email: "member" },
    action: by.kind === "admin" ? "erase_member" : "delete_account",
    memberId: null,
    details: {
      pseudonym,
      ...(by.kind === "admin" ? { reason: scrubText(by.reason, person, pseudonym) } : {}),
    },
  });
  const { BRAND_NAME: brand, SUPPORT_EMAIL: support } = env();
  await enqueueEmail(
    trx,
    { to: person.email, ...accountDeletedEmail({ brand, support, byRequest: by.kind === "admin" }) },
    { forgetWhenSent: true },
  );
  return { ok: true, pseudonym };
}

/** What 'Delete my account' did: erased, or (an account without a password) mailed its link. */
export type DeletionResult = PrivacyResult | { ok: "link-sent"; message: string };

export const DELETION_LINK_SENT =
  "We sent a link to your email address: open it within an hour to delete your account.";
export const DELETION_LINK_UNUSABLE = "This link has expired or has already been used.";

/** 'Privacy and data' (/account/privacy): what its 'Delete my account' form has to ask for. */
export async function memberPrivacyView(user: { id: string; email: string; hasTwoFactor: boolean }) {
  const record = await findUserById(user.id);
  // A marketplace buyer may have no password: 'Delete my account' then mails a link instead.
  return { email: user.email, hasTwoFactor: user.hasTwoFactor, hasPassword: Boolean(record?.passwordHash) };
}

/**
 * 'Delete my account' on /account/privacy: the address typed to confirm, the current password (through
 * the one throttle) and, with two-factor on, a current code. A wrong answer changes nothing. An
 * account without a password (a marketplace buyer who never set one) gets an emailed link
 * instead of the password check: the deletion happens when it is used.
 */
export async function deleteOwnAccount(
  asker: Asker,
  input: { typedEmail: string; password: string; code: string | undefined },
  origin: string,
): Promise<DeletionResult> {
  const refused = await limited(asker.user.id);
  if (refused) return { ok: false, message: refused };
  if (normalizeEmail(input.typedEmail) !== normalizeEmail(asker.user.email)) {
    return { ok: false, message: EMAIL_MISMATCH };
  }
  const account = await findUserById(asker.user.id);
  if (!account) return { ok: false, message: GONE };
  if (account.passwordHash) {
    const proved = await verifyCurrentPassword(asker, input.password);
    if (!proved.ok) return proved;
  }
  if (await hasVerifiedFactor(asker.user.id)) {
    const code = await checkCode(asker.user.id, readTypedCode(input.code));
    if (!code.ok) return code;
  }
  if (account.passwordHash) return eraseAccount(asker.user.id, { kind: "member" });
  await db()
    .transaction()
    .execute(async (trx) => {
      const token = await singleUseToken.issue(trx, {
        purpose: "account_deletion",
        userId: account.id,
        hours: DELETION_LINK_HOURS,
        replaceUnused: true,
      });
      await enqueueEmail(trx, {
        to: account.email,
        ...confirmDeletionEmail({
          brand: env().BRAND_NAME,
          name: account.name,
          link: `${origin}/account/delete?${new URLSearchParams({ token })}`,
        }),
      });
    });
  kickMailer();
  return { ok: "link-sent", message: DELETION_LINK_SENT };
}

/**
 * The address of the account a deletion link would delete, while the link can still be used (the
 * page names it above its button); null when it cannot.
 */
export async function deletionLinkAccount(token: string): Promise<string | null> {
  const grant = await singleUseToken.peek("account_deletion", token);
  return grant ? ((await findUserById(grant.userId))?.email ?? null) : null;
}

/** The deletion link used: the link is spent and the account erased in one transaction. */
export async function eraseAccountByLink(token: string): Promise<PrivacyResult> {
  const result = await db()
    .transaction()
    .execute(async (trx): Promise<PrivacyResult> => {
      const grant = await singleUseToken.consume(trx, "account_deletion", token);
      if (!grant) return { ok: false, message: DELETION_LINK_UNUSABLE };
      return eraseInTransaction(trx, grant.userId, { kind: "member" });
    });
  if (result.ok) kickMailer();
  return result;
}

/** 'Erase member' on /admin/members/{id}: a reason, and the member's address typed to confirm. */
export async function eraseMemberByAdmin(
  admin: { id: string; email: string },
  member: { id: string; email: string },
  input: { reason: string; typedEmail: string },
): Promise<PrivacyResult> {
  const refused = await limited(admin.id);
  if (refused) return { ok: false, message: refused };
  const reason = input.reason.trim();
  if (!reason) return { ok: false, message: "Give the reason for the erasure (e.g. the request's date and channel)." };
  if (normalizeEmail(input.typedEmail) !== normalizeEmail(member.email)) return { ok: false, message: EMAIL_MISMATCH };
  return eraseAccount(member.id, { kind: "admin", admin, reason: reason.slice(0, 500) });
}

/**
 * 'Delete lead' on /admin/leads (the list issue's page calls this; decision 056). An address with
 * no account is erased as a person: its lead row, the messages to it, its counters, and any
 * marketplace sale waiting for it (kept under a pseudonym). An address that has an account loses
 * only its lead row: the member's account is erased with 'Erase member', not from the list.
 * Audited with the pseudonym.
 */
export async function eraseLead(admin: { id: string; email: string }, email: string): Promise<PrivacyResult> {
  // No per-account limit here: an admin clearing a list of spam leads is not a member's
  // self-service request; every deletion is audited.
  const address = normalizeEmail(email);
  const result = await db()
    .transaction()
    .execute(async (trx): Promise<PrivacyResult> => {
      const pseudonym = newPseudonym();
      const member = await findUserByEmail(address, trx);
      if (member) await deleteLeadRows(trx, address);
      else await erasePerson(trx, { id: null, email: address, name: "", owns_address: true }, pseudonym, "admin");
      await writeAudit(trx, {
        admin,
        action: "erase_lead",
        memberId: null,
        details: { pseudonym: member ? null : pseudonym, accountKept: Boolean(member) },
      });
      return { ok: true, pseudonym };
    });
  return result;
}

/** The downloadable copy: `version` names its shape; dates are ISO strings; no secret of any kind. */
export function describePersonalData(data: PersonalData, exportedAt: Date) {
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  return {
    version: 1,
    exportedAt: exportedAt.toISOString(),
    profile: {
      id: data.user.id,
      email: data.user.email,
      name: data.user.name,
      admin: data.user.is_admin,
      emailVerifiedAt: iso(data.user.email_verified_at),
      ownerProvenAt: iso(data.user.owner_proven_at),
      createdAt: iso(data.user.created_at),
      updatedAt: iso(data.user.updated_at),
      // 'Email preferences' on /account (decision 054): null while product news is on.
      productNewsTurnedOffAt: iso(data.user.news_opt_out_at),
    },
    orders: data.orders.map((order) => {
      const marketplace = data.marketplaceBuyerNames.find((row) => row.id === order.id);
      return {
        reference: order.id,
        source: order.source,
        date: iso(order.created_at),
        product: order.product_name ?? order.product,
        amountCents: order.amount_cents,
        currency: order.currency,
        status: order.status,
        refundedAt: iso(order.refunded_at),
        providerReference: order.reference,
        receipt: `/account/purchases/${order.id}`,
        ...(marketplace ? { buyerEmail: marketplace.buyer_email, buyerName: marketplace.buyer_name } : {}),
      };
    }),
    entitlements: data.entitlements.map((row) => ({
      product: row.name,
      productKey: row.product_key,
      source: row.source_kind,
      sourceReference: row.source_ref,
      grantedAt: iso(row.granted_at),
      expiresAt: iso(row.expires_at),
      revokedAt: iso(row.revoked_at),
      revokeReason: row.revoke_reason,
    })),
    complimentaryAccess: data.grants.map((row) => ({
      productKey: row.product_key,
      reason: row.reason,
      grantedAt: iso(row.created_at),
      expiresAt: iso(row.expires_at),
      revokedAt: iso(row.revoked_at),
    })),
    progress: data.progress.map((row) => ({
      course: row.course,
      chapter: row.chapter,
      lastViewedAt: iso(row.last_viewed_at),
      completedAt: iso(row.completed_at),
    })),
    certificates: data.certificates.map((row) => ({
      code: row.code,
      name: row.recipient_name,
      course: row.course_title,
      completedAt: iso(row.completed_at),
    })),
    consents: data.consents.map((row) => ({
      choice: row.choice,
      bannerVersion: row.banner_version,
      userAgent: row.user_agent,
      at: iso(row.created_at),
    })),
    sessions: data.sessions.map((row) => ({
      userAgent: row.user_agent,
      assurance: row.aal,
      startedAt: iso(row.created_at),
      lastSeenAt: iso(row.last_seen_at),
      expiresAt: iso(row.expires_at),
    })),
    knownDevices: data.devices.map((row) => ({
      device: row.device,
      firstSeenAt: iso(row.first_seen_at),
      lastSeenAt: iso(row.last_seen_at),
    })),
    twoFactor: data.factors.map((row) => ({
      type: row.factor_type,
      status: row.status,
      createdAt: iso(row.created_at),
      verifiedAt: iso(row.verified_at),
    })),
    emails: data.emails.map((row) => ({
      subject: row.subject,
      queuedAt: iso(row.created_at),
      sentAt: iso(row.sent_at),
    })),
    leads: data.leads.map((row) => ({
      email: row.email,
      name: row.name,
      source: row.source,
      createdAt: iso(row.created_at),
      unsubscribedAt: iso(row.unsubscribed_at),
    })),
    customSaasApplications: data.customSaas.map((row) => ({
      projectName: row.project_name,
      description: row.description,
      availability: row.availability,
      hosting: row.hosting,
      status: row.status,
      createdAt: iso(row.created_at),
    })),
  };
}

/**
 * One account's data as a JSON download (`Content-Disposition: attachment`), for the member or
 * for an admin (audited then). Null when the account is gone; a refusal when rate-limited.
 */
export async function exportPersonalData(
  userId: string,
  by: { kind: "member" } | { kind: "admin"; admin: { id: string; email: string } },
): Promise<{ ok: true; body: string; fileName: string } | { ok: false; message: string }> {
  const refused = await limited(by.kind === "admin" ? by.admin.id : userId);
  if (refused) return { ok: false, message: refused };
  const data = await gatherPersonalData(userId);
  if (!data) return { ok: false, message: GONE };
  const exportedAt = new Date();
  await db()
    .transaction()
    .execute((trx) =>
      writeAudit(trx, {
        admin: by.kind === "admin" ? by.admin : { id: null, email: "member" },
        action: "export_data",
        memberId: userId,
        details: {},
      }),
    );
  const day = exportedAt.toISOString().slice(0, 10);
  return {
    ok: true,
    body: JSON.stringify(describePersonalData(data, exportedAt), null, 2),
    fileName: `personal-data-${day}.json`,
  };
}

/** The response of a download: a file, never cached, never sniffed. */
export function personalDataResponse(file: { body: string; fileName: string }): Response {
  return new Response(file.body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
