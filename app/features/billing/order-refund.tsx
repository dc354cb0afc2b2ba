import { Form } from "@remix-run/react";
import { REFUND_REASON_MAX } from "./refunds";
import { dangerButton, inputClass } from "~/platform/ui/admin/form-controls";

/** What the member page may do about one order's refund (decision 055), computed by its loader. */
export type RefundView =
  | { kind: "stripe"; orderId: string; guarantee: string; guaranteeEnded: boolean }
  | { kind: "requested"; guarantee: string; requestedOn: string }
  | { kind: "marketplace"; saleUrl: string; sale: string }
  | { kind: "free" }
  | { kind: "none" };

/**
 * The refund cell of an order on /admin/members/{id}: the guarantee's end and a 'Refund' form
 * for a completed card payment (a second tick past the guarantee), a link to the sale for a
 * marketplace order, which WarriorPlus refunds itself. A checkout that cost nothing (a 100%
 * coupon) has no card payment for Stripe to refund, so it has no form.
 */
export function OrderRefund({ refund }: { refund: RefundView }) {
  switch (refund.kind) {
    case "none":
      return <>—</>;
    case "free":
      return <span className="text-sm text-slate-600">Nothing to refund (no card payment)</span>;
    case "marketplace":
      return (
        <span className="text-sm">
          <a href={refund.saleUrl} target="_blank" rel="noreferrer" className="text-brand-700 underline">
            Refund on WarriorPlus
          </a>
          <span className="block text-slate-600">Search there for sale {refund.sale}</span>
        </span>
      );
    case "requested":
      return (
        <span className="text-sm">
          {refund.guarantee}
          <span className="block text-slate-600">Refund requested {refund.requestedOn}</span>
        </span>
      );
    case "stripe":
      return (
        <Form method="post" className="space-y-2" aria-label={`Refund order ${refund.orderId}`}>
          <p className="text-sm">{refund.guarantee}</p>
          <input type="hidden" name="intent" value="refund" />
          <input type="hidden" name="order" value={refund.orderId} />
          <label className="block text-sm font-medium text-slate-700">
            Reason
            <input name="reason" required maxLength={REFUND_REASON_MAX} className={inputClass} />
          </label>
          {refund.guaranteeEnded ? (
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" name="confirmLate" value="yes" required />
              Refund after the guarantee
            </label>
          ) : null}
          <button type="submit" className={dangerButton}>
            Refund
          </button>
        </Form>
      );
  }
}
