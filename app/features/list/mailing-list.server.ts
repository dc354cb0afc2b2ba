import { env } from "~/platform/env.server";
import { db } from "~/platform/db/db.server";
import { isLinkSigned, signLink } from "~/platform/signed-link.server";
import { nameForMail } from "~/platform/mail/compose";
import { markdownEmail } from "~/platform/mail/markdown-email.server";
import {
  MARKETING_MAIL_HELD,
  fillPlaceholders,
  isMailingList,
  listUnsubscribeHeaders,
  marketingFooter,
  type MailingList,
} from "./marketing-email";
import { siteOrigin } from "~/platform/site-origin";
import { getAnnouncement } from "./announcement.server";
import { leadName } from "./lead-store.server";
import { isUnsubscribed, setMarketingConsent } from "./subscriptions.server";
import type { ListMailWriter } from "~/platform/mail/sender.server";
import { getSequenceStep } from "./sequence.server";
import { confirmNewsEmail } from "./emails";
import { findUserById, ownsAddress } from "~/features/accounts/index.server";
import { enqueueEmail } from "~/platform/mail/outbox.server";
import { kickMailer } from "~/platform/mail/sender.server";
import { checkRateLimits, RATE_LIMITS } from "~/platform/rate-limit/rate-limit.server";

/**
 * The list (decision 054): unsubscribe links, and the list mail written when it is sent.
 *
 * An unsubscribe token names its recipient and list and is signed (HMAC-SHA-256 with a key
 * derived from SESSION_SECRET), so nothing usable is stored: the mailer derives it for each
 * message, and a token can change only the address it names.
 */
const publicOrigin = () => siteOrigin(env().PUBLIC_URL, `http://localhost:${env().PORT}`);

export function unsubscribeToken(email: string, list: MailingList): string {
  const address = Buffer.from(email, "utf8").toString("base64url");
  return `${list}.${address}.${signLink("unsubscribe-link", `${list}\n${email}`)}`;
}

/** The address and list a token names, or null for anything forged, garbled or truncated. */
export function readUnsubscribeToken(token: string | null): { email: string; list: MailingList } | null {
  const parts = (token ?? "").split(".");
  if (parts.length !== 3) return null;
  const [list, address, given] = parts as [string, string, string];
  if (!isMailingList(list) || !/^[A-Za-z0-9_-]{1,400}$/.test(address)) return null;
  const email = Buffer.from(address, "base64url").toString("utf8");
  return isLinkSigned("unsubscribe-link", `${list}\n${email}`, given) ? { email, list } : null;
}

export const unsubscribeUrl = (email: string, list: MailingList) =>
  `${publicOrigin()}/unsubscribe?${new URLSearchParams({ t: unsubscribeToken(email, list) })}`;

/** What an unsubscribe page or POST did; null: the token was not one of ours. */
export async function changeSubscription(
  token: string | null,
  subscribed: boolean,
): Promise<{ email: string; list: MailingList } | null> {
  const named = readUnsubscribeToken(token);
  if (!named) return null;
  await db()
    .transaction()
    .execute((trx) => setMarketingConsent(trx, named.email, subscribed));
  return named;
}

/** Whether the address a (valid) token names is unsubscribed now: the page's state. */
export const isAddressUnsubscribed = (email: string) => isUnsubscribed(email);

/** Said when turning news on waits for the address's owner (decision 067). */
export const NEWS_CONFIRMATION_SENT =
  "This address unsubscribed before: we sent it a link to confirm. Product news starts once it is confirmed.";

/** What saving /account's 'Product news and announcements' did. */
export type NewsPreferenceOutcome = "saved" | "confirmation-sent" | { refused: string };

/**
 * /account's 'Product news and announcements'. An account changes only its own preferences
 * (decision 067): turning news on for an address that unsubscribed, from an account whose holder
 * is not proven to own the address (accounts' `ownsAddress`), changes nothing and mails the
 * address a link to its own subscription page instead, where its owner may resubscribe. Those
 * mails count against the account's mail limit (`accountMailPerUser`).
 */
export async function saveNewsPreference(userId: string, subscribed: boolean): Promise<NewsPreferenceOutcome> {
  const account = await findUserById(userId);
  if (!account) return "saved";
  const email = account.email.toLowerCase();
  if (subscribed && !ownsAddress(account) && (await isUnsubscribed(email))) {
    const verdict = await checkRateLimits([[RATE_LIMITS.accountMailPerUser, userId]]);
    if (!verdict.allowed) return { refused: verdict.message };
    await enqueueEmail(db(), {
      to: email,
      ...confirmNewsEmail({ brand: env().BRAND_NAME, name: account.name, link: unsubscribeUrl(email, "news") }),
    });
    kickMailer();
    return "confirmation-sent";
  }
  await db()
    .transaction()
    .execute((trx) => setMarketingConsent(trx, email, subscribed));
  return "saved";
}

/**
 * A training step or an announcement as it is sent now: the step's current text, the footer and,
 * for marketing, the unsubscribe link and RFC 8058 headers. Null when it must not be sent: the
 * address unsubscribed, the lead bought or was deleted, or the step or announcement is gone.
 * Held (issue 40) while no postal address is set: every marketing email must carry it, so the
 * message waits with MARKETING_MAIL_HELD, which the admin's outbox shows.
 */
export const writeListEmail: ListMailWriter = async (email) => {
  const { BRAND_NAME, MAIL_POSTAL_ADDRESS } = env();
  const marketing = email.category === "sequence" || email.category === "announcement";
  if (marketing && (await isUnsubscribed(email.to))) return null;
  if (marketing && !MAIL_POSTAL_ADDRESS) return { held: MARKETING_MAIL_HELD };

  let subject: string;
  let markdown: string;
  let list: MailingList = "news";
  if (email.category === "sequence") {
    const [step, lead] = await Promise.all([
      email.sequenceStepId ? getSequenceStep(email.sequenceStepId) : null,
      leadName(email.to),
    ]);
    if (!step || !lead?.active) return null;
    list = "training";
    subject = step.subject;
    markdown = fillPlaceholders(step.body, { name: nameForMail(lead.name) || "there", site: publicOrigin() });
  } else {
    const announcement = email.announcementId ? await getAnnouncement(email.announcementId) : null;
    if (!announcement) return null;
    subject = announcement.subject;
    markdown = announcement.body;
  }
  const link = marketing ? unsubscribeUrl(email.to, list) : null;
  return {
    to: email.to,
    ...markdownEmail({
      subject,
      markdown,
      footer: marketingFooter({ brand: BRAND_NAME, unsubscribeUrl: link, postalAddress: MAIL_POSTAL_ADDRESS }),
    }),
    ...(link ? { headers: listUnsubscribeHeaders(link) } : {}),
  };
};
