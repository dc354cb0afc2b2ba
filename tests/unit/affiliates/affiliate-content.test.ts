import { describe, expect, it } from "vitest";
import {
  BANNERS,
  commissionCents,
  contestPrizes,
  funnel,
  funnelTotalCents,
  longSwipes,
  maxCommissionCents,
  parseSwipeTab,
  reasonsToPromote,
  shortSwipes,
  SWIPE_PLACEHOLDERS,
} from "~/features/affiliates/affiliate-copy";
import { DEFAULT_CATALOGUE } from "~/features/catalogue/catalogue";
import { DEFAULT_LAUNCH_SETTINGS } from "~/features/launch/launch";
import { formatUsd } from "~/platform/money";

/** The funnel at the catalogue's code defaults (what a fresh install shows). */
const FUNNEL = funnel(DEFAULT_CATALOGUE, DEFAULT_LAUNCH_SETTINGS.customSaasCapacity);

describe("funnel and contest constants (docs/product.md §9)", () => {
  it("prices the funnel $17 + $4.95 + $37 + $997 = $1,055.95", () => {
    expect(FUNNEL.map((item) => formatUsd(item.priceCents))).toEqual(["$17", "$4.95", "$37", "$997"]);
    expect(formatUsd(funnelTotalCents(FUNNEL))).toBe("$1,055.95");
  });

  it("pays at most $527.97 per sale at 50%", () => {
    expect(formatUsd(maxCommissionCents(FUNNEL))).toBe("$527.97");
    expect(commissionCents(1700)).toBe(850);
  });

  it("follows the marketplace prices when an admin edits them (decision 064)", () => {
    const edited = funnel(
      {
        ...DEFAULT_CATALOGUE,
        membership: { ...DEFAULT_CATALOGUE.membership, marketplacePriceCents: 19_00 },
        vip: { ...DEFAULT_CATALOGUE.vip, marketplacePriceCents: 7_00 },
      },
      DEFAULT_LAUNCH_SETTINGS.customSaasCapacity,
    );
    expect(edited.map((item) => formatUsd(item.priceCents))).toEqual(["$19", "$7", "$37", "$997"]);
    expect(formatUsd(funnelTotalCents(edited))).toBe("$1,060");
    expect(
      reasonsToPromote(edited)
        .map((reason) => reason.description)
        .slice(0, 2),
    ).toEqual([
      "A $19 front end converts cold and warm lists alike.",
      "Earn up to $530 on a single buyer who takes every offer.",
    ]);
  });

  it("awards $350, $250 and $150 by default, each place named, from the launch setting", () => {
    expect(contestPrizes(DEFAULT_LAUNCH_SETTINGS).map((prize) => [prize.place, formatUsd(prize.prizeCents)])).toEqual([
      ["1st", "$350"],
      ["2nd", "$250"],
      ["3rd", "$150"],
    ]);
    expect(contestPrizes({ contestPrizesCents: [1, 1, 1, 1, 1] }).map((prize) => prize.place)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "5th",
    ]);
  });

  it("limits the custom SaaS offer to the capacity setting", () => {
    expect(FUNNEL.find((item) => item.key === "oto2")!.description).toContain("Limited to 10 clients.");
    expect(funnel(DEFAULT_CATALOGUE, 3).find((item) => item.key === "oto2")!.description).toContain(
      "Limited to 3 clients.",
    );
  });
});

describe("swipes and banners (docs/product.md §2)", () => {
  it("has four short and seven long emails, with both placeholders", () => {
    const short = shortSwipes("Brand");
    const long = longSwipes("Brand");
    expect(short.map((email) => email.label)).toEqual(["Launch Day", "Proof", "24h Countdown", "Final Hour"]);
    expect(long).toHaveLength(7);
    for (const email of [...short, ...long]) {
      expect(email.body).toContain(SWIPE_PLACEHOLDERS.affiliateLink);
      expect(email.body).toContain(SWIPE_PLACEHOLDERS.firstName);
    }
  });

  it("previews the last five long emails and points to the copy version", () => {
    const long = longSwipes("Brand");
    expect(long.slice(0, 2).every((email) => email.preview === email.body)).toBe(true);
    for (const email of long.slice(2)) {
      const marker = "\n\n[Full email in the copy version]";
      expect(email.preview.endsWith(marker)).toBe(true);
      expect(email.body.startsWith(email.preview.slice(0, -marker.length))).toBe(true);
      expect(email.body.length).toBeGreaterThan(email.preview.length - marker.length);
    }
  });

  it("offers the four banner sizes with download names", () => {
    expect(BANNERS.map((banner) => banner.size)).toEqual(["728x90", "300x250", "468x60", "160x600"]);
    expect(BANNERS[0]).toMatchObject({
      src: "/banners/banner-728x90.svg",
      filename: "ai-profit-labs-banner-728x90.svg",
    });
  });

  it("starts /demo-swipes on Demo Video and accepts only known tabs", () => {
    expect(parseSwipeTab(null)).toBe("demo");
    expect(parseSwipeTab("emails")).toBe("emails");
    expect(parseSwipeTab("emails-long")).toBe("emails-long");
    expect(parseSwipeTab("banners")).toBe("banners");
    expect(parseSwipeTab("<script>")).toBe("demo");
  });
});
