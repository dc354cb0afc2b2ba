import { describe, expect, it } from "vitest";
import { DEFAULT_CATALOGUE, PRODUCT_DEFAULTS } from "~/features/catalogue/catalogue";
import {
  cardPriceCents,
  marketplacePriceCents,
  priceBreakdown,
  priceTermAt,
  trialDiscount,
  trialPercentOff,
} from "~/features/catalogue/prices";
import { formatDiscount, formatUsd } from "~/platform/money";

describe("formatUsd", () => {
  it("shows whole dollars without cents and other amounts with them", () => {
    expect(formatUsd(17_00)).toBe("$17");
    expect(formatUsd(1_997_00)).toBe("$1,997");
    expect(formatUsd(4_95)).toBe("$4.95");
    expect(formatUsd(1_055_95)).toBe("$1,055.95");
    expect(formatUsd(0)).toBe("$0");
    expect(formatUsd(25_00)).toBe("$25");
    expect(formatUsd(197_00)).toBe("$197");
  });

  it("writes discounts with a minus sign", () => {
    expect(formatDiscount(172_00)).toBe("-$172");
  });
});

describe("the price rule (decision 064)", () => {
  const opens = new Date("2030-01-11T12:00:00Z");
  const closes = new Date("2030-01-14T12:00:00Z");
  const window = { cartOpensAt: opens, cartClosesAt: closes };
  const at = (iso: string) => new Date(iso);

  it("sells nothing before 'Cart opens', the launch price to 'Cart closes', the regular price from it on", () => {
    expect(priceTermAt(window, at("2030-01-11T11:59:59.999Z"))).toBe("before");
    expect(priceTermAt(window, opens)).toBe("launch");
    expect(priceTermAt(window, at("2030-01-14T11:59:59.999Z"))).toBe("launch");
    expect(priceTermAt(window, closes)).toBe("regular");
    expect(priceTermAt(window, at("2031-01-01T00:00:00Z"))).toBe("regular");
  });

  it("holds the launch price while a date is unset", () => {
    const now = at("2030-02-01T00:00:00Z");
    expect(priceTermAt({ cartOpensAt: null, cartClosesAt: null }, now)).toBe("launch");
    expect(priceTermAt({ cartOpensAt: opens, cartClosesAt: null }, now)).toBe("launch");
    expect(priceTermAt({ cartOpensAt: null, cartClosesAt: closes }, at("2030-01-01T00:00:00Z"))).toBe("launch");
    expect(priceTermAt({ cartOpensAt: null, cartClosesAt: closes }, now)).toBe("regular");
  });

  it("charges the launch price by card until the close (shown before the open), the regular price after", () => {
    const membership = DEFAULT_CATALOGUE.membership;
    expect(formatUsd(cardPriceCents(membership, "before"))).toBe("$25");
    expect(formatUsd(cardPriceCents(membership, "launch"))).toBe("$25");
    expect(formatUsd(cardPriceCents(membership, "regular"))).toBe("$197");
  });

  it("sells on the marketplace at the 'Marketplace price', else at the launch price", () => {
    expect(formatUsd(marketplacePriceCents(DEFAULT_CATALOGUE.membership))).toBe("$17");
    expect(formatUsd(marketplacePriceCents(DEFAULT_CATALOGUE.white_label))).toBe("$37");
  });

  it("makes every price box add up: regular − discount = today", () => {
    const regular = DEFAULT_CATALOGUE.membership.regularPriceCents;
    const variantA = priceBreakdown(regular, marketplacePriceCents(DEFAULT_CATALOGUE.membership));
    expect([variantA.regularCents, variantA.discountCents, variantA.todayCents].map(formatUsd)).toEqual([
      "$197",
      "$180",
      "$17",
    ]);
    const launch = priceBreakdown(regular, DEFAULT_CATALOGUE.membership.launchPriceCents);
    expect(formatDiscount(launch.discountCents)).toBe("-$172");
    for (const today of [0, 1_00, 17_00, 25_00, 197_00]) {
      const box = priceBreakdown(regular, today);
      expect(box.regularCents - box.discountCents).toBe(box.todayCents);
    }
  });

  it("derives the $1 offer's discount from the regular price", () => {
    expect(formatDiscount(trialDiscount(DEFAULT_CATALOGUE))).toBe("-$196");
    expect(trialPercentOff(DEFAULT_CATALOGUE)).toBe("99.5% OFF");
  });

  it("seeds the catalogue with the spec's products and prices (issue 25)", () => {
    const shown = Object.fromEntries(
      Object.entries(PRODUCT_DEFAULTS).map(([key, product]) => [
        key,
        [
          product.name,
          formatUsd(product.launchPriceCents),
          formatUsd(product.regularPriceCents),
          product.marketplacePriceCents === null ? null : formatUsd(product.marketplacePriceCents),
        ],
      ]),
    );
    expect(shown).toEqual({
      membership: ["AI Profit Labs Lifetime Access", "$25", "$197", "$17"],
      vip: ["VIP Upgrade", "$4.95", "$4.95", null],
      white_label: ["12-in-1 White-Label AI SaaS", "$37", "$997", null],
      custom_saas: ["Custom AI SaaS and 1-on-1 Coaching", "$997", "$1,997", null],
      early_bonus: ["First 50 Customers Bonus Bundle", "$0", "$297", null],
      starter: ["AI SaaS Starter Kit", "$0", "$0", null],
    });
  });
});
