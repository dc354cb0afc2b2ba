import { describe, expect, it } from "vitest";
import { neutralizeFormula } from "~/platform/csv-safety";
import { describeAccess, memberQueryString, parseMemberQuery } from "~/features/members/member-admin";
import { GRANT_REASON_MAX, parseGrantForm } from "~/features/catalogue/grant-form";
import { containsPattern } from "~/platform/db/contains-pattern";
import { formatAmount, formatMoney } from "~/platform/money";

describe("members list URL", () => {
  it("reads search, access filter, product and page, falling back to defaults", () => {
    expect(parseMemberQuery(new URLSearchParams("q=%20Ann%20&access=refunded&product=vip&page=3"))).toEqual({
      q: "Ann",
      access: "refunded",
      product: "vip",
      page: 3,
    });
    expect(parseMemberQuery(new URLSearchParams("access=vip&product=toString&page=-2"))).toEqual({
      q: "",
      access: "all",
      product: "",
      page: 1,
    });
    expect(parseMemberQuery(new URLSearchParams("page=abc"))).toEqual({ q: "", access: "all", product: "", page: 1 });
    expect(parseMemberQuery(new URLSearchParams(`q=${"x".repeat(500)}`)).q).toHaveLength(200);
  });

  it("writes a query string without the defaults", () => {
    expect(memberQueryString({ q: "", access: "all", page: 1 })).toBe("");
    expect(memberQueryString({ q: "a&b", access: "paid", page: 2 })).toBe("?q=a%26b&access=paid&page=2");
    expect(memberQueryString({ q: "", access: "all", product: "white_label", page: 1 })).toBe("?product=white_label");
  });

  it("takes LIKE wildcards in a search literally", () => {
    expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});

describe("describeAccess", () => {
  it("names a purchase first, then complimentary, then admin, then refunded or no access", () => {
    expect(describeAccess({ sources: ["Stripe", "Complimentary"], isAdmin: true, refunded: false })).toEqual({
      access: "Paid",
      source: "Stripe",
    });
    expect(describeAccess({ sources: ["WarriorPlus"], isAdmin: false, refunded: true })).toEqual({
      access: "Paid",
      source: "WarriorPlus",
    });
    expect(describeAccess({ sources: ["Complimentary"], isAdmin: true, refunded: true })).toEqual({
      access: "Complimentary",
      source: "Complimentary",
    });
    expect(describeAccess({ sources: [], isAdmin: true, refunded: false })).toEqual({
      access: "Admin",
      source: "Admin",
    });
    expect(describeAccess({ sources: [], isAdmin: false, refunded: true })).toEqual({
      access: "Refunded",
      source: "No access",
    });
    expect(describeAccess({ sources: [], isAdmin: false, refunded: false })).toEqual({
      access: "No access",
      source: "No access",
    });
  });
});

describe("parseGrantForm", () => {
  const now = new Date("2026-11-23T15:00:00Z");
  it("requires a reason and accepts no expiry", () => {
    expect(parseGrantForm({ reason: "  ", expiresOn: "" }, now)).toEqual({
      ok: false,
      error: "Please give a reason for the complimentary access.",
    });
    expect(parseGrantForm({ reason: "x".repeat(GRANT_REASON_MAX + 1), expiresOn: "" }, now).ok).toBe(false);
    expect(parseGrantForm({ reason: " press ", expiresOn: "" }, now)).toEqual({
      ok: true,
      value: { reason: "press", expiresAt: null },
    });
  });

  it("lets access last through the 'Expires on' day, which must be today or later", () => {
    expect(parseGrantForm({ reason: "r", expiresOn: "2026-11-23" }, now)).toEqual({
      ok: true,
      value: { reason: "r", expiresAt: new Date("2026-11-24T00:00:00Z") },
    });
    expect(parseGrantForm({ reason: "r", expiresOn: "2026-11-22" }, now)).toEqual({
      ok: false,
      error: "'Expires on' must be today or a later date.",
    });
    for (const bad of ["2026-02-30", "23/11/2026", "soon"]) {
      expect(parseGrantForm({ reason: "r", expiresOn: bad }, now)).toEqual({
        ok: false,
        error: "Enter 'Expires on' as a date (YYYY-MM-DD).",
      });
    }
  });
});

describe("neutralizeFormula", () => {
  it("prefixes cells a spreadsheet would run, and only those", () => {
    for (const cell of ["=1+1", "+1", "-1", "@SUM(A1)", "\t=1", "\r=1"])
      expect(neutralizeFormula(cell)).toBe(`'${cell}`);
    for (const cell of ["Ann", "a=b", "", "1-2", " =1"]) expect(neutralizeFormula(cell)).toBe(cell);
  });
});

describe("money", () => {
  it("formats integer cents with the currency", () => {
    expect(formatMoney(1700, "usd")).toBe("$17.00 USD");
    expect(formatMoney(-1700, "USD")).toBe("-$17.00 USD");
    expect(formatMoney(1900, "EUR")).toBe("€19.00 EUR");
    expect(formatMoney(500, null)).toBe("$5.00 USD");
    expect(formatAmount(123456, "usd")).toBe("$1,234.56");
  });
});
