import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { StatusBadge } from "~/platform/ui/admin/admin-page";
import { formatDay } from "~/platform/dates";
import { requireUser } from "~/features/accounts/index.server";
import { formatMoney } from "~/platform/money";
import { productLabel, SOURCE_LABELS, STATUS_LABELS } from "~/features/billing/orders";
import { ordersOfUser } from "~/features/billing/index.server";
import { listAccessGrants, catalogue } from "~/features/catalogue/index.server";
import { UPGRADES } from "~/features/catalogue/catalogue";
import { brandedTitle } from "~/platform/page-meta";

export const meta: MetaFunction = ({ matches }) => [
  brandedTitle("Your purchases", matches),
  { name: "robots", content: "noindex" },
];

/** The signed-in member's orders from both sources (refunded ones too: they still have a receipt). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const orders = await ordersOfUser(user.id);
  // Issue 30: a member whose access was given, not bought, is told so instead of being sent to
  // the plans (which send a paid member back to the training).
  const complimentary =
    user.hasPaid && !orders.some((order) => order.status === "completed")
      ? (await listAccessGrants(user.id)).find((grant) => grant.active)
      : undefined;
  return {
    access: complimentary
      ? { kind: "complimentary" as const, until: complimentary.expiresAt?.toISOString() ?? null }
      : user.hasPaid
        ? { kind: "paid" as const }
        : { kind: "none" as const },
    // The upgrades this member owns now (decision 051), however they came (order, grant).
    upgrades: UPGRADES.filter((upgrade) => user.products.includes(upgrade.key)).map((upgrade) => ({
      key: upgrade.key,
      name: catalogue()[upgrade.key].name,
      href: upgrade.ownerHref,
    })),
    orders: orders
      .filter((order) => order.status === "completed" || order.status === "refunded")
      .map((order) => ({
        id: order.id,
        date: order.createdAt.toISOString(),
        product: productLabel(order.source, order.product, order.productName),
        source: SOURCE_LABELS[order.source],
        amount: order.amountCents === null ? "—" : formatMoney(order.amountCents, order.currency),
        status: STATUS_LABELS[order.status],
      })),
  };
}

export default function Purchases() {
  const { orders, upgrades, access } = useLoaderData<typeof loader>();
  return (
    <>
      <main className="mx-auto max-w-4xl px-4 py-10">
        <h1 className="text-3xl font-bold">Your purchases</h1>
        {upgrades.length > 0 ? (
          <section aria-labelledby="owned-upgrades" className="mt-6 rounded-xl border border-slate-200 bg-white p-5">
            <h2 id="owned-upgrades" className="text-lg font-semibold">
              Your upgrades
            </h2>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {upgrades.map((upgrade) => (
                <li key={upgrade.key}>
                  <Link to={upgrade.href} className="font-medium text-brand-700 underline">
                    {upgrade.name}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {access.kind === "complimentary" ? (
          <p className="mt-6 rounded-xl border border-slate-200 bg-white px-4 py-6 text-center text-slate-700">
            Your access is complimentary: it was given to this account by our team
            {access.until ? `, until ${formatDay(access.until)}` : ""}, not bought, so there is no purchase or receipt
            to show.{" "}
            <Link to="/dashboard" className="tap-inline font-semibold text-brand-700 underline">
              Go to your training
            </Link>
          </p>
        ) : null}
        {orders.length === 0 && access.kind === "none" ? (
          <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-slate-600">
            No purchases on this account yet.{" "}
            <Link to="/payment-options" className="font-semibold text-brand-700 underline">
              See the plans
            </Link>
          </p>
        ) : orders.length === 0 && access.kind === "paid" ? (
          <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-slate-600">
            No purchases on this account: your access came another way.{" "}
            <Link to="/dashboard" className="tap-inline font-semibold text-brand-700 underline">
              Go to your training
            </Link>
          </p>
        ) : orders.length === 0 ? null : (
          <ul className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
            {orders.map((order) => (
              <li key={order.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div>
                  <p className="font-semibold text-slate-900">{order.product}</p>
                  <p className="text-sm text-slate-600">
                    {formatDay(order.date)} · {order.amount} · {order.source}
                  </p>
                </div>
                <div className="flex items-center gap-3">
                  <StatusBadge label={order.status} />
                  <Link
                    to={`/account/purchases/${order.id}`}
                    className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
                  >
                    Receipt
                    <span className="sr-only">
                      {" "}
                      for {order.product} on {formatDay(order.date)}
                    </span>
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        )}
      </main>
    </>
  );
}
