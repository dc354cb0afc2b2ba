import type { Database } from "~/platform/db/db.server";
import { env } from "~/platform/env.server";
import { enqueueEmail } from "~/platform/mail/outbox.server";
import { formatMoney } from "~/platform/money";
import { customSaasSaleEmail } from "./emails";
import { SOURCE_LABELS, productLabel } from "./orders";
import { getOrder } from "./order-ledger.server";

/**
 * A new sale of the custom SaaS package: a note to SUPPORT_EMAIL, queued in the transaction that
 * records the sale (sent at once when it commits, with the caller's kickMailer()). Called once per
 * new order, by the Stripe receipt's claim and the marketplace's first IPN of the sale; any other
 * product's order is left alone. `buyer` is who paid, for a sale not yet on an account.
 */
export async function queueCustomSaasSaleNotice(
  trx: Database,
  orderId: string,
  origin: string,
  buyer?: { email: string; name: string | null },
) {
  const order = await getOrder(orderId, trx);
  if (order?.productKey !== "custom_saas") return;
  const email = buyer?.email ?? order.userEmail;
  if (!email) return;
  const message = customSaasSaleEmail({
    product: productLabel(order.source, order.product, order.productName),
    amount: formatMoney(order.amountCents ?? 0, order.currency),
    reference: order.reference,
    source: SOURCE_LABELS[order.source],
    buyer: { email, name: buyer?.name ?? order.userName },
    applicationsUrl: `${origin}/admin/custom-saas`,
    ordersUrl: order.userId ? `${origin}/admin/members/${order.userId}/orders` : null,
  });
  await enqueueEmail(trx, { to: env().SUPPORT_EMAIL, ...message });
}
