import type { MetaFunction } from "@remix-run/node";
import { PaymentReturn } from "~/components/payment-return";

export const meta: MetaFunction = () => [{ title: "Payment Cancelled | AI Profit Labs" }, { name: "robots", content: "noindex" }];

export default function Cancel() {
  return (
    <PaymentReturn title="Payment Cancelled" tone="neutral">
      <p>Your payment was cancelled and you have not been charged. You can choose a plan again whenever you are ready.</p>
    </PaymentReturn>
  );
}
