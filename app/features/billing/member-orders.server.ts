import { formatDay } from "~/platform/dates";
import { formatMoney } from "~/platform/money";
import { ordersOfUser } from "./order-ledger.server";
import { productLabel, SOURCE_LABELS, STATUS_LABELS } from "./orders";
import type { RefundView } from "./order-refund";
import { guaranteeOf, WARRIORPLUS_TRANSACTIONS_URL } from "./refunds";
import { refundFactsOf, type RefundFacts } from "./stripe-order.server";

/**
 * A member's orders from both sources as the admin's 'Orders and refunds' page shows them
 * (/admin/members/{id}/orders): labels, amount, and what can be done about each one's refund.
 */
export async function memberOrders(memberId: string) {
  const [orders, refundFacts] = await Promise.all([ordersOfUser(memberId), refundFactsOf(memberId)]);
  const now = new Date();
  return orders.map((order) => ({
    ...order,
    sourceLabel: SOURCE_LABELS[order.source],
    productLabel: productLabel(order.source, order.product, order.productName),
    amount: order.amountCents === null ? "—" : formatMoney(order.amountCents, order.currency),
    statusLabel: STATUS_LABELS[order.status],
    refund: refundView(order, refundFacts.get(order.id), now),
    paidOn: paidOnAnotherDay(order.createdAt, refundFacts.get(order.id)),
  }));
}

export type MemberOrder = Awaited<ReturnType<typeof memberOrders>>[number];

/**
 * The day a card order was paid, when it is not the day its checkout started (a delayed payment,
 * a checkout left open): the guarantee runs from it, so the page says it beside the order's date.
 */
function paidOnAnotherDay(createdAt: Date, facts: RefundFacts | undefined): string | null {
  if (!facts?.paidAt) return null;
  const paidOn = formatDay(facts.paidAt);
  return paidOn === formatDay(createdAt) ? null : paidOn;
}

/**
 * The refund cell of an order (decision 055): only a completed payment can be refunded, and its
 * guarantee runs from when it was paid (migration 0023), not from when the checkout started.
 */
function refundView(
  order: { id: string; source: string; status: string; reference: string },
  facts: RefundFacts | undefined,
  now: Date,
): RefundView {
  if (order.status !== "completed") return { kind: "none" };
  if (order.source === "warriorplus")
    return { kind: "marketplace", saleUrl: WARRIORPLUS_TRANSACTIONS_URL, sale: order.reference };
  if (!facts) return { kind: "none" };
  if (!facts.hasPayment) return { kind: "free" };
  const guarantee = guaranteeOf(facts.paidAt, now);
  if (facts.requestedAt)
    return { kind: "requested", guarantee: guarantee.text, requestedOn: formatDay(facts.requestedAt) };
  return { kind: "stripe", orderId: order.id, guarantee: guarantee.text, guaranteeEnded: guarantee.ended };
}
