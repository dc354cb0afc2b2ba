import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { neutralizeFormula } from "~/platform/csv-safety";
import { formatMoney } from "~/platform/money";
import { describeAccess, type AccessFilter } from "~/features/members/member-admin";
import { productLabel, SOURCE_LABELS, STATUS_LABELS } from "./orders";
import { streamMembers } from "~/features/members/member-store.server";
import { streamOrders } from "./order-ledger.server";

/**
 * CSV downloads, streamed: rows are read in batches from the database and written through
 * csv-stringify (RFC 4180 quoting of commas, quotes and newlines) as they come, so memory stays
 * flat whatever the size. Every text cell is guarded against spreadsheet formulas.
 */
type Cell = string | number | null;

export function csvResponse(filename: string, columns: string[], rows: AsyncIterable<Cell[]>): Response {
  const stringifier = stringify({
    header: true,
    columns,
    cast: { string: (value) => neutralizeFormula(value) },
  });
  const source = Readable.from(rows);
  source.on("error", (error) => stringifier.destroy(error));
  source.pipe(stringifier);
  return new Response(Readable.toWeb(stringifier) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

const today = () => new Date().toISOString().slice(0, 10);
const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

export function membersCsv(filter: { q: string; access: AccessFilter; product?: string }): Response {
  async function* rows(): AsyncGenerator<Cell[]> {
    for await (const member of streamMembers(filter)) {
      const { access, source } = describeAccess(member);
      yield [member.email, member.name, access, source, iso(member.createdAt), member.id];
    }
  }
  return csvResponse(`members-${today()}.csv`, ["email", "name", "access", "source", "joined", "id"], rows());
}

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
