import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { isProductKey, PRODUCTS } from "~/features/catalogue/products";
import {
  checkoutIdempotencyKey,
  checkoutRecordFromSession,
  checkoutSessionParams,
  isCheckoutSessionId,
} from "~/features/billing/checkout";
import { siteOrigin } from "~/platform/site-origin";

const USER_ID = "3f1c2a4e-8b7d-4c6e-9a0b-1d2e3f4a5b6c";

describe("the product catalogue", () => {
  it("has the two offers of docs/product.md §3, one-time, priced by the catalogue and STRIPE_PRICE_TRIAL", () => {
    expect(Object.keys(PRODUCTS)).toEqual(["AI_PROFIT_LABS", "AI_PROFIT_LABS_TRIAL"]);
    expect(PRODUCTS.AI_PROFIT_LABS).toMatchObject({
      mode: "payment",
      price: { catalogue: "membership" },
      description: "Full Membership/Training Access + SaaS Boilerplate + AI SaaS Idea Generator + More",
    });
    expect(PRODUCTS.AI_PROFIT_LABS_TRIAL).toMatchObject({ mode: "payment", price: { env: "STRIPE_PRICE_TRIAL" } });
    expect(PRODUCTS.AI_PROFIT_LABS_TRIAL.description).toMatch(/^Limited Time \$1 Offer Access to /);
  });

  it("knows its own keys only", () => {
    expect(isProductKey("AI_PROFIT_LABS")).toBe(true);
    expect(isProductKey("toString")).toBe(false);
    expect(isProductKey(undefined)).toBe(false);
  });
});

describe("checkoutSessionParams", () => {
  it("asks for a one-time payment with the user, their email, promotion codes and the return pages", () => {
    expect(
      checkoutSessionParams({
        productKey: "AI_PROFIT_LABS",
        priceId: "price_1",
        userId: USER_ID,
        email: "a@b.example",
        origin: "https://site.example",
      }),
    ).toEqual({
      mode: "payment",
      line_items: [{ price: "price_1", quantity: 1 }],
      client_reference_id: USER_ID,
      customer_email: "a@b.example",
      customer_creation: "always",
      allow_promotion_codes: true,
      success_url: "https://site.example/success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "https://site.example/cancel",
      metadata: { product_key: "AI_PROFIT_LABS" },
    });
  });
});

describe("siteOrigin", () => {
  it("prefers PUBLIC_URL over the request's own address", () => {
    expect(siteOrigin("https://www.site.example/", "http://10.0.0.5:3000/payment-options")).toBe(
      "https://www.site.example",
    );
    expect(siteOrigin(undefined, "http://127.0.0.1:3000/payment-options?x=1")).toBe("http://127.0.0.1:3000");
  });
});

describe("checkoutIdempotencyKey", () => {
  it("is stable for one rendering of the plan page and per user and product", () => {
    const formKey = "abcdefghijklmnopqrstuvwx";
    expect(checkoutIdempotencyKey(USER_ID, "AI_PROFIT_LABS", formKey)).toBe(
      `checkout:${USER_ID}:AI_PROFIT_LABS:${formKey}`,
    );
    expect(checkoutIdempotencyKey(USER_ID, "AI_PROFIT_LABS_TRIAL", formKey)).not.toBe(
      checkoutIdempotencyKey(USER_ID, "AI_PROFIT_LABS", formKey),
    );
  });

  it("makes a fresh key when the form's key is missing or malformed", () => {
    for (const bad of [undefined, "", "short", "x".repeat(65), "with spaces in it here!"]) {
      const key = checkoutIdempotencyKey(USER_ID, "AI_PROFIT_LABS", bad);
      expect(key).toMatch(new RegExp(`^checkout:${USER_ID}:AI_PROFIT_LABS:[0-9a-f-]{36}$`));
      expect(key).not.toBe(checkoutIdempotencyKey(USER_ID, "AI_PROFIT_LABS", bad));
    }
  });
});

describe("isCheckoutSessionId", () => {
  it("accepts Stripe's ids only", () => {
    expect(isCheckoutSessionId("cs_test_a1B2c3")).toBe(true);
    for (const bad of [null, "", "cs_", "pi_123", "cs_test/../charges", "cs_test a", `cs_${"a".repeat(251)}`]) {
      expect(isCheckoutSessionId(bad)).toBe(false);
    }
  });
});

describe("checkoutRecordFromSession", () => {
  const session = (overrides: Partial<Stripe.Checkout.Session> = {}) =>
    ({
      id: "cs_test_1",
      status: "complete",
      payment_status: "paid",
      mode: "payment",
      client_reference_id: USER_ID,
      customer: "cus_1",
      payment_intent: "pi_1",
      amount_subtotal: 2500,
      amount_total: 2000,
      currency: "usd",
      metadata: { product_key: "AI_PROFIT_LABS" },
      ...overrides,
    }) as Stripe.Checkout.Session;

  it("makes a completed order of a paid session", () => {
    expect(checkoutRecordFromSession(session())).toEqual({
      userId: USER_ID,
      customerId: "cus_1",
      checkoutSessionId: "cs_test_1",
      paymentIntentId: "pi_1",
      productKey: "AI_PROFIT_LABS",
      amountSubtotal: 2500,
      amountTotal: 2000,
      currency: "usd",
      paymentStatus: "paid",
      status: "completed",
      isOrder: true,
    });
  });

  it("counts a free (fully discounted) session as paid and reads expanded objects", () => {
    const record = checkoutRecordFromSession(
      session({
        payment_status: "no_payment_required",
        customer: { id: "cus_2" } as Stripe.Customer,
        payment_intent: null,
      }),
    );
    expect(record).toMatchObject({ status: "completed", customerId: "cus_2", paymentIntentId: null });
  });

  it("keeps a delayed payment pending", () => {
    expect(checkoutRecordFromSession(session({ payment_status: "unpaid" }))).toMatchObject({ status: "pending" });
  });

  it("leaves a subscription's access to its own events", () => {
    expect(checkoutRecordFromSession(session({ mode: "subscription" }))).toMatchObject({ isOrder: false });
  });

  it("ignores sessions that are open, not ours, or without a customer", () => {
    expect(checkoutRecordFromSession(session({ status: "open" }))).toHaveProperty("ignored");
    expect(checkoutRecordFromSession(session({ status: "expired" }))).toHaveProperty("ignored");
    expect(checkoutRecordFromSession(session({ client_reference_id: null }))).toHaveProperty("ignored");
    expect(checkoutRecordFromSession(session({ client_reference_id: "someone-else" }))).toHaveProperty("ignored");
    expect(checkoutRecordFromSession(session({ customer: null }))).toHaveProperty("ignored");
  });

  it("drops an unknown product key rather than trusting it", () => {
    expect(checkoutRecordFromSession(session({ metadata: { product_key: "NOPE" } }))).toMatchObject({
      productKey: null,
    });
  });
});
