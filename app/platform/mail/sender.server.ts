import nodemailer, { type Transporter } from "nodemailer";
import pLimit from "p-limit";
import { retryDelaySeconds } from "./compose";
import { SMTP_CONNECTIONS, smtpTransportOptions } from "./smtp-transport";
import { env } from "~/platform/env.server";
import { now } from "~/platform/clock.server";
import { hashForLog, log, runAsJob } from "~/platform/log.server";
import {
  claimDueEmails,
  markEmailCanceled,
  markEmailFailed,
  markEmailHeld,
  markEmailSent,
  releaseEmails,
  withLinks,
  type ClaimedEmail,
  type OutgoingEmail,
} from "./outbox.server";
import { recordMailFailure } from "~/platform/metrics.server";

/**
 * The in-process sender of the email outbox. Rows are written by the transaction that causes
 * them; `kickMailer()` after its commit delivers at once, and a poll picks up retries and
 * anything another instance or a restart left behind. SMTP through nodemailer when SMTP_URL is
 * set, otherwise the message is printed to the server log so a local user can still follow it.
 * Its log lines name a message by its outbox id and its recipient by `hashForLog`, never the address.
 */
const LEASE_SECONDS = 300;
const BATCH = 20;

let timer: NodeJS.Timeout | undefined;
let running: Promise<void> | undefined;
let again = false;
let transport: Transporter | undefined;

/**
 * Writes a list message (a training step or an announcement) as it goes out, or null when its
 * recipient may no longer get it, or `{ held }` when it may not go out yet (the reason the admin
 * sees: no postal address is set). The list feature owns those rules; the app hands it in at start.
 */
export type ListMailWriter = (
  email: ClaimedEmail,
) => Promise<(OutgoingEmail & { headers?: Record<string, string> }) | HeldEmail | null>;
export type HeldEmail = { held: string };

/** How long a held message waits before it is tried again (an address set at a restart sends it then). */
const HOLD_SECONDS = 3600;
let writeListEmail: ListMailWriter | undefined;

export function startMailer(options: { writeListEmail: ListMailWriter }) {
  writeListEmail = options.writeListEmail;
  timer ??= setInterval(kickMailer, env().MAIL_POLL_SECONDS * 1000).unref();
  kickMailer();
}

/** Stops after the message being sent (a restart's drain): what it had claimed but not sent is released. */
export async function stopMailer() {
  clearInterval(timer);
  timer = undefined;
  await running;
  transport?.close();
  transport = undefined;
}

/**
 * Delivers what is due, soon; calls while a round runs coalesce into one more round. Before
 * startMailer() and after stopMailer() it does nothing: the database may not be open.
 */
export function kickMailer() {
  if (!timer) return;
  if (running) {
    again = true;
    return;
  }
  // A round kicked by a request's commit is the sender's work, not the request's: its own log child.
  running = runAsJob("mail", async () => {
    do {
      again = false;
      try {
        await deliverDue();
      } catch (error) {
        log.error({ err: error }, "mail delivery round failed");
      }
    } while (again && timer);
  }).finally(() => {
    running = undefined;
  });
}

async function deliverDue() {
  while (timer) {
    const batch = await claimDueEmails(BATCH, LEASE_SECONDS, {
      now: now(),
      ratePerMinute: env().MAIL_RATE_PER_MINUTE,
    });
    if (batch.length === 0) return;
    // As many at once as the transport keeps connections open (the claim's order decides who
    // goes first: transactional mail before the bulk).
    const sending = pLimit(SMTP_CONNECTIONS);
    await Promise.all(batch.map((email) => sending(() => deliver(email))));
  }
}

/** One claimed message: sent, canceled, failed for a retry, or released when the sender stopped first. */
async function deliver(email: ClaimedEmail) {
  if (!timer) return releaseEmails([email.id]);
  try {
    const message = await written(email);
    if (!message) return await markEmailCanceled(email.id);
    if ("held" in message) {
      log.warn({ mailId: email.id, category: email.category, reason: message.held }, "mail held, not sent");
      return await markEmailHeld(email.id, message.held, HOLD_SECONDS, now());
    }
    const sent = await send(email.id, message);
    await markEmailSent(email.id);
    if (sent) log.info({ mailId: email.id, to_hash: hashForLog(email.to), category: email.category }, "mail sent");
  } catch (error) {
    const delay = retryDelaySeconds(email.attempts);
    const reason = error instanceof Error ? error.message : String(error);
    log.error(
      {
        mailId: email.id,
        to_hash: hashForLog(email.to),
        attempt: email.attempts,
        retryInSeconds: delay,
        // An SMTP refusal often quotes the recipient ("550 <alice@example.com>: no such user").
        reason: reason.replace(ADDRESS, "[address]"),
      },
      "mail sending failed; retried later",
    );
    recordMailFailure();
    await markEmailFailed(email.id, reason, delay, now());
  }
}

/**
 * The message as it goes out: a transactional one with its links put back, only here and in
 * memory (decision 046); a list message written now from its step or announcement, with its
 * unsubscribe link and headers (decision 054), or null when its recipient may no longer get it.
 */
async function written(
  email: ClaimedEmail,
): Promise<(OutgoingEmail & { headers?: Record<string, string> }) | HeldEmail | null> {
  if (email.category === "transactional") return withLinks(email);
  if (!writeListEmail) throw new Error("startMailer() was not given the list's writer");
  return writeListEmail(email);
}

const ADDRESS = /[^\s<>()"',;:@]+@[^\s<>()"',;:@]+/g;

/**
 * Sends one message through SMTP; false when SMTP_URL is not set. Then the message goes to the
 * log instead (its subject and text, with its links, for whoever runs the server locally to follow:
 * decision 059 says why this is the one line allowed a link), and counts as delivered.
 */
async function send(mailId: string, email: OutgoingEmail & { headers?: Record<string, string> }): Promise<boolean> {
  const { SMTP_URL, MAIL_FROM, BRAND_NAME, SUPPORT_EMAIL, DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY } = env();
  if (!SMTP_URL) {
    log.info(
      { mailId, to_hash: hashForLog(email.to), subject: email.subject, text: email.text },
      "mail not sent: SMTP_URL is not set, so here is its text",
    );
    return false;
  }
  transport ??= nodemailer.createTransport(smtpTransportOptions(SMTP_URL));
  await transport.sendMail({
    from: MAIL_FROM ?? `"${BRAND_NAME}" <${SUPPORT_EMAIL}>`,
    // Every message: a reply reaches support, never an unread sending address.
    replyTo: SUPPORT_EMAIL,
    to: email.to,
    subject: email.subject,
    text: email.text,
    ...(email.html ? { html: email.html } : {}),
    ...(email.headers ? { headers: email.headers } : {}),
    // nodemailer's own DKIM signing, of every message (decision 054); env() requires all three or
    // none. Given per message, so the transport's options stay SMTP_URL's and the sender's.
    ...(DKIM_DOMAIN && DKIM_SELECTOR && DKIM_PRIVATE_KEY
      ? { dkim: { domainName: DKIM_DOMAIN, keySelector: DKIM_SELECTOR, privateKey: DKIM_PRIVATE_KEY } }
      : {}),
  });
  return true;
}
