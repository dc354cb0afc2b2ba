import { describe, expect, it } from "vitest";
import { checkoutForm } from "~/features/billing/checkout-form";
import { valueOf } from "../../support/form-submission";

describe("the checkout buttons", () => {
  it("take the product and the page's key, which the checkout itself checks", () => {
    expect(valueOf(checkoutForm, { product: "membership", form_key: "k" })).toEqual({
      product: "membership",
      form_key: "k",
    });
    expect(valueOf(checkoutForm, {})).toEqual({});
  });
});
