import { describe, expect, it } from "vitest";
import { DEFAULT_CATALOGUE, PRODUCT_DEFAULTS } from "~/features/catalogue/catalogue";
import { launchDiscount, listPriceOf, trialDiscount, trialPercentOff } from "~/features/catalogue/prices";
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

describe("the docs/product.md §9 constants", () => {
  it("derive the launch and trial discounts from the catalogue's list price", () => {
    expect(formatUsd(listPriceOf(DEFAULT_CATALOGUE.membership))).toBe("$197");
    expect(formatDiscount(launchDiscount(DEFAULT_CATALOGUE))).toBe("-$172");
    expect(formatDiscount(trialDiscount(DEFAULT_CATALOGUE))).toBe("-$196");
    expect(trialPercentOff(DEFAULT_CATALOGUE)).toBe("99.5% OFF");
  });

  it("seed the catalogue with the spec's products and prices (issue 25)", () => {
    const shown = Object.fromEntries(
      Object.entries(PRODUCT_DEFAULTS).map(([key, product]) => [
        key,
        [product.name, formatUsd(product.priceCents), product.listPriceCents && formatUsd(product.listPriceCents)],
      ]),
    );
    expect(shown).toEqual({
      membership: ["AI Profit Labs Lifetime Access", "$25", "$197"],
      vip: ["VIP Upgrade", "$4.95", null],
      white_label: ["12-in-1 White-Label AI SaaS", "$37", "$997"],
      custom_saas: ["Custom AI SaaS and 1-on-1 Coaching", "$997", "$1,997"],
      early_bonus: ["First 50 Customers Bonus Bundle", "$0", "$297"],
      starter: ["AI SaaS Starter Kit", "$0", null],
    });
  });
});
