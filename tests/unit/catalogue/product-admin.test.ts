import { describe, expect, it } from "vitest";
import { centsToDollars, parseProductForm, productFormSchema } from "~/features/catalogue/product-admin";
import { submit } from "../../support/form-submission";

/** The /admin/products form's rules (decision 051). */
const good = { name: "VIP Upgrade", price: "4.95", listPrice: "", stripePriceId: "", marketplaceItems: "" };

describe("the product form", () => {
  it("reads dollars, an optional list price, a Stripe price id and a de-duplicated item list", () => {
    expect(
      parseProductForm({
        ...good,
        price: "$1,997",
        listPrice: "2,000.5",
        stripePriceId: " price_ABC_1 ",
        marketplaceItems: "wso_a, wso-b,,wso_a ",
      }),
    ).toEqual({
      ok: true,
      value: {
        name: "VIP Upgrade",
        priceCents: 199700,
        listPriceCents: 200050,
        stripePriceId: "price_ABC_1",
        marketplaceItems: ["wso_a", "wso-b"],
      },
    });
    expect(parseProductForm(good)).toMatchObject({ ok: true, value: { listPriceCents: null, stripePriceId: null } });
  });

  it("names each bad field", () => {
    const result = parseProductForm({
      name: "",
      price: "-1",
      listPrice: "x",
      stripePriceId: "sk_live_oops",
      marketplaceItems: "a b",
    });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(Object.keys(result.errors).sort()).toEqual([
        "listPrice",
        "marketplaceItems",
        "name",
        "price",
        "stripePriceId",
      ]);
    const below = parseProductForm({ ...good, price: "37", listPrice: "10" });
    expect(below).toEqual({ ok: false, errors: { listPrice: "The list price cannot be below the price shown." } });
  });

  it("shows cents as dollars", () => {
    expect(centsToDollars(495)).toBe("4.95");
    expect(centsToDollars(null)).toBe("");
  });
});

describe("/admin/products's form", () => {
  it("reads a product's form as typed and checks it by the catalogue's rules", () => {
    expect(
      submit(productFormSchema, { key: "membership", name: " Membership ", price: "$37", marketplaceItems: "a1, a1" })
        .value,
    ).toEqual({
      key: "membership",
      name: "Membership",
      priceCents: 3700,
      listPriceCents: null,
      stripePriceId: null,
      marketplaceItems: ["a1"],
    });
    expect(submit(productFormSchema, { key: "membership", name: "", price: "lots", listPrice: "1" }).error).toEqual({
      name: ["Enter a name of 1 to 120 characters."],
      price: ["Enter the price in dollars, like 37 or 4.95."],
    });
  });
});
