import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { accessFormSchema } from "~/features/catalogue/grant-forms";
import { submit } from "../../support/form-submission";

describe("the member page's access forms", () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date("2026-11-22T12:00:00Z"), toFake: ["Date"] }));
  afterEach(() => vi.useRealTimers());

  it("takes a grant with its reason and the day access lasts through", () => {
    expect(submit(accessFormSchema, { intent: "grant", reason: " press ", expiresOn: " 2026-11-22 " }).value).toEqual({
      intent: "grant",
      reason: "press",
      expiresOn: "2026-11-22",
      expiresAt: new Date("2026-11-23T00:00:00Z"),
    });
    expect(submit(accessFormSchema, { intent: "revoke" }).value).toEqual({ intent: "revoke" });
  });

  it("says what is wrong with a grant, without 'for the complimentary access' on a product's", () => {
    expect(submit(accessFormSchema, { intent: "grant", reason: " " }).error).toEqual({
      "": ["Please give a reason for the complimentary access."],
    });
    expect(submit(accessFormSchema, { intent: "grant-product", product: "membership" }).error).toEqual({
      "": ["Please give a reason."],
    });
    expect(submit(accessFormSchema, { intent: "grant", reason: "r", expiresOn: "2026-11-21" }).error).toEqual({
      "": ["'Expires on' must be today or a later date."],
    });
    expect(submit(accessFormSchema, { intent: "grant", reason: "r", expiresOn: "22/11/2026" }).error).toEqual({
      "": ["Enter 'Expires on' as a date (YYYY-MM-DD)."],
    });
  });

  it("names a product of the catalogue only, before anything else", () => {
    for (const product of ["nothing", "toString", ""])
      expect(submit(accessFormSchema, { intent: "revoke-product", product, reason: "" }).error).toEqual({
        product: ["There is no such product: nothing was changed."],
      });
    expect(
      submit(accessFormSchema, { intent: "revoke-product", product: "membership", reason: "chargeback" }).value,
    ).toEqual({
      intent: "revoke-product",
      product: "membership",
      reason: "chargeback",
      expiresOn: "",
      expiresAt: null,
    });
  });

  it("refuses an intent it does not know", () => {
    expect(Object.keys(submit(accessFormSchema, { intent: "delete" }).error ?? {})).toEqual(["intent"]);
  });
});
