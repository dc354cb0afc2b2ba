import type { Database } from "~/platform/db/db.server";
import { env } from "~/platform/env.server";
import { ADDED_TO_ACCOUNT_SUBJECT, addedToAccountEmail } from "./emails";
import { formatMoney } from "~/platform/money";
import { marketplaceUpgradesSince } from "~/features/catalogue/index.server";
import { queueOrReplaceWaitingEmail, waitingEmailSince } from "~/platform/mail/outbox.server";

/**
 * How long the funnel's "added to your account" note waits for the funnel's other upgrades
 * (the marketplace sends the bump and each one-time offer as its own IPN, minutes apart).
 */
export const ADDED_NOTE_DELAY_SECONDS = 10 * 60;

/**
 * An upgrade bought on the marketplace after its front end joined the buyer's account: the one
 * note of this funnel is queued, or, while it still waits, rewritten to list this upgrade too.
 * Runs in the IPN's transaction (call kickMailer() after it commits; the note waits anyway).
 */
export async function queueAddedToAccountNote(
  trx: Database,
  user: { id: string; email: string; name: string },
  origin: string,
) {
  const brand = env().BRAND_NAME;
  const since = await waitingEmailSince(trx, user.email, ADDED_TO_ACCOUNT_SUBJECT(brand));
  const upgrades = await marketplaceUpgradesSince(trx, user.id, since);
  if (upgrades.length === 0) return;
  const email = addedToAccountEmail({
    brand,
    name: user.name,
    products: upgrades.map((upgrade) => ({
      name: upgrade.name,
      amount: formatMoney(upgrade.amountCents ?? 0, upgrade.currency),
      reference: upgrade.orderId,
    })),
    purchasesUrl: `${origin}/account/purchases`,
    supportEmail: env().SUPPORT_EMAIL,
  });
  await queueOrReplaceWaitingEmail(trx, { to: user.email, ...email }, ADDED_NOTE_DELAY_SECONDS);
}
