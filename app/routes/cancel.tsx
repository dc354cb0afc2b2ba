import type { MetaFunction } from "@remix-run/node";
import { PaymentReturn } from "~/features/billing/payment-return";
import { brandedTitle } from "~/platform/page-meta";

export const meta: MetaFunction = ({ matches }) => [
  brandedTitle("Payment Cancelled", matches),
  { name: "robots", content: "noindex" },
];

export default function Cancel() {
  return (
    <PaymentReturn title="Payment Cancelled" tone="neutral">
      <p>
        Your payment was cancelled and you have not been charged. You can choose a plan again whenever you are ready.
      </p>
    </PaymentReturn>
  );
}
