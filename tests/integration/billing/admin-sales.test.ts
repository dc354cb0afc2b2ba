import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetServerClock, setServerClock } from "../../support/clock";
import { createUser, signIn } from "../../support/fixtures";
import { redirectTarget, type Browser } from "../../support/http";
import { getPage, type parseHtml } from "../../support/html";
import { LAUNCH_FORM } from "../../support/launch-form";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from "../../support/test-app";

/**
 * /admin/sales on a fixture of orders across both sources, refunds, currencies and days, on a
 * database of its own (so no other test's orders count). The expected sums are written out by
 * hand below, order by order. The days are the launch time zone's: UTC here, so the fixture's
 * "days ago" are UTC days, until the last test moves the zone and the server's clock.
 */
let app: TestApp;
let admin: Browser;
let buyerId: string;

const ago = (days: number) => sql<Date>`now() - make_interval(days => ${days})`;

/** Saves the launch settings with no dates and this time zone, as the admin does on /admin/launch. */
async function launchTimeZone(timeZone: string) {
  const response = await admin.post("/admin/launch", { ...LAUNCH_FORM, timeZone });
  expect(response.status, await response.clone().text()).toBe(303);
  expect(redirectTarget(response)).toBe("/admin/launch");
}

beforeAll(async () => {
  app = await startTestApp();
  admin = await signIn(app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  await launchTimeZone("UTC");
  const buyer = await createUser(app.db, { name: "Fixture Buyer" });
  buyerId = buyer.id;
  await app.db.insertInto("stripe_customers").values({ user_id: buyer.id, customer_id: "cus_sales" }).execute();

  const stripe = (
    id: string,
    status: "completed" | "refunded" | "pending" | "canceled",
    cents: number,
    currency: string,
    createdDaysAgo: number,
    refundedDaysAgo?: number,
  ) =>
    app.db
      .insertInto("stripe_orders")
      .values({
        checkout_session_id: `cs_sales_${id}`,
        customer_id: "cus_sales",
        product_key: "AI_PROFIT_LABS",
        amount_total: cents,
        currency,
        status,
        created_at: ago(createdDaysAgo),
        refunded_at: refundedDaysAgo === undefined ? null : ago(refundedDaysAgo),
      })
      .execute();
  const market = (
    id: string,
    cents: number | null,
    affiliate: string,
    createdDaysAgo: number,
    refundedDaysAgo?: number,
  ) =>
    app.db
      .insertInto("warriorplus_orders")
      .values({
        user_id: buyer.id,
        sale_id: `sale_sales_${id}`,
        item_name: "AI Profit Labs",
        buyer_email: buyer.email,
        affiliate_id: affiliate,
        amount_cents: cents,
        currency: "USD",
        created_at: ago(createdDaysAgo),
        refunded_at: refundedDaysAgo === undefined ? null : ago(refundedDaysAgo),
      })
      .execute();

  await stripe("S1", "completed", 2500, "usd", 0);
  await stripe("S2", "refunded", 2500, "usd", 3, 0);
  await stripe("S3", "completed", 10000, "usd", 10);
  await stripe("S4", "completed", 1900, "eur", 2);
  await stripe("S5", "pending", 2500, "usd", 0); // not paid: counts nowhere
  await stripe("S6", "canceled", 2500, "usd", 1); // not paid: counts nowhere
  await stripe("S7", "completed", 5000, "usd", 40);
  await market("W1", 1700, "aff_alpha", 0);
  await market("W2", 1700, "aff_alpha", 5, 1);
  await market("W3", 4700, "aff_beta", 20);
  await market("W4", 1700, "aff_beta", 60, 45);
  await market("W5", null, "aff_gamma", 0); // no amount: counts nowhere
});
afterAll(async () => {
  resetServerClock();
  await app?.close();
});

type Figures = Record<string, [string, string, string]>;

/** A period card's figures in one currency: row label -> [gross, refunds, net], as shown. */
function figures(document: ReturnType<typeof parseHtml>, period: string, currency: string): Figures {
  const table = [...document.querySelectorAll("table")].find((t) =>
    t.querySelector("caption")?.textContent?.startsWith(`${period} in ${currency}:`),
  );
  if (!table) throw new Error(`no ${period} ${currency} table`);
  return Object.fromEntries(
    [...table.querySelectorAll("tbody tr")].map((row) => [
      row.querySelector("th")!.textContent!.trim(),
      [...row.querySelectorAll("td")].map((cell) => cell.textContent!.trim()) as [string, string, string],
    ]),
  );
}

const day = (daysAgo: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysAgo));
};

describe("/admin/sales", () => {
  it("shows gross, refunds and net per period, by source and in total, per currency", async () => {
    const { response, document } = await getPage(admin, "/admin/sales");
    expect(response.status).toBe(200);

    // Today: S1 2500; S2's refund 2500 today. W1 1700.
    expect(figures(document, "Today", "USD")).toEqual({
      Stripe: ["$25.00", "$25.00", "$0.00"],
      WarriorPlus: ["$17.00", "$0.00", "$17.00"],
      Total: ["$42.00", "$25.00", "$17.00"],
    });
    // Last 7 days: S1 + S2 = 5000, refund S2 2500. W1 + W2 = 3400, refund W2 1700.
    expect(figures(document, "Last 7 days", "USD")).toEqual({
      Stripe: ["$50.00", "$25.00", "$25.00"],
      WarriorPlus: ["$34.00", "$17.00", "$17.00"],
      Total: ["$84.00", "$42.00", "$42.00"],
    });
    // Last 30 days: + S3 10000, + W3 4700.
    expect(figures(document, "Last 30 days", "USD")).toEqual({
      Stripe: ["$150.00", "$25.00", "$125.00"],
      WarriorPlus: ["$81.00", "$17.00", "$64.00"],
      Total: ["$231.00", "$42.00", "$189.00"],
    });
    // All time: + S7 5000, + W4 1700 refunded 45 days ago.
    expect(figures(document, "All time", "USD")).toEqual({
      Stripe: ["$200.00", "$25.00", "$175.00"],
      WarriorPlus: ["$98.00", "$34.00", "$64.00"],
      Total: ["$298.00", "$59.00", "$239.00"],
    });
    // Euros are never added to dollars: S4 1900, two days ago.
    expect(figures(document, "Today", "EUR").Total).toEqual(["€0.00", "€0.00", "€0.00"]);
    expect(figures(document, "Last 7 days", "EUR")).toEqual({
      Stripe: ["€19.00", "€0.00", "€19.00"],
      WarriorPlus: ["€0.00", "€0.00", "€0.00"],
      Total: ["€19.00", "€0.00", "€19.00"],
    });
    expect(document.querySelector('[data-testid="net-all-USD"]')?.textContent).toBe("$239.00 USD");
  });

  it("draws the last 30 days' daily net as SVG with the same figures in a table", async () => {
    const { document } = await getPage(admin, "/admin/sales");
    const svg = document.querySelector('svg[role="img"]');
    expect(svg?.getAttribute("aria-label")).toContain("Daily net revenue in EUR");
    const usd = document.querySelector("#daily-net-USD")!;
    const rows = [...usd.querySelectorAll("tbody tr")].map((row) =>
      [...row.querySelectorAll("td")].map((cell) => cell.textContent!.trim()),
    );
    expect(rows).toHaveLength(30);
    const format = (d: Date) =>
      new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(d);
    const net = Object.fromEntries(rows.map(([label, value]) => [label, value]));
    // Today: S1 2500 - S2's refund 2500 + W1 1700; yesterday: W2's refund; 3 days ago: S2; 5: W2; 10: S3; 20: W3.
    expect(net[format(day(0))]).toBe("$17.00 USD");
    expect(net[format(day(1))]).toBe("-$17.00 USD");
    expect(net[format(day(2))]).toBe("$0.00 USD");
    expect(net[format(day(3))]).toBe("$25.00 USD");
    expect(net[format(day(5))]).toBe("$17.00 USD");
    expect(net[format(day(10))]).toBe("$100.00 USD");
    expect(net[format(day(20))]).toBe("$47.00 USD");
    expect(rows.filter(([, value]) => value !== "$0.00 USD")).toHaveLength(6);
    expect(rows[29]?.[0]).toBe(format(day(0)));
    const eur = [...document.querySelectorAll("#daily-net-EUR tbody tr")].map((row) => row.textContent);
    expect(eur.filter((text) => !text!.includes("€0.00"))).toEqual([`${format(day(2))}€19.00 EUR`]);
    // One bar per day; yesterday's refund hangs below the baseline in red.
    const bars = [...document.querySelectorAll("svg")]
      .find((s) => s.getAttribute("aria-label")?.includes("USD"))!
      .querySelectorAll("rect");
    expect(bars).toHaveLength(30);
    expect(bars[28]?.getAttribute("fill")).toBe("#dc2626");
  });

  it("ranks marketplace affiliates by revenue kept and lists the recent orders with links to members", async () => {
    const { document } = await getPage(admin, "/admin/sales");
    const affiliates = [...document.querySelectorAll('[aria-label="Top affiliates"] tbody tr')].map((row) =>
      [...row.querySelectorAll("td")].map((cell) => cell.textContent!.trim()),
    );
    // beta: W3 4700 kept, W4 refunded; alpha: W1 1700 kept, W2 refunded. W5 has no amount.
    expect(affiliates).toEqual([
      ["aff_beta", "2", "1", "$47.00 USD"],
      ["aff_alpha", "2", "1", "$17.00 USD"],
    ]);
    const recent = [...document.querySelectorAll('[aria-label="Recent orders"] tbody tr')];
    // S1-S4, S7 and W1-W5 (W5 has no amount but is an order); S5 (pending) and S6 (canceled) are not.
    expect(recent).toHaveLength(10);
    expect(recent.every((row) => row.querySelector(`a[href="/admin/members/${buyerId}"]`))).toBe(true);
    expect(recent.some((row) => row.textContent!.includes("Pending") || row.textContent!.includes("Canceled"))).toBe(
      false,
    );
  });
});

describe("/admin/sales days in the launch time zone", () => {
  /** Pounds of their own, so the fixture above (in dollars and euros) does not count here. */
  const pounds = (id: string, cents: number, paidAt: string) =>
    app.db
      .insertInto("stripe_orders")
      .values({
        checkout_session_id: `cs_zone_${id}`,
        customer_id: "cus_sales",
        product_key: "AI_PROFIT_LABS",
        amount_total: cents,
        currency: "gbp",
        status: "completed",
        created_at: new Date(paidAt),
      })
      .execute();
  const dailyPounds = async () => {
    const { document } = await getPage(admin, "/admin/sales");
    const rows = [...document.querySelectorAll("#daily-net-GBP tbody tr")].map((row) =>
      [...row.querySelectorAll("td")].map((cell) => cell.textContent!.trim()),
    );
    return {
      today: figures(document, "Today", "GBP").Total,
      lastDay: rows.at(-1)?.[0],
      paidDays: rows.filter(([, value]) => value !== "£0.00 GBP"),
      caption: document.querySelector("figcaption")?.textContent ?? "",
    };
  };

  it("counts a Chicago evening's sale on that evening's day, and today ends at Chicago's midnight", async () => {
    // 9 March 2026, 18:30 in Chicago (CDT, UTC-5), already the 10th in UTC; and 8 March, 23:30 there.
    await pounds("evening", 1000, "2026-03-09T23:30:00Z");
    await pounds("late", 2000, "2026-03-09T04:30:00Z");
    // 22:00 on 9 March in Chicago; 03:00 on the 10th in UTC.
    setServerClock("2026-03-10T03:00:00Z");

    await launchTimeZone("America/Chicago");
    const chicago = await dailyPounds();
    expect(chicago.today).toEqual(["£10.00", "£0.00", "£10.00"]);
    expect(chicago.lastDay).toBe("9 Mar 2026");
    expect(chicago.paidDays).toEqual([
      ["8 Mar 2026", "£20.00 GBP"],
      ["9 Mar 2026", "£10.00 GBP"],
    ]);
    expect(chicago.caption).toContain("days in America/Chicago");

    // The same sales by UTC's midnights: both on the 9th, and the 10th (today) has none.
    await launchTimeZone("UTC");
    const utc = await dailyPounds();
    expect(utc.today).toEqual(["£0.00", "£0.00", "£0.00"]);
    expect(utc.lastDay).toBe("10 Mar 2026");
    expect(utc.paidDays).toEqual([["9 Mar 2026", "£30.00 GBP"]]);
  });
});
