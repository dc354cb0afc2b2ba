import { formatMoney } from "~/platform/money";
import { productLabel, SOURCE_LABELS, STATUS_LABELS } from "./orders";
import { streamOrders } from "./order-ledger.server";
import { type Cell, csvResponse, today, iso } from "~/platform/csv.server";

export function ordersCsv(): Response {
  async function* rows(): AsyncGenerator<Cell[]> {
    for await (const order of streamOrders()) {
      yield [
        iso(order.createdAt),
        SOURCE_LABELS[order.source],
        productLabel(order.source, order.product, order.productName),
        order.amountCents,
        order.currency,
        order.amountCents === null ? null : formatMoney(order.amountCents, order.currency),
        STATUS_LABELS[order.status],
        iso(order.refundedAt),
        order.reference,
        order.affiliateId,
        order.userEmail,
        order.id,
      ];
    }
  }
  return csvResponse(
    `orders-${today()}.csv`,
    [
      "date",
      "source",
      "product",
      "amount_cents",
      "currency",
      "amount",
      "status",
      "refunded_at",
      "reference",
      "affiliate",
      "member_email",
      "order_id",
    ],
    rows(),
  );
}
