import { formatMoney } from "~/platform/money";
import { productLabel, SOURCE_LABELS, STATUS_LABELS } from "./orders";
import { dailySeries, summarizePeriods } from "./sales-report";
import { recentOrders } from "./order-ledger.server";
import { dailyNet, periodTotals, salesByProduct, topAffiliates } from "./sales-store.server";
import { calendarDayIn } from "~/platform/dates";
import { now } from "~/platform/clock.server";

const CHART_DAYS = 30;

/**
 * The admin's Sales page: four aggregate queries (one per block) and the 20 newest orders;
 * nothing loads every order. Its days run from midnight to midnight in `timeZone` (the launch's,
 * which the route passes: a launch day's sales on one bar), up to the server's "now".
 */
export async function salesOverview({ timeZone }: { timeZone: string }) {
  const when = { now: now(), timeZone };
  const [periods, daily, affiliates, recent, byProduct] = await Promise.all([
    periodTotals(when),
    dailyNet(when, CHART_DAYS),
    topAffiliates(10),
    recentOrders(20),
    salesByProduct(),
  ]);
  return {
    // Revenue per product, and each upgrade's take rate among front-end buyers (decision 051).
    frontEndBuyers: byProduct.frontEndBuyers,
    products: byProduct.rows.map((row) => ({
      ...row,
      revenueLabel: formatMoney(row.revenue, row.currency),
      takeRate:
        row.productKey === "membership" || byProduct.frontEndBuyers === 0
          ? "—"
          : `${Math.round((row.buyersWithFrontEnd / byProduct.frontEndBuyers) * 1000) / 10}%`,
    })),
    periods: summarizePeriods(periods),
    timeZone,
    charts: dailySeries(daily, calendarDayIn(when.now, timeZone), CHART_DAYS),
    affiliates,
    recent: recent.map((order) => ({
      id: order.id,
      date: order.createdAt.toISOString(),
      userId: order.userId,
      email: order.userEmail,
      source: SOURCE_LABELS[order.source],
      product: productLabel(order.source, order.product, order.productName),
      amount: order.amountCents === null ? "—" : formatMoney(order.amountCents, order.currency),
      status: STATUS_LABELS[order.status],
    })),
  };
}
