import { describe, expect, it } from "vitest";
import { centsToDollars, parseProductForm, productFormSchema } from "~/features/catalogue/product-admin";
import { submit } from "../../support/form-submission";

/** The /admin/products form's rules (decisions 051 and 064). */
const good = {
  name: "VIP Upgrade",
  launchPrice: "4.95",
  regularPrice: "4.95",
  marketplacePrice: "",
  launchStripePriceId: "",
  regularStripePriceId: "",
  marketplaceItems: "",
};

describe("the product form", () => {
  it("reads dollars, an optional marketplace price, two Stripe price ids and a de-duplicated item list", () => {
    expect(
      parseProductForm({
        ...good,
        launchPrice: "$1,997",
        regularPrice: "2,000.5",
        marketplacePrice: "$17",
        launchStripePriceId: " price_ABC_1 ",
        regularStripePriceId: "price_ABC_2",
        marketplaceItems: "wso_a, wso-b,,wso_a ",
      }),
    ).toEqual({
      ok: true,
      value: {
        name: "VIP Upgrade",
        launchPriceCents: 199700,
        regularPriceCents: 200050,
        marketplacePriceCents: 1700,
        launchStripePriceId: "price_ABC_1",
        regularStripePriceId: "price_ABC_2",
        marketplaceItems: ["wso_a", "wso-b"],
      },
    });
    expect(parseProductForm(good)).toMatchObject({
      ok: true,
      value: { marketplacePriceCents: null, launchStripePriceId: null, regularStripePriceId: null },
    });
  });

  it("names each bad field", () => {
    const result = parseProductForm({
      name: "",
      launchPrice: "-1",
      regularPrice: "x",
      marketplacePrice: "cheap",
      launchStripePriceId: "sk_live_oops",
      regularStripePriceId: "prod_1",
      marketplaceItems: "a b",
    });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(Object.keys(result.errors).sort()).toEqual([
        "launchPrice",
        "launchStripePriceId",
        "marketplaceItems",
        "marketplacePrice",
        "name",
        "regularPrice",
        "regularStripePriceId",
      ]);
  });

  it("refuses a regular price below the launch price, and takes one equal to it", () => {
    expect(parseProductForm({ ...good, launchPrice: "37", regularPrice: "10" })).toEqual({
      ok: false,
      errors: { regularPrice: "The regular price cannot be below the launch price." },
    });
    expect(parseProductForm({ ...good, launchPrice: "37", regularPrice: "37" }).ok).toBe(true);
  });

  it("shows cents as dollars", () => {
    expect(centsToDollars(495)).toBe("4.95");
    expect(centsToDollars(null)).toBe("");
  });
});

describe("/admin/products's form", () => {
  it("reads a product's form as typed and checks it by the catalogue's rules", () => {
    expect(
      submit(productFormSchema, {
        key: "membership",
        name: " Membership ",
        launchPrice: "$37",
        regularPrice: "197",
        marketplaceItems: "a1, a1",
      }).value,
    ).toEqual({
      key: "membership",
      name: "Membership",
      launchPriceCents: 3700,
      regularPriceCents: 19700,
      marketplacePriceCents: null,
      launchStripePriceId: null,
      regularStripePriceId: null,
      marketplaceItems: ["a1"],
    });
    expect(
      submit(productFormSchema, { key: "membership", name: "", launchPrice: "lots", regularPrice: "1" }).error,
    ).toEqual({
      name: ["Enter a name of 1 to 120 characters."],
      launchPrice: ["Enter the launch price in dollars, like 37 or 4.95."],
    });
  });
});
