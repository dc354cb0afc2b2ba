import { describe, expect, it } from "vitest";
import { readinessLines, type ProductFacts, type ReadinessFacts } from "~/features/launch/readiness";

const product = (key: string, name: string, facts: Partial<ProductFacts> = {}): ProductFacts => ({
  key,
  name,
  sold: true,
  stripePrice: false,
  marketplaceItems: true,
  courses: 1,
  ...facts,
});

/** Everything set: every line ready. */
const READY: ReadinessFacts = {
  placeholderLinks: [],
  products: [
    product("membership", "Lifetime Access", { stripePrice: true, courses: 2 }),
    product("custom_saas", "Custom SaaS", { courses: 0 }),
    product("starter", "Starter Kit", { sold: false, marketplaceItems: false, courses: 1 }),
  ],
  stripeConfigured: true,
  marketplaceConfigured: true,
  postalAddress: true,
  mailFrom: true,
  smtp: true,
  communityLink: true,
  cartOpensAt: new Date("2030-01-11T12:00:00Z"),
  cartClosesAt: new Date("2030-01-14T12:00:00Z"),
  timeZone: "America/Chicago",
  now: new Date("2030-01-01T00:00:00Z"),
  dkim: true,
};

const line = (facts: ReadinessFacts, key: string) => {
  const found = readinessLines(facts).find((each) => each.key === key);
  if (!found) throw new Error(`no line ${key}`);
  return found;
};

describe("readinessLines", () => {
  it("lists the eight checks in order, all ready when everything is set", () => {
    const lines = readinessLines(READY);
    expect(lines.map((each) => [each.key, each.ready])).toEqual([
      ["marketplace-links", true],
      ["products-sold", true],
      ["products-opened", true],
      ["postal-address", true],
      ["mail", true],
      ["community", true],
      ["dates", true],
      ["dkim", true],
    ]);
    expect(line(READY, "dates").detail).toBe(
      "The cart opens January 11, 2030 at 6 AM CST and closes January 14, 2030 at 6 AM CST.",
    );
  });

  it("names the marketplace links still at their placeholder, to be set in the environment", () => {
    const facts = { ...READY, placeholderLinks: ["MARKETPLACE_CHECKOUT_URL", "MARKETPLACE_DECLINE_URL"] };
    expect(line(facts, "marketplace-links")).toMatchObject({
      ready: false,
      detail: "Still the made-up placeholder, which leads nowhere: MARKETPLACE_CHECKOUT_URL, MARKETPLACE_DECLINE_URL.",
      fix: { variables: ["MARKETPLACE_CHECKOUT_URL", "MARKETPLACE_DECLINE_URL"] },
    });
  });

  it("names each sold product no one can buy; given products need neither", () => {
    const facts = {
      ...READY,
      products: [...READY.products, product("vip", "VIP Upgrade", { marketplaceItems: false })],
    };
    expect(line(facts, "products-sold")).toMatchObject({
      ready: false,
      detail: "No Stripe price or marketplace item that can sell it: VIP Upgrade.",
      fix: { href: "/admin/products" },
    });
  });

  it("does not count a Stripe price without Stripe's keys, or an item without the marketplace key", () => {
    const noStripe = {
      ...READY,
      stripeConfigured: false,
      products: [product("vip", "VIP", { stripePrice: true, marketplaceItems: false })],
    };
    expect(line(noStripe, "products-sold")).toMatchObject({
      ready: false,
      detail:
        "No Stripe price or marketplace item that can sell it: VIP. Stripe prices are set but STRIPE_SECRET_KEY or STRIPE_WEBHOOK_SECRET is not.",
    });
    const noKey = { ...READY, marketplaceConfigured: false, products: [product("vip", "VIP")] };
    expect(line(noKey, "products-sold").ready).toBe(false);
    expect(line(noKey, "products-sold").detail).toContain("WARRIORPLUS_SECURITY_KEY is not");
  });

  it("names each sold product no published course opens; the custom SaaS package opens its application", () => {
    const facts = {
      ...READY,
      products: [
        ...READY.products,
        product("vip", "VIP Upgrade", { courses: 0 }),
        product("white_label", "White-label", { courses: 0 }),
      ],
    };
    expect(line(facts, "products-opened")).toMatchObject({
      ready: false,
      detail: "Sold, but no published course opens it: VIP Upgrade, White-label.",
      fix: { href: "/admin" },
    });
  });

  it("asks for the postal address, the mail server and sender, the community link and DKIM", () => {
    const facts = { ...READY, postalAddress: false, smtp: false, mailFrom: false, communityLink: false, dkim: false };
    expect(line(facts, "postal-address")).toMatchObject({ ready: false, fix: { variables: ["MAIL_POSTAL_ADDRESS"] } });
    expect(line(facts, "mail")).toMatchObject({
      ready: false,
      detail: "Not set: SMTP_URL, MAIL_FROM. Messages are only written to the server log.",
      fix: { variables: ["SMTP_URL", "MAIL_FROM"] },
    });
    expect(line({ ...READY, mailFrom: false }, "mail").detail).toBe("Not set: MAIL_FROM.");
    expect(line(facts, "community")).toMatchObject({ ready: false, fix: { href: "/admin/community" } });
    expect(line(facts, "dkim")).toMatchObject({
      ready: false,
      fix: { variables: ["DKIM_DOMAIN", "DKIM_SELECTOR", "DKIM_PRIVATE_KEY"] },
    });
  });

  it("asks for both cart dates, and calls a cart that has closed not ready", () => {
    expect(line({ ...READY, cartOpensAt: null, cartClosesAt: null }, "dates")).toMatchObject({
      ready: false,
      detail: "Not set: 'Cart opens' and 'Cart closes'. Without 'Cart closes' no page shows a deadline.",
      fix: { href: "#cartOpensAt" },
    });
    expect(line({ ...READY, cartOpensAt: null }, "dates").detail).toMatch(/^Not set: 'Cart opens'\./);
    expect(line({ ...READY, now: new Date("2030-02-01T00:00:00Z") }, "dates")).toMatchObject({
      ready: false,
      detail: "The cart closed January 14, 2030 at 6 AM CST.",
    });
  });
});
