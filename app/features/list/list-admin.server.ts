import { db } from "~/platform/db/db.server";
import { env } from "~/platform/env.server";
import { markdownEmail } from "~/platform/mail/markdown-email.server";
import { AUDIENCE_LABELS, EMPTY_AUDIENCE, marketingFooter, type Audience } from "./marketing-email";
import type { ListAdminInput } from "./list-admin-forms";
import {
  countAudience,
  createAnnouncement,
  getAnnouncement,
  sendAnnouncement,
  type Announcement,
} from "./announcement.server";
import { writeAudit } from "~/platform/audit.server";
import { searchLeads, streamLeads } from "./lead-store.server";
import { updateSequenceStep } from "./sequence.server";
import { csvResponse } from "~/platform/csv.server";
import { kickMailer } from "~/platform/mail/sender.server";

/**
 * The admin side of the list (decision 054): leads, the training sequence, announcements. Every
 * action is audited in its own transaction.
 */
type Admin = { id: string; email: string };

export const LEADS_PER_PAGE = 50;

export async function leadsPage(admin: Admin, query: { q: string; page: number }) {
  const page = await searchLeads({ ...query, perPage: LEADS_PER_PAGE });
  await writeAudit(db(), { admin, action: "view_leads", memberId: null, details: query });
  return page;
}

/** The CSV of the leads matching the search; every text cell formula-safe (csv-export). */
export async function leadsCsv(admin: Admin, q: string): Promise<Response> {
  await writeAudit(db(), { admin, action: "export_leads", memberId: null, details: { q } });
  async function* rows() {
    for await (const lead of streamLeads(q)) {
      yield [lead.email, lead.name, lead.source, lead.createdAt.toISOString(), lead.status];
    }
  }
  return csvResponse(
    `leads-${new Date().toISOString().slice(0, 10)}.csv`,
    ["email", "name", "source", "date", "status"],
    rows(),
  );
}

export async function saveSequenceStep(admin: Admin, input: ListAdminInput["step"]) {
  return db()
    .transaction()
    .execute(async (trx) => {
      const saved = await updateSequenceStep(trx, { ...input, adminId: admin.id });
      if (saved) {
        await writeAudit(trx, {
          admin,
          action: "edit_sequence_step",
          memberId: null,
          details: { stepId: saved.id, position: saved.position, delayHours: saved.delayHours, subject: saved.subject },
        });
      }
      return saved;
    });
}

export const POSTAL_ADDRESS_MISSING =
  "Set MAIL_POSTAL_ADDRESS (the sender's postal address) before sending announcements: every marketing email must carry it.";

/** 'Preview': the draft is saved (its id is what 'Send' confirms); refused without a postal address. */
export async function draftAnnouncement(
  admin: Admin,
  input: ListAdminInput["announcement"],
): Promise<{ ok: true; id: string } | { ok: false; error: string }> {
  if (!env().MAIL_POSTAL_ADDRESS) return { ok: false, error: POSTAL_ADDRESS_MISSING };
  const id = await db()
    .transaction()
    .execute(async (trx) => {
      const created = await createAnnouncement(trx, { ...input, adminId: admin.id });
      await writeAudit(trx, {
        admin,
        action: "preview_announcement",
        memberId: null,
        details: { announcementId: created, subject: input.subject, audience: input.audience },
      });
      return created;
    });
  return { ok: true, id };
}

/** The preview page: the email as a recipient of that audience gets it, and how many would. */
export async function announcementPreview(id: string) {
  const announcement = await getAnnouncement(id);
  if (!announcement) return null;
  const { BRAND_NAME, MAIL_POSTAL_ADDRESS } = env();
  const marketing = announcement.audience !== "service";
  const email = markdownEmail({
    subject: announcement.subject,
    markdown: announcement.body,
    footer: marketingFooter({
      brand: BRAND_NAME,
      unsubscribeUrl: marketing ? "https://example.invalid/unsubscribe" : null,
      postalAddress: MAIL_POSTAL_ADDRESS,
    }),
  });
  return {
    announcement: toView(announcement),
    email,
    recipients: announcement.sentAt ? (announcement.recipients ?? 0) : await countAudience(announcement.audience),
  };
}

const toView = (announcement: Announcement) => ({
  id: announcement.id,
  subject: announcement.subject,
  audience: announcement.audience as Audience,
  audienceLabel: AUDIENCE_LABELS[announcement.audience],
  sentAt: announcement.sentAt?.toISOString() ?? null,
});

/** 'Send to N recipients': once; a second click (or a second admin) queues nothing. */
export async function confirmAnnouncement(
  admin: Admin,
  id: string,
): Promise<{ ok: true; recipients: number } | { ok: false; error: string }> {
  if (!env().MAIL_POSTAL_ADDRESS) return { ok: false, error: POSTAL_ADDRESS_MISSING };
  try {
    const sent = await db()
      .transaction()
      .execute(async (trx) => {
        const queued = await sendAnnouncement(trx, id);
        // Counted in the same statement that queues: an audience that emptied since the preview
        // rolls the whole send back, so the draft stays a draft and can go out later.
        if (queued?.recipients === 0) throw new EmptyAudience();
        if (queued) {
          await writeAudit(trx, {
            admin,
            action: "send_announcement",
            memberId: null,
            details: { announcementId: id, recipients: queued.recipients },
          });
        }
        return queued;
      });
    if (!sent) return { ok: false, error: "This announcement was sent already: nothing was sent again." };
    kickMailer();
    return { ok: true, recipients: sent.recipients };
  } catch (error) {
    if (error instanceof EmptyAudience) return { ok: false, error: EMPTY_AUDIENCE };
    throw error;
  }
}

class EmptyAudience extends Error {}
