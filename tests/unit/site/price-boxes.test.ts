import { describe, expect, it } from "vitest";
import { DEFAULT_CATALOGUE, type Catalogue } from "~/features/catalogue/catalogue";
import { launchPhase, type LaunchPhase } from "~/features/launch/launch";
import { DEFAULT_LAUNCH_SETTINGS } from "~/features/launch/launch";
import { salesContent, type SalesVariantKey } from "~/features/site/sales";
import { upgradesContent, whiteLabelContent } from "~/features/site/upsells";

/**
 * Decision 064: every amount a price box shows comes from the catalogue's prices, and every box
 * adds up (regular − discount = today), in every variant and every phase of the launch.
 */
const brand = { name: "AI Profit Labs", supportEmail: "support@example.com" };
const dollars = (text: string) => Number(text.replace(/[-$,]/g, ""));
const opens = new Date("2030-01-11T12:00:00Z");
const closes = new Date("2030-01-14T12:00:00Z");
const window = { ...DEFAULT_LAUNCH_SETTINGS, cartOpensAt: opens, cartClosesAt: closes };
const PHASES: Record<string, LaunchPhase> = {
  none: launchPhase(DEFAULT_LAUNCH_SETTINGS, opens),
  before: launchPhase(window, new Date("2030-01-10T12:00:00Z")),
  open: launchPhase(window, new Date("2030-01-12T12:00:00Z")),
  closed: launchPhase(window, closes),
};

function box(variant: SalesVariantKey, catalogue: Catalogue, phase: LaunchPhase) {
  return salesContent(variant, brand, catalogue, phase).priceBox.lines.map((line) => line.amount);
}

describe("the sales pages' price boxes", () => {
  it("add up in every variant and phase", () => {
    for (const [name, phase] of Object.entries(PHASES))
      for (const variant of ["a", "b", "launch"] as const) {
        const amounts = box(variant, DEFAULT_CATALOGUE, phase).map(dollars);
        if (amounts.length === 1) continue; // the regular price alone, after the close
        const [regular, discount, today] = amounts;
        expect(regular! - discount!, `${variant} ${name}`).toBeCloseTo(today!, 2);
      }
  });

  it("show variant A at the marketplace price and the launch variant at the launch price", () => {
    expect(box("a", DEFAULT_CATALOGUE, PHASES.open!)).toEqual(["$197", "-$180", "$17"]);
    expect(box("launch", DEFAULT_CATALOGUE, PHASES.open!)).toEqual(["$197", "-$172", "$25"]);
    expect(box("a", DEFAULT_CATALOGUE, PHASES.closed!)).toEqual(["$197"]);
  });

  it("move every number when a price is edited", () => {
    const edited: Catalogue = {
      ...DEFAULT_CATALOGUE,
      membership: {
        ...DEFAULT_CATALOGUE.membership,
        launchPriceCents: 29_00,
        regularPriceCents: 247_00,
        marketplacePriceCents: 19_00,
      },
    };
    expect(box("a", edited, PHASES.open!)).toEqual(["$247", "-$228", "$19"]);
    expect(box("launch", edited, PHASES.open!)).toEqual(["$247", "-$218", "$29"]);
    expect(box("b", edited, PHASES.open!)).toEqual(["$247", "-$246", "$1"]);
    expect(salesContent("a", brand, edited, PHASES.open!).buyLabel).toBe("Get Instant Access for $19");
    expect(box("launch", edited, PHASES.closed!)).toEqual(["$247"]);
  });

  it("say 'Opens {date}' on the buy buttons before 'Cart opens'", () => {
    const content = salesContent("launch", brand, DEFAULT_CATALOGUE, PHASES.before!);
    expect(content.buyLabel).toBe("Opens January 11, 2030 at 6 AM CST");
    expect(content.opensNote).toBe(content.buyLabel);
  });
});

describe("the upgrade prices", () => {
  it("show the card price of the term on /upgrades, the marketplace price on the upsell page", () => {
    const whiteLabel = (term: "launch" | "regular") =>
      upgradesContent(brand, DEFAULT_CATALOGUE, term).offers.find((offer) => offer.key === "white_label");
    expect(whiteLabel("launch")).toMatchObject({ regular: "$997", special: "$37" });
    expect(whiteLabel("regular")).toMatchObject({ regular: "$997", special: "$997" });
    const edited: Catalogue = {
      ...DEFAULT_CATALOGUE,
      white_label: { ...DEFAULT_CATALOGUE.white_label, marketplacePriceCents: 47_00 },
    };
    expect(whiteLabelContent(brand, edited).price).toMatchObject({ regular: "$997", special: "$47" });
  });
});
