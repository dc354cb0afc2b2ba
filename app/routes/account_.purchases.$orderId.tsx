import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PrintButton } from "~/platform/ui/print-button";
import { formatDay } from "~/platform/dates";
import { env } from "~/platform/env.server";
import { hasAdminRights, requireUser } from "~/features/accounts/index.server";
import { formatMoney } from "~/platform/money";
import { productLabel, SOURCE_LABELS, STATUS_LABELS } from "~/features/billing/orders";
import { isUuid } from "~/platform/uuid";
import { getOrder } from "~/features/billing/index.server";
import { brandedTitle } from "~/platform/page-meta";

export const meta: MetaFunction = ({ matches }) => [
  brandedTitle("Receipt", matches),
  { name: "robots", content: "noindex" },
];

/**
 * A printable receipt. Only the order's owner and admins may open it; to anyone else it does not
 * exist. An admin's session counts as an admin's only past the admin rule (decision 050): before
 * step-up, another person's receipt is a 404 as it is to any member.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const order = isUuid(params.orderId) ? await getOrder(params.orderId) : null;
  if (
    !order ||
    (order.userId !== user.id && !hasAdminRights(user)) ||
    (order.status !== "completed" && order.status !== "refunded")
  ) {
    throw data("Receipt not found", { status: 404 });
  }
  const { BRAND_NAME, SUPPORT_EMAIL } = env();
  return {
    seller: { name: BRAND_NAME, email: SUPPORT_EMAIL },
    buyer: { name: order.userName ?? "", email: order.userEmail ?? "" },
    order: {
      reference: order.id,
      providerReference: order.reference,
      source: SOURCE_LABELS[order.source],
      product: productLabel(order.source, order.product, order.productName),
      amount: order.amountCents === null ? "—" : formatMoney(order.amountCents, order.currency),
      date: formatDay(order.createdAt),
      status: STATUS_LABELS[order.status],
      refundedOn: order.refundedAt ? formatDay(order.refundedAt) : null,
    },
    own: order.userId === user.id,
  };
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-3 py-2">
      <dt className="font-semibold text-slate-600">{label}</dt>
      <dd className="break-all text-slate-900">{children}</dd>
    </div>
  );
}

export default function ReceiptPage() {
  const { seller, buyer, order, own } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-2xl px-4 py-10 print:max-w-none print:p-0">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={own ? "/account/purchases" : "/admin/members"} className="font-semibold text-brand-700 underline">
          {own ? "Your purchases" : "Members"}
        </Link>
        <PrintButton />
      </div>
      <article className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm print:border-0 print:shadow-none">
        <h1 className="text-2xl font-bold">Receipt</h1>
        <dl className="mt-4 divide-y divide-slate-100 text-sm">
          <Row label="Seller">
            {seller.name}, {seller.email}
          </Row>
          <Row label="Buyer">{buyer.name ? `${buyer.name}, ${buyer.email}` : buyer.email}</Row>
          <Row label="Product">{order.product}</Row>
          <Row label="Amount">{order.amount}</Row>
          <Row label="Date">{order.date}</Row>
          <Row label="Order reference">{order.reference}</Row>
          <Row label={`${order.source} reference`}>{order.providerReference}</Row>
          <Row label="Status">{order.refundedOn ? `Refunded on ${order.refundedOn}` : order.status}</Row>
        </dl>
      </article>
    </main>
  );
}
