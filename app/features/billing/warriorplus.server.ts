import { parseWithZod } from "@conform-to/zod/v4";
import { db } from "~/platform/db/db.server";
import { env } from "~/platform/env.server";
import { secretsEqual } from "~/platform/hash.server";
import { ipnFormSchema, toIpn, type Ipn } from "./warriorplus-ipn";
import {
  marketplaceUpgradesSince,
  hasMarketplaceItems,
  productOfMarketplaceItem,
} from "~/features/catalogue/index.server";
import {
  findOrCreateBuyer,
  findUserByEmail,
  claimHeldForAddress,
  queueClaimLink,
  ownsAddress,
} from "~/features/accounts/index.server";
import { recordMarketplaceRefund, recordMarketplaceSale } from "./warriorplus-order.server";
import { recordWebhookEvent } from "./webhook-event.server";
import { queueLoginDetails } from "./login-details.server";
import { queueAddedToAccountNote } from "./added-to-account-note.server";
import type { WebhookReply } from "~/platform/webhook-response";
import { kickMailer } from "~/platform/mail/sender.server";
import { queueRefundNotices, receiptFor } from "./receipts.server";
import { queueCustomSaasSaleNotice } from "./sale-notice.server";
import { log } from "~/platform/log.server";

/**
 * POST /webhooks/warriorplus: the marketplace's IPN form. Authenticated by the shared security
 * key; each IPN is applied once (webhook_events) in one transaction with what it changes.
 */
export async function receiveWarriorPlusIpn(form: FormData, origin: string): Promise<WebhookReply> {
  const { WARRIORPLUS_SECURITY_KEY } = env();
  // The item numbers live in the catalogue (/admin/products; WARRIORPLUS_MEMBERSHIP_ITEMS seeds the membership's).
  if (!WARRIORPLUS_SECURITY_KEY || !(await hasMarketplaceItems())) {
    return { status: 503, message: "The marketplace integration is not configured" };
  }
  // Read by its schema; the key is checked first, on the form as posted, so a stranger learns nothing of the rest.
  const submission = parseWithZod(form, { schema: ipnFormSchema });
  const key = submission.payload.WP_SECURITYKEY;
  if (typeof key !== "string" || !secretsEqual(key, WARRIORPLUS_SECURITY_KEY))
    return { status: 401, message: "Invalid security key" };

  const parsed =
    submission.status === "success"
      ? toIpn(submission.value)
      : {
          ok: false as const,
          error: Object.entries(submission.error ?? {})
            .map(([name, messages]) => `${name}: ${messages?.join(", ")}`)
            .join("; "),
        };
  if (!parsed.ok) return { status: 400, message: `Invalid IPN: ${parsed.error}` };
  const { ipn } = parsed;

  try {
    const fresh = await db()
      .transaction()
      .execute(async (trx) => {
        if (!(await recordWebhookEvent(trx, "warriorplus", ipn.eventId, ipn.action))) return false;
        // Which product this sale is of: its item number in the catalogue (decision 051).
        const productKey = ipn.itemNumber ? await productOfMarketplaceItem(trx, ipn.itemNumber) : null;
        if (ipn.kind === "sale" && !productKey) {
          log.warn(
            { saleId: ipn.saleId, itemNumber: ipn.itemNumber },
            "WarriorPlus item in no product: sale recorded, nothing granted",
          );
        }
        if (ipn.kind === "sale" && productKey === "membership") {
          const buyer = await findOrCreateBuyer(trx, { email: ipn.buyerEmail, name: ipn.buyerName });
          // An unproven account may be held by whoever signed up with the buyer's address: the
          // order waits (no user) until the claim link mailed to the buyer is used (decision 048).
          const userId = ownsAddress(buyer) ? buyer.id : null;
          const orderId = await recordMarketplaceSale(trx, { ipn, userId, productKey });
          if (orderId) {
            // Upgrades of this funnel that arrived first, held for this address, join it now and
            // are named in the same email (one email for the funnel, not one per item).
            if (userId) await claimHeldForAddress(trx, userId, buyer.email);
            const alsoAdded = userId ? (await marketplaceUpgradesSince(trx, userId, null)).map((u) => u.name) : [];
            await queueLoginDetails(trx, buyer, origin, await receiptFor(trx, orderId, origin), alsoAdded);
          }
        } else if (ipn.kind !== "other") {
          // Upsells and refunds attach to an existing account only; they never create one, and
          // an upsell joins only an account that may receive purchases (see above); held for
          // another, it sends the address a claim link.
          const existing = await findUserByEmail(ipn.buyerEmail, trx);
          const userId = existing && (ipn.kind !== "sale" || ownsAddress(existing)) ? existing.id : null;
          if (ipn.kind === "sale") {
            const orderId = await recordMarketplaceSale(trx, { ipn, userId, productKey });
            if (orderId) {
              await queueCustomSaasSaleNotice(trx, orderId, origin, {
                email: ipn.buyerEmail,
                name: ipn.buyerName || null,
              });
            }
            if (orderId && existing && !userId)
              await queueClaimLink(trx, existing, origin, await receiptFor(trx, orderId, origin));
            if (orderId && existing && userId && productKey) await queueAddedToAccountNote(trx, existing, origin);
          } else {
            const refunded = await recordMarketplaceRefund(trx, { ipn, userId, productKey });
            if (refunded) await queueRefundNotices(trx, [refunded]);
          }
        }
        return true;
      });
    if (fresh) kickMailer();
    logIpn(ipn, fresh);
    return { status: 200, message: fresh ? "OK" : "Duplicate ignored" };
  } catch (error) {
    log.error({ eventId: ipn.eventId, err: error }, "WarriorPlus IPN failed");
    return { status: 500, message: "Processing failed" };
  }
}

function logIpn(ipn: Ipn, fresh: boolean) {
  log.info(
    { action: ipn.action, saleId: ipn.saleId, itemNumber: ipn.itemNumber },
    fresh ? "WarriorPlus IPN applied" : "WarriorPlus IPN repeated: ignored",
  );
}
