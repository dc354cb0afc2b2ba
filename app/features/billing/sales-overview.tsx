import { Link } from "@remix-run/react";
import { AdminPage, AdminSection, EmptyNote, StatusBadge, TableFrame, Cell } from "~/platform/ui/admin/admin-page";
import { secondaryButton } from "~/platform/ui/admin/form-controls";
import { formatDay } from "~/platform/dates";
import { formatAmount, formatMoney } from "~/platform/money";
import { SalesChart } from "./sales-chart";
import { SALES_SOURCES } from "./sales-report";
import type { salesOverview } from "./sales-overview.server";

/** The admin's Sales page: revenue by period and product, the last 30 days, affiliates, recent orders. */
export function SalesOverview({ overview }: { overview: Awaited<ReturnType<typeof salesOverview>> }) {
  const { periods, charts, affiliates, recent, products, frontEndBuyers, timeZone } = overview;
  const hasSales = periods.some((period) => period.currencies.length > 0);
  return (
    <AdminPage
      title="Sales"
      actions={
        <a href="/admin/orders.csv" className={secondaryButton} download>
          Export orders CSV
        </a>
      }
    >
      <AdminSection title="Revenue">
        <p className="mb-3 text-sm text-slate-600">
          Days run from midnight to midnight in {timeZone}, the launch time zone (
          <Link to="/admin/launch" className="text-brand-700 underline">
            Launch settings
          </Link>
          ).
        </p>
        {!hasSales ? (
          <EmptyNote>No sales yet.</EmptyNote>
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            {periods.map((period) => (
              <section
                key={period.key}
                aria-label={period.label}
                className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
              >
                <h3 className="text-sm font-semibold text-slate-600">{period.label}</h3>
                {period.currencies.map((figures) => (
                  <div key={figures.currency} className="mt-2">
                    <p
                      className="text-2xl font-bold tabular-nums text-slate-900"
                      data-testid={`net-${period.key}-${figures.currency}`}
                    >
                      {formatMoney(figures.total.net, figures.currency)}
                    </p>
                    <table className="mt-2 w-full text-sm tabular-nums [&_td]:py-0.5 [&_th]:py-0.5">
                      <caption className="sr-only">
                        {period.label} in {figures.currency}: gross, refunds and net by source
                      </caption>
                      <thead className="text-xs text-slate-500">
                        <tr>
                          <th scope="col" className="text-left font-medium">
                            <span className="sr-only">Source</span>
                          </th>
                          <th scope="col" className="text-right font-medium">
                            Gross
                          </th>
                          <th scope="col" className="text-right font-medium">
                            Refunds
                          </th>
                          <th scope="col" className="text-right font-medium">
                            Net
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {SALES_SOURCES.map((source) => (
                          <tr key={source.key}>
                            <th scope="row" className="text-left font-normal text-slate-600">
                              {source.label}
                            </th>
                            <td className="text-right">
                              {formatAmount(figures.bySource[source.key].gross, figures.currency)}
                            </td>
                            <td className="text-right">
                              {formatAmount(figures.bySource[source.key].refunds, figures.currency)}
                            </td>
                            <td className="text-right">
                              {formatAmount(figures.bySource[source.key].net, figures.currency)}
                            </td>
                          </tr>
                        ))}
                        <tr className="border-t border-slate-200 font-semibold">
                          <th scope="row" className="text-left">
                            Total
                          </th>
                          <td className="text-right">{formatAmount(figures.total.gross, figures.currency)}</td>
                          <td className="text-right">{formatAmount(figures.total.refunds, figures.currency)}</td>
                          <td className="text-right">{formatAmount(figures.total.net, figures.currency)}</td>
                        </tr>
                      </tbody>
                    </table>
                  </div>
                ))}
              </section>
            ))}
          </div>
        )}
      </AdminSection>

      <AdminSection title="Daily net revenue, last 30 days">
        {charts.map((series) => (
          <SalesChart key={series.currency} series={series} timeZone={timeZone} />
        ))}
      </AdminSection>

      <AdminSection title="Revenue per product">
        {products.length === 0 ? (
          <EmptyNote>No product sales yet.</EmptyNote>
        ) : (
          <TableFrame label="Revenue per product">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col" className="text-right">
                  Sales
                </th>
                <th scope="col" className="text-right">
                  Refunds
                </th>
                <th scope="col" className="text-right">
                  Revenue kept
                </th>
                <th scope="col" className="text-right">
                  Take rate ({frontEndBuyers} front-end buyers)
                </th>
              </tr>
            </thead>
            <tbody>
              {products.map((product) => (
                <tr key={`${product.productKey}-${product.currency}`}>
                  <Cell label="Product">{product.productName}</Cell>
                  <Cell label="Sales" className="sm:text-right tabular-nums">
                    {product.sales}
                  </Cell>
                  <Cell label="Refunds" className="sm:text-right tabular-nums">
                    {product.refunds}
                  </Cell>
                  <Cell label="Revenue kept" className="sm:text-right tabular-nums">
                    {product.revenueLabel}
                  </Cell>
                  <Cell label="Take rate" className="sm:text-right tabular-nums">
                    {product.takeRate}
                  </Cell>
                </tr>
              ))}
            </tbody>
          </TableFrame>
        )}
      </AdminSection>

      <AdminSection title="Top affiliates">
        {affiliates.length === 0 ? (
          <EmptyNote>No affiliate sales yet.</EmptyNote>
        ) : (
          <TableFrame label="Top affiliates">
            <thead>
              <tr>
                <th scope="col">Affiliate</th>
                <th scope="col" className="text-right">
                  Sales
                </th>
                <th scope="col" className="text-right">
                  Refunds
                </th>
                <th scope="col" className="text-right">
                  Revenue kept
                </th>
              </tr>
            </thead>
            <tbody>
              {affiliates.map((affiliate) => (
                <tr key={`${affiliate.affiliateId}-${affiliate.currency}`}>
                  <Cell label="Affiliate" className="break-all">
                    {affiliate.affiliateId}
                  </Cell>
                  <Cell label="Sales" className="sm:text-right tabular-nums">
                    {affiliate.sales}
                  </Cell>
                  <Cell label="Refunds" className="sm:text-right tabular-nums">
                    {affiliate.refunds}
                  </Cell>
                  <Cell label="Revenue kept" className="sm:text-right tabular-nums">
                    {formatMoney(affiliate.revenue, affiliate.currency)}
                  </Cell>
                </tr>
              ))}
            </tbody>
          </TableFrame>
        )}
      </AdminSection>

      <AdminSection title="Recent orders">
        {recent.length === 0 ? (
          <EmptyNote>No orders yet.</EmptyNote>
        ) : (
          <TableFrame label="Recent orders">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Member</th>
                <th scope="col">Product</th>
                <th scope="col">Amount</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {recent.map((order) => (
                <tr key={order.id}>
                  <Cell label="Date" className="whitespace-nowrap">
                    {formatDay(order.date)}
                  </Cell>
                  <Cell label="Member" className="sm:max-w-[16rem] break-all">
                    {order.userId ? (
                      <Link
                        to={`/admin/members/${order.userId}`}
                        className="text-brand-700 underline-offset-2 hover:underline"
                      >
                        {order.email}
                      </Link>
                    ) : (
                      "No account"
                    )}
                  </Cell>
                  <Cell label="Product">
                    {order.product}
                    <span className="block text-xs text-slate-500">{order.source}</span>
                  </Cell>
                  <Cell label="Amount" className="whitespace-nowrap tabular-nums">
                    {order.amount}
                  </Cell>
                  <Cell label="Status">
                    <StatusBadge label={order.status} />
                  </Cell>
                </tr>
              ))}
            </tbody>
          </TableFrame>
        )}
      </AdminSection>
    </AdminPage>
  );
}
