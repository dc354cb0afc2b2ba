import { THANK_YOU_ACCESS } from "./lead-pages";
import { db } from "~/platform/db/db.server";
import { leadConfirmationEmail } from "./emails";
import { env } from "~/platform/env.server";
import { captureLead } from "./lead-store.server";
import { normalizeEmail, leadSignupToken } from "~/features/accounts/index.server";
import { enqueueEmail } from "~/platform/mail/outbox.server";
import { queueSequenceFor } from "./sequence.server";
import { now } from "~/platform/clock.server";
import { kickMailer } from "~/platform/mail/sender.server";

/**
 * /signup with the lead's address filled in (the signup page reads ?email=) and the token that
 * proves whoever opens it reads that address's mail: the account is verified at once.
 */
export const signupLink = (origin: string, email: string) =>
  `${origin}/signup?${new URLSearchParams({ email, token: leadSignupToken(email) })}`;

/**
 * A /special-access signup: the lead row and the confirmation email /thank-you-access promises,
 * in one transaction, and the "Lead training" steps, each queued for its time (decision 054) unless
 * the address already bought. A repeat signup stores nothing and sends nothing, so the form cannot
 * be used to fill someone's inbox.
 */
export async function captureLeadAndConfirm(input: { email: string; name?: string; source: string }, origin: string) {
  const { BRAND_NAME, SUPPORT_EMAIL } = env();
  const email = normalizeEmail(input.email);
  const { created } = await db()
    .transaction()
    .execute(async (trx) => {
      const lead = await captureLead({ ...input, email }, trx);
      if (lead.created) {
        await enqueueEmail(trx, {
          to: email,
          ...leadConfirmationEmail({
            brand: BRAND_NAME,
            name: input.name ?? "",
            next: THANK_YOU_ACCESS.next,
            signupUrl: signupLink(origin, email),
            supportEmail: SUPPORT_EMAIL,
          }),
        });
        if (!lead.customer) await queueSequenceFor(trx, email, now());
      }
      return lead;
    });
  if (created) kickMailer();
  return { created };
}
