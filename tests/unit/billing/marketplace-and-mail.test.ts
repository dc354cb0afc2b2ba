import { describe, expect, it } from "vitest";
import { retryDelaySeconds } from "~/platform/mail/compose";
import { purchaseAddedEmail, setPasswordEmail } from "~/features/billing/emails";
import { resetPasswordEmail } from "~/features/accounts/emails";
import { ipnFormSchema, parseItemList, toIpn } from "~/features/billing/warriorplus-ipn";
import { submit } from "../../support/form-submission";
import { dollarsToCents } from "~/platform/money";
import { marketplaceSale } from "../../support/marketplace-sale";

/** The IPN form as the webhook reads it: its schema (Conform), then the sale it names. */
const parseIpn = (fields: Record<string, string>) => {
  const read = submit(ipnFormSchema, fields);
  return read.value ? toIpn(read.value) : { ok: false as const, error: read.error };
};

const form = (fields: Record<string, string> = {}) =>
  marketplaceSale({ securityKey: "secret", item: "wso_1", email: "Buyer@Example.COM " }, { WP_AFFID: "", ...fields });

describe("the marketplace IPN form", () => {
  it("reads a sale, lower-casing the email and keeping money in cents", () => {
    const sale = form();
    expect(parseIpn(sale)).toEqual({
      ok: true,
      ipn: {
        eventId: sale.IPN_ID,
        action: "sale",
        kind: "sale",
        saleId: sale.WP_SALE,
        txnId: sale.WP_TXNID,
        itemNumber: "wso_1",
        itemName: "AI Profit Labs",
        buyerEmail: "buyer@example.com",
        buyerName: "Bea Buyer",
        affiliateId: null,
        amountCents: 1700,
        currency: "usd",
      },
    });
  });

  it("classifies actions", () => {
    const kind = (action: string) => {
      const result = parseIpn(form({ WP_ACTION: action }));
      return result.ok ? result.ipn.kind : result.error;
    };
    expect(kind("SALE")).toBe("sale");
    expect(kind("subscr_created")).toBe("sale");
    expect(kind("refund")).toBe("refund");
    expect(kind("dispute")).toBe("refund");
    expect(kind("subscr_suspended")).toBe("other");
  });

  it("falls back to the older sale id field and to the action on the sale when there is no IPN id", () => {
    const result = parseIpn(form({ WP_SALE: "", WP_SALEID: "12345", IPN_ID: "" }));
    expect(result).toMatchObject({ ok: true, ipn: { saleId: "12345", eventId: "sale:12345" } });
  });

  it("refuses an IPN without a sale, an action or a valid buyer email", () => {
    expect(parseIpn(form({ WP_SALE: "" })).ok).toBe(false);
    expect(parseIpn(form({ WP_ACTION: "" })).ok).toBe(false);
    expect(parseIpn(form({ WP_BUYER_EMAIL: "nobody" })).ok).toBe(false);
    const { WP_BUYER_EMAIL: _omitted, ...noEmail } = form();
    expect(parseIpn(noEmail).ok).toBe(false);
  });
});

describe("dollarsToCents", () => {
  it("converts exactly", () => {
    expect(dollarsToCents("17")).toBe(1700);
    expect(dollarsToCents("4.95")).toBe(495);
    expect(dollarsToCents("0.1")).toBe(10);
    expect(dollarsToCents("1,055.95")).toBe(105595);
    expect(dollarsToCents(" 997.00 ")).toBe(99700);
  });

  it("returns null for what is not a price", () => {
    for (const bad of [null, undefined, "", "-5", "1.234", "abc", "1e3"]) expect(dollarsToCents(bad)).toBeNull();
  });
});

describe("parseItemList", () => {
  it("reads a comma list, ignoring blanks and spaces", () => {
    expect([...parseItemList(" wso_1, ,wso_2 ,")]).toEqual(["wso_1", "wso_2"]);
    expect(parseItemList(undefined).size).toBe(0);
  });
});

describe("emails", () => {
  it("gives a marketplace buyer their set-password link with its expiry", () => {
    const email = setPasswordEmail({
      brand: "AI Profit Labs",
      name: "Bea",
      link: "https://s.example/reset-password?token=t",
      loginUrl: "https://s.example/login",
    });
    expect(email.subject).toBe("Your AI Profit Labs login details");
    expect(email.text).toContain("Hi Bea,");
    expect(email.text).toContain("\nhttps://s.example/reset-password?token=t\n");
    expect(email.text).toContain("expires in 24 hours");
    expect(setPasswordEmail({ brand: "B", name: " ", link: "l", loginUrl: "u" }).text).toContain("Hi there,");
  });

  it("tells an existing account where to sign in, and a reset where to go", () => {
    expect(purchaseAddedEmail({ brand: "B", name: "Al", loginUrl: "https://s.example/login" }).text).toContain(
      "https://s.example/login",
    );
    const reset = resetPasswordEmail({ brand: "B", link: "https://s.example/reset-password?token=x" });
    expect(reset.subject).toBe("Reset your B password");
    expect(reset.text).toContain("https://s.example/reset-password?token=x");
  });

  it("retries failed sends from 30 s, doubling, at most hourly", () => {
    expect([1, 2, 3, 4, 7, 8, 50].map(retryDelaySeconds)).toEqual([30, 60, 120, 240, 1920, 3600, 3600]);
  });
});
