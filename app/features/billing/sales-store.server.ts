import { sql } from "kysely";
import { db } from "~/platform/db/db.server";
import type { PeriodRow } from "./sales-report";

/**
 * The Sales page's figures, each block one aggregate query over order_ledger. Days are calendar
 * days in the time zone the page passes (the launch's): 'Last 7 days' is today and the six days
 * before it, today being the day `now` falls on there. A sale counts on the day it was paid
 * (completed or later refunded); a refund on the day it was refunded. Amounts are integer cents
 * per currency.
 */
const PAID = sql`l.status IN ('completed', 'refunded') AND l.amount_cents IS NOT NULL`;

/** Where the days are counted: the moment that is "now" and the time zone whose midnights divide them. */
export type SalesDays = { now: Date; timeZone: string };

/** The midnight `days` days before today's, in the time zone (a local date minus days, so a DST change keeps midnight). */
const midnightDaysAgo = ({ now, timeZone }: SalesDays, days: number) =>
  sql`(date_trunc('day', ${now}::timestamptz AT TIME ZONE ${timeZone}) - make_interval(days => ${days})) AT TIME ZONE ${timeZone}`;

export async function periodTotals(when: SalesDays): Promise<PeriodRow[]> {
  const { rows } = await sql<{
    period: PeriodRow["period"];
    source: PeriodRow["source"];
    currency: string;
    gross: string;
    refunds: string;
  }>`
    SELECT p.period, l.source, coalesce(l.currency, 'USD') AS currency,
           coalesce(sum(l.amount_cents) FILTER (WHERE l.created_at >= p.since), 0) AS gross,
           coalesce(sum(l.amount_cents) FILTER (WHERE l.refunded_at >= p.since), 0) AS refunds
    FROM order_ledger l
    CROSS JOIN (VALUES ('today', ${midnightDaysAgo(when, 0)}),
                       ('7d', ${midnightDaysAgo(when, 6)}),
                       ('30d', ${midnightDaysAgo(when, 29)}),
                       ('all', '-infinity'::timestamptz)) AS p (period, since)
    WHERE ${PAID}
    GROUP BY p.period, l.source, coalesce(l.currency, 'USD')`.execute(db());
  // sum() of integers is bigint, which the drivers return as text: cents fit a JS number easily.
  return rows.map((row) => ({ ...row, gross: Number(row.gross), refunds: Number(row.refunds) }));
}

/** Net (sales minus refunds) per day and currency over the last `days` days; days without any are absent. */
export async function dailyNet(
  when: SalesDays,
  days: number,
): Promise<Array<{ day: string; currency: string; net: number }>> {
  const { rows } = await sql<{ day: string; currency: string; net: string }>`
    SELECT to_char(moved.day, 'YYYY-MM-DD') AS day, moved.currency, sum(moved.amount) AS net
    FROM (
      SELECT date_trunc('day', l.created_at AT TIME ZONE ${when.timeZone}) AS day, coalesce(l.currency, 'USD') AS currency, l.amount_cents AS amount
      FROM order_ledger l WHERE ${PAID} AND l.created_at >= ${midnightDaysAgo(when, days - 1)}
      UNION ALL
      SELECT date_trunc('day', l.refunded_at AT TIME ZONE ${when.timeZone}), coalesce(l.currency, 'USD'), -l.amount_cents
      FROM order_ledger l WHERE ${PAID} AND l.refunded_at >= ${midnightDaysAgo(when, days - 1)}
    ) AS moved
    GROUP BY moved.day, moved.currency`.execute(db());
  return rows.map((row) => ({ day: row.day, currency: row.currency, net: Number(row.net) }));
}

export type AffiliateRow = { affiliateId: string; currency: string; sales: number; refunds: number; revenue: number };

/** Marketplace affiliates by revenue kept (sales not refunded), best first. */
export async function topAffiliates(limit: number): Promise<AffiliateRow[]> {
  const { rows } = await sql<{
    affiliate_id: string;
    currency: string;
    sales: string;
    refunds: string;
    revenue: string;
  }>`
    SELECT l.affiliate_id, coalesce(l.currency, 'USD') AS currency, count(*) AS sales,
           count(*) FILTER (WHERE l.refunded_at IS NOT NULL) AS refunds,
           coalesce(sum(l.amount_cents) FILTER (WHERE l.refunded_at IS NULL), 0) AS revenue
    FROM order_ledger l
    WHERE l.source = 'warriorplus' AND l.affiliate_id IS NOT NULL AND ${PAID}
    GROUP BY l.affiliate_id, coalesce(l.currency, 'USD')
    ORDER BY revenue DESC, sales DESC, l.affiliate_id
    LIMIT ${limit}`.execute(db());
  return rows.map((row) => ({
    affiliateId: row.affiliate_id,
    currency: row.currency,
    sales: Number(row.sales),
    refunds: Number(row.refunds),
    revenue: Number(row.revenue),
  }));
}

export type ProductSalesRow = {
  productKey: string;
  productName: string;
  currency: string;
  sales: number;
  refunds: number;
  revenue: number;
  /** Distinct buyers of this product (paid, refunded or not). */
  buyers: number;
  /** Of them, how many also bought the front end (the membership). */
  buyersWithFrontEnd: number;
};

/**
 * Revenue per catalogue product (decision 051), and for each the buyers who also bought the
 * membership, so the page can show each upgrade's take rate among front-end buyers.
 */
export async function salesByProduct(): Promise<{ rows: ProductSalesRow[]; frontEndBuyers: number }> {
  const { rows } = await sql<{
    product_key: string;
    name: string;
    currency: string;
    sales: string;
    refunds: string;
    revenue: string;
    buyers: string;
    buyers_with_front_end: string;
  }>`
    WITH paid AS (SELECT l.* FROM order_ledger l WHERE ${PAID} AND l.product_key IS NOT NULL),
         front AS (SELECT DISTINCT user_id FROM paid WHERE product_key = 'membership' AND user_id IS NOT NULL)
    SELECT p.key AS product_key, p.name, coalesce(paid.currency, 'USD') AS currency,
           count(*) AS sales,
           count(*) FILTER (WHERE paid.refunded_at IS NOT NULL) AS refunds,
           coalesce(sum(paid.amount_cents) FILTER (WHERE paid.refunded_at IS NULL), 0) AS revenue,
           count(DISTINCT paid.user_id) AS buyers,
           count(DISTINCT paid.user_id) FILTER (WHERE paid.user_id IN (SELECT user_id FROM front)) AS buyers_with_front_end
    FROM paid JOIN products p ON p.key = paid.product_key
    GROUP BY p.key, p.name, p.sort_order, coalesce(paid.currency, 'USD')
    ORDER BY p.sort_order, currency`.execute(db());
  const front = await sql<{ count: string }>`
    SELECT count(DISTINCT l.user_id) AS count FROM order_ledger l
    WHERE ${PAID} AND l.product_key = 'membership' AND l.user_id IS NOT NULL`.execute(db());
  return {
    frontEndBuyers: Number(front.rows[0]?.count ?? 0),
    rows: rows.map((row) => ({
      productKey: row.product_key,
      productName: row.name,
      currency: row.currency,
      sales: Number(row.sales),
      refunds: Number(row.refunds),
      revenue: Number(row.revenue),
      buyers: Number(row.buyers),
      buyersWithFrontEnd: Number(row.buyers_with_front_end),
    })),
  };
}
