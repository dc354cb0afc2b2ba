import { siteOrigin } from "~/platform/site-origin";
import { formatDay } from "~/platform/dates";
import type { Database } from "~/platform/db/db.server";
import { type Receipt } from "~/platform/mail/compose";
import { refundNoticeEmail, welcomeEmail, type RefundEnds } from "./emails";
import { env } from "~/platform/env.server";
import { formatMoney } from "~/platform/money";
import { productLabel } from "./orders";
import { getOrder, type LedgerOrder } from "./order-ledger.server";
import { enqueueEmail } from "~/platform/mail/outbox.server";
import { claimStripeReceipt } from "./stripe-order.server";
import { communityFor } from "~/features/accounts/index.server";
import { queueCustomSaasSaleNotice } from "./sale-notice.server";
import { isCatalogueKey } from "~/features/catalogue";
import { ownsProduct } from "~/features/catalogue/index.server";

/**
 * Buyers' emails about their orders, queued in the transaction that records the order (call
 * kickMailer() after it commits). Links use PUBLIC_URL (required in production); `npm start`
 * sets it to the local address.
 */
export function receiptOf(order: LedgerOrder, origin: string): Receipt {
  return {
    product: productLabel(order.source, order.product, order.productName),
    amount: formatMoney(order.amountCents ?? 0, order.currency),
    date: formatDay(order.createdAt),
    reference: order.id,
    dashboardUrl: `${origin}/dashboard`,
    supportEmail: env().SUPPORT_EMAIL,
  };
}

const publicOrigin = () => siteOrigin(env().PUBLIC_URL, `http://localhost:${env().PORT}`);

/** The receipt of an order by id, read in the transaction that wrote it. */
export async function receiptFor(trx: Database, orderId: string, origin: string): Promise<Receipt | undefined> {
  const order = await getOrder(orderId, trx);
  return order ? receiptOf(order, origin) : undefined;
}

/** A Stripe order that has just completed: the welcome email with its receipt (and the custom SaaS note), exactly once. */
export async function queueStripeReceipt(trx: Database, checkoutSessionId: string) {
  const orderId = await claimStripeReceipt(trx, checkoutSessionId);
  if (!orderId) return;
  // The claim is once per order, so the support address hears of a custom SaaS sale once too.
  await queueCustomSaasSaleNotice(trx, orderId, publicOrigin());
  const order = await getOrder(orderId, trx);
  if (!order?.userEmail) return;
  const email = welcomeEmail({
    brand: env().BRAND_NAME,
    name: order.userName ?? "",
    receipt: receiptOf(order, publicOrigin()),
    community: await communityFor(trx, order.userId),
  });
  await enqueueEmail(trx, { to: order.userEmail, ...email });
}

/**
 * What the refund of `order` ends (the refund's entitlement is already revoked in `trx`): the
 * training when it was the membership; otherwise that product only, and whether a membership stays.
 */
async function refundEnds(trx: Database, order: LedgerOrder): Promise<RefundEnds> {
  if (!isCatalogueKey(order.productKey)) return null;
  if (order.productKey === "membership") return { kind: "membership" };
  const keepsMembership = order.userId ? await ownsProduct(order.userId, "membership", trx) : false;
  return { kind: "product", keepsMembership };
}

/** Orders that were just fully refunded: a short notice to each buyer, naming what ends. */
export async function queueRefundNotices(trx: Database, orderIds: readonly string[]) {
  for (const orderId of orderIds) {
    const order = await getOrder(orderId, trx);
    if (!order?.userEmail) continue;
    const email = refundNoticeEmail({
      brand: env().BRAND_NAME,
      name: order.userName ?? "",
      // The catalogue's name of the product when known (the marketplace's item name otherwise).
      product: order.productName ?? productLabel(order.source, order.product, order.productName),
      ends: await refundEnds(trx, order),
      amount: formatMoney(order.amountCents ?? 0, order.currency),
      reference: order.id,
      supportEmail: env().SUPPORT_EMAIL,
    });
    await enqueueEmail(trx, { to: order.userEmail, ...email });
  }
}
