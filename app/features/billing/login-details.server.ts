import { type Receipt } from "~/platform/mail/compose";
import { purchaseAddedEmail, setPasswordEmail } from "~/features/billing/emails";
import { type Database } from "~/platform/db/db.server";
import { env } from "~/platform/env.server";
import { enqueueEmail } from "~/platform/mail/outbox.server";
import { type UserRecord } from "~/features/accounts/index.server";
import { issuePasswordLink, queueClaimLink, communityFor, ownsAddress } from "~/features/accounts/index.server";

/**
 * Tells a buyer who paid elsewhere how to get in. A proven account gets a note that the purchase
 * is on it; one without a password gets a link to set one, which proves the address and hands
 * over what was bought; any other gets a claim link (the purchase waits for it). Runs in the
 * purchase's transaction; call kickMailer() after it commits.
 */
export async function queueLoginDetails(
  trx: Database,
  user: UserRecord,
  origin: string,
  receipt?: Receipt,
  alsoAdded?: readonly string[],
) {
  const brand = env().BRAND_NAME;
  const loginUrl = `${origin}/login`;
  if (!ownsAddress(user)) return queueClaimLink(trx, user, origin, receipt);
  const community = await communityFor(trx, user.id);
  const email = user.passwordHash
    ? purchaseAddedEmail({ brand, name: user.name, loginUrl, receipt, alsoAdded, community })
    : setPasswordEmail({
        brand,
        name: user.name,
        loginUrl,
        receipt,
        alsoAdded,
        community,
        link: await issuePasswordLink(trx, user.id, origin),
      });
  await enqueueEmail(trx, { to: user.email, ...email });
}
