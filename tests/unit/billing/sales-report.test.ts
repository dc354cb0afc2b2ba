import { describe, expect, it } from "vitest";
import { calendarDayIn } from "~/platform/dates";
import { chartGeometry, dailySeries, summarizePeriods, type PeriodRow } from "~/features/billing/sales-report";
import { at } from "../../support/present";

describe("summarizePeriods", () => {
  it("adds sources into a total per currency, never across currencies, with every period present", () => {
    const rows: PeriodRow[] = [
      { period: "all", source: "stripe", currency: "USD", gross: 5000, refunds: 2500 },
      { period: "all", source: "warriorplus", currency: "USD", gross: 1700, refunds: 0 },
      { period: "all", source: "stripe", currency: "EUR", gross: 1900, refunds: 0 },
      { period: "7d", source: "warriorplus", currency: "USD", gross: 1700, refunds: 1700 },
    ];
    const periods = summarizePeriods(rows);
    const [today, week, all] = [at(periods, 0), at(periods, 1), at(periods, 3)];
    expect(today.currencies.map((c) => [c.currency, c.total])).toEqual([
      ["EUR", { gross: 0, refunds: 0, net: 0 }],
      ["USD", { gross: 0, refunds: 0, net: 0 }],
    ]);
    expect(week.currencies[1]?.bySource.warriorplus).toEqual({ gross: 1700, refunds: 1700, net: 0 });
    expect(all.currencies[1]?.total).toEqual({ gross: 6700, refunds: 2500, net: 4200 });
    expect(all.currencies[0]?.total).toEqual({ gross: 1900, refunds: 0, net: 1900 });
  });
});

describe("calendarDayIn", () => {
  it("names the day a moment falls on in a time zone, not in UTC", () => {
    const evening = new Date("2026-03-10T03:30:00Z");
    expect(calendarDayIn(evening, "UTC")).toBe("2026-03-10");
    expect(calendarDayIn(evening, "America/Chicago")).toBe("2026-03-09");
    expect(calendarDayIn(new Date("2026-03-09T19:00:00Z"), "Asia/Tokyo")).toBe("2026-03-10");
  });
});

describe("dailySeries", () => {
  it("fills the days without sales with zero, oldest first and today last, per currency", () => {
    const today = "2026-11-23";
    const [usd] = dailySeries(
      [
        { day: "2026-11-22", currency: "USD", net: -1700 },
        { day: "2026-11-01", currency: "USD", net: 99 },
      ],
      today,
      3,
    );
    expect(usd).toEqual({
      currency: "USD",
      points: [
        { day: "2026-11-21", net: 0 },
        { day: "2026-11-22", net: -1700 },
        { day: "2026-11-23", net: 0 },
      ],
    });
    expect(dailySeries([], today, 2)).toEqual([
      {
        currency: "USD",
        points: [
          { day: "2026-11-22", net: 0 },
          { day: "2026-11-23", net: 0 },
        ],
      },
    ]);
  });
});

describe("chartGeometry", () => {
  it("puts zero on a baseline with gains above and losses below, scaled to the box", () => {
    const chart = chartGeometry(
      [
        { day: "a", net: 300 },
        { day: "b", net: -100 },
        { day: "c", net: 0 },
      ],
      300,
      100,
    );
    expect(chart.baseline).toBe(75);
    expect(chart.bars.map((bar) => [bar.y, bar.height])).toEqual([
      [0, 75],
      [75, 25],
      [75, 0],
    ]);
    expect(chart.bars[1]?.x).toBeCloseTo(115);
    expect(chartGeometry([{ day: "a", net: 0 }], 10, 10).bars[0]?.height).toBe(0);
  });
});
