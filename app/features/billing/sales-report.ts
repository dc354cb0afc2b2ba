/**
 * The Sales page's arithmetic on what the aggregate SQL returns (features/billing/sales-store.server.ts): every
 * amount is integer cents in one currency; currencies are never added together.
 */
export const SALES_PERIODS = [
  { key: "today", label: "Today", days: 1 },
  { key: "7d", label: "Last 7 days", days: 7 },
  { key: "30d", label: "Last 30 days", days: 30 },
  { key: "all", label: "All time", days: null },
] as const;

export type SalesPeriod = (typeof SALES_PERIODS)[number]["key"];
export const SALES_SOURCES = [
  { key: "stripe", label: "Stripe" },
  { key: "warriorplus", label: "WarriorPlus" },
] as const;
export type SalesSource = (typeof SALES_SOURCES)[number]["key"];

/** One row of the period query: sales and refunds of one source in one currency. */
export type PeriodRow = { period: SalesPeriod; source: SalesSource; currency: string; gross: number; refunds: number };

export type Figures = { gross: number; refunds: number; net: number };
export type CurrencyFigures = { currency: string; bySource: Record<SalesSource, Figures>; total: Figures };
export type PeriodSummary = { key: SalesPeriod; label: string; currencies: CurrencyFigures[] };

const zero = (): Figures => ({ gross: 0, refunds: 0, net: 0 });
function add(into: Figures, gross: number, refunds: number) {
  into.gross += gross;
  into.refunds += refunds;
  into.net = into.gross - into.refunds;
}

/** Each period, each currency seen (alphabetical), by source and in total. */
export function summarizePeriods(rows: readonly PeriodRow[]): PeriodSummary[] {
  const currencies = [...new Set(rows.map((row) => row.currency))].sort();
  return SALES_PERIODS.map((period) => ({
    key: period.key,
    label: period.label,
    currencies: currencies.map((currency) => {
      const figures: CurrencyFigures = { currency, bySource: { stripe: zero(), warriorplus: zero() }, total: zero() };
      for (const row of rows) {
        if (row.period !== period.key || row.currency !== currency) continue;
        add(figures.bySource[row.source], row.gross, row.refunds);
        add(figures.total, row.gross, row.refunds);
      }
      return figures;
    }),
  }));
}

/** 'YYYY-MM-DD' of the calendar day `offset` days before `today` ('YYYY-MM-DD'). */
function dayBefore(today: string, offset: number): string {
  const [year, month, day] = today.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day - offset)).toISOString().slice(0, 10);
}

export type DailyPoint = { day: string; net: number };
export type DailySeries = { currency: string; points: DailyPoint[] };

/**
 * The last `days` days up to `today` ('YYYY-MM-DD', the calendar day in the time zone the rows
 * were grouped in), oldest first, for each currency, days without sales at 0.
 * A currency with no rows at all still gets 'fallbackCurrency' so the chart is never missing.
 */
export function dailySeries(
  rows: ReadonlyArray<{ day: string; currency: string; net: number }>,
  today: string,
  days: number,
  fallbackCurrency = "USD",
): DailySeries[] {
  const currencies = [...new Set(rows.map((row) => row.currency))].sort();
  return (currencies.length ? currencies : [fallbackCurrency]).map((currency) => {
    const byDay = new Map(rows.filter((row) => row.currency === currency).map((row) => [row.day, row.net]));
    const points = Array.from({ length: days }, (_, index) => {
      const day = dayBefore(today, days - 1 - index);
      return { day, net: byDay.get(day) ?? 0 };
    });
    return { currency, points };
  });
}

export type ChartBar = { day: string; net: number; x: number; y: number; width: number; height: number };
export type ChartGeometry = {
  width: number;
  height: number;
  baseline: number;
  bars: ChartBar[];
  max: number;
  min: number;
};

/**
 * Bars of a daily series in a width x height box: positive nets rise from the baseline, negative
 * ones (a day of refunds) hang below it. The scale always includes zero.
 */
export function chartGeometry(points: readonly DailyPoint[], width: number, height: number): ChartGeometry {
  const max = Math.max(0, ...points.map((p) => p.net));
  const min = Math.min(0, ...points.map((p) => p.net));
  const span = max - min || 1;
  const baseline = (max / span) * height;
  const slot = width / Math.max(1, points.length);
  const barWidth = Math.max(1, slot * 0.7);
  const bars = points.map((point, index) => {
    const size = (Math.abs(point.net) / span) * height;
    return {
      day: point.day,
      net: point.net,
      x: index * slot + (slot - barWidth) / 2,
      y: point.net >= 0 ? baseline - size : baseline,
      width: barWidth,
      height: size,
    };
  });
  return { width, height, baseline, bars, max, min };
}
