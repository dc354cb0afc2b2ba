import { describe, expect, it } from "vitest";
import { DEFAULT_CATALOGUE } from "~/features/catalogue/catalogue";
import { checkMember, IMPORT_COLUMNS, parseImportFile } from "~/features/members/member-import";
import { guaranteeOf } from "~/features/billing/refunds";

/** The pure checks of issue 28 (decision 055): import files, one member, the guarantee's end. */
const NOW = new Date("2026-11-26T12:00:00Z");
const HEADER = IMPORT_COLUMNS.join(",");

describe("parseImportFile", () => {
  it("takes the columns in any order, names and keys of products, and gives every row an outcome", () => {
    const parsed = parseImportFile(
      [
        "Reason,EMAIL,products,expires,name",
        "Moved,Ann@Example.com,membership; VIP Upgrade,2026-12-31,Ann",
        "Moved,ann@example.com,membership,,Ann again",
        "Moved,bob@example.com,platinum,,Bob",
        ",cy@example.com,membership,,Cy",
        "Moved,dee@example.com,membership,2026-02-30,Dee",
        "Moved,eve@example.com,membership,2001-01-01,Eve",
      ].join("\r\n"),
      DEFAULT_CATALOGUE,
      NOW,
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.rows.map((row) => (row.ok ? row.input : `${row.line}: ${row.error}`))).toEqual([
      {
        email: "ann@example.com",
        name: "Ann",
        products: ["membership", "vip"],
        reason: "Moved",
        expiresAt: new Date("2027-01-01T00:00:00Z"),
      },
      "3: address repeated in the file",
      "4: unknown product 'platinum'",
      "5: no reason",
      "6: invalid expiry date",
      "7: expires in the past",
    ]);
  });

  it("refuses a whole file for a formula cell anywhere, other columns, binary data or no rows", () => {
    const refusals: Array<[string, RegExp]> = [
      [`${HEADER}\na@example.com,+cmd,membership,Moved,`, /^Row 2 has a formula cell \(name starts with '\+'\)/],
      [`${HEADER}\na@example.com,Ann,membership,"\tTab",`, /formula cell \(reason/],
      [`email,name,products,reason\na@example.com,Ann,membership,Moved`, /missing: expires/],
      [`${HEADER},extra\na@example.com,Ann,membership,Moved,,x`, /not known: extra/],
      [`${HEADER}\na@example.com,Ann\u0000,membership,Moved,`, /not a CSV text file/],
      [`${HEADER}\n`, /no rows/],
      [`${HEADER}\n"unclosed,Ann,membership,Moved,`, /not valid CSV/],
    ];
    for (const [text, error] of refusals) {
      const parsed = parseImportFile(text, DEFAULT_CATALOGUE, NOW);
      expect(parsed.ok, text).toBe(false);
      if (!parsed.ok) expect(parsed.error, text).toMatch(error);
    }
  });
});

describe("checkMember", () => {
  it("refuses an address that is not one, and a name carrying a web address", () => {
    const base = { name: "", products: ["membership"], reason: "JV", expires: "" };
    expect(checkMember({ ...base, email: "no at sign" }, DEFAULT_CATALOGUE, NOW)).toEqual({
      ok: false,
      error: "invalid email",
    });
    expect(
      checkMember({ ...base, email: "a@b.co", name: "Click http://evil.example" }, DEFAULT_CATALOGUE, NOW),
    ).toMatchObject({
      ok: false,
    });
    expect(checkMember({ ...base, email: " A@B.co " }, DEFAULT_CATALOGUE, NOW)).toMatchObject({
      ok: true,
      input: { email: "a@b.co" },
    });
  });
});

describe("guaranteeOf", () => {
  it("ends 30 days after the payment", () => {
    expect(guaranteeOf("2026-11-01T10:00:00Z", NOW)).toMatchObject({ ended: false, text: "Guarantee ends 1 Dec 2026" });
    expect(guaranteeOf("2026-10-01T10:00:00Z", NOW)).toMatchObject({
      ended: true,
      text: "Guarantee ended 31 Oct 2026",
    });
  });
});
