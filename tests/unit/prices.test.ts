import { describe, expect, it } from "vitest";
import { LAUNCH_DISCOUNT, PRICES, TRIAL_DISCOUNT, TRIAL_PERCENT_OFF } from "~/content/prices";
import { formatDiscount, formatUsd } from "~/lib/money";

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
  it("derive the launch and trial discounts from the list price", () => {
    expect(formatUsd(PRICES.regular)).toBe("$197");
    expect(formatDiscount(LAUNCH_DISCOUNT)).toBe("-$172");
    expect(formatDiscount(TRIAL_DISCOUNT)).toBe("-$196");
    expect(TRIAL_PERCENT_OFF).toBe("99.5% OFF");
  });
});
