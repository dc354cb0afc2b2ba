import { Link } from "@remix-run/react";
import { AdminSection, Cell, EmptyNote, StatusBadge, TableFrame } from "~/platform/ui/admin/admin-page";
import { formatDay } from "~/platform/dates";
import { OrderRefund } from "./order-refund";
import type { MemberOrder } from "./member-orders.server";

/**
 * 'Orders' on the admin's 'Orders and refunds' page (/admin/members/{id}/orders): the member's
 * orders from both sources, each with its receipt and its refund cell.
 */
export function MemberOrders({ orders }: { orders: readonly MemberOrder[] }) {
  return (
    <AdminSection title="Orders">
      {orders.length === 0 ? (
        <EmptyNote>No orders.</EmptyNote>
      ) : (
        <TableFrame label="Orders">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Product</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
              <th scope="col">Refunded</th>
              <th scope="col">Reference</th>
              <th scope="col">Affiliate</th>
              <th scope="col">Refund</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order.id}>
                <Cell label="Date" className="whitespace-nowrap">
                  {formatDay(order.createdAt)}
                  {order.paidOn ? <span className="block text-xs text-slate-500">Paid {order.paidOn}</span> : null}
                </Cell>
                <Cell label="Product">
                  {order.productLabel}
                  <span className="block text-xs text-slate-500">{order.sourceLabel}</span>
                </Cell>
                <Cell label="Amount" className="whitespace-nowrap">
                  {order.amount}
                </Cell>
                <Cell label="Status">
                  <StatusBadge label={order.statusLabel} />
                </Cell>
                <Cell label="Refunded" className="whitespace-nowrap">
                  {order.refundedAt ? formatDay(order.refundedAt) : "—"}
                </Cell>
                <Cell label="Reference" className="sm:max-w-[14rem] break-all font-mono text-xs">
                  <span className="sr-only">{order.source === "stripe" ? "Checkout session " : "Sale "}</span>
                  {order.reference}
                  <Link to={`/account/purchases/${order.id}`} className="mt-1 block font-sans text-brand-700 underline">
                    Receipt
                  </Link>
                </Cell>
                <Cell label="Affiliate">{order.affiliateId ?? "—"}</Cell>
                <Cell label="Refund" className="sm:min-w-[14rem]">
                  <OrderRefund refund={order.refund} />
                </Cell>
              </tr>
            ))}
          </tbody>
        </TableFrame>
      )}
    </AdminSection>
  );
}
