import { describe, expect, it } from "vitest";
import {
  DEFAULT_LAUNCH_SETTINGS,
  demoLaunchSettings,
  earlyBonusSpots,
  formatInZone,
  fromZonedInput,
  launchPhase,
  toZonedInput,
} from "~/features/launch/launch";
import { DEFAULT_CATALOGUE } from "~/features/catalogue/catalogue";
import { landingContent } from "~/features/site/landing";
import {
  applicationStatusFormSchema,
  CONTEST_PRIZES_MESSAGE,
  contestPrizesText,
  launchFormSchema,
  parseLaunchForm,
  type LaunchFormValues,
} from "~/features/launch/launch-form";
import { submit } from "../../support/form-submission";

const zone = "America/Chicago";
const at = (iso: string) => new Date(iso);

describe("launch dates in the launch's time zone (decision 053)", () => {
  it("reads an entered wall-clock time in Central, summer and winter", () => {
    expect(fromZonedInput("2025-06-06T11:00", zone)!.toISOString()).toBe("2025-06-06T16:00:00.000Z");
    expect(fromZonedInput("2025-12-01T09:30", zone)!.toISOString()).toBe("2025-12-01T15:30:00.000Z");
    expect(toZonedInput(at("2025-06-06T16:00:00Z"), zone)).toBe("2025-06-06T11:00");
  });

  it("refuses dates that do not exist", () => {
    for (const value of ["2025-02-30T10:00", "2025-13-01T10:00", "2025-06-06T25:00", "tomorrow", ""]) {
      expect(fromZonedInput(value, zone), value).toBeNull();
    }
  });

  it("shows a moment as the zone reads it", () => {
    expect(formatInZone(at("2025-06-06T16:00:00Z"), zone)).toBe("June 6, 2025 at 11 AM CDT");
  });
});

describe("launchPhase", () => {
  const window = {
    ...DEFAULT_LAUNCH_SETTINGS,
    cartOpensAt: at("2025-06-06T16:00:00Z"),
    cartClosesAt: at("2025-06-13T16:00:00Z"),
  };

  it("has no deadline without dates", () => {
    expect(launchPhase(DEFAULT_LAUNCH_SETTINGS, at("2025-06-01T00:00:00Z"))).toEqual({ phase: "none" });
  });

  it("says when the cart opens, counts down while open, and ends at the close", () => {
    expect(launchPhase(window, at("2025-06-01T00:00:00Z"))).toEqual({
      phase: "before",
      opensLabel: "June 6, 2025 at 11 AM CDT",
    });
    expect(launchPhase(window, at("2025-06-10T15:59:50Z"))).toEqual({
      phase: "open",
      closesAt: "2025-06-13T16:00:00.000Z",
      remaining: { days: 3, hours: 0, minutes: 0, seconds: 10 },
    });
    expect(launchPhase(window, at("2025-06-13T16:00:00Z"))).toEqual({ phase: "closed" });
  });

  it("starts the demo launch at 2 days 23:59:59 one second after the first start", () => {
    const first = at("2026-11-26T03:00:00Z");
    const phase = launchPhase(demoLaunchSettings(first), new Date(first.getTime() + 1000));
    expect(phase).toMatchObject({ phase: "open", remaining: { days: 2, hours: 23, minutes: 59, seconds: 59 } });
  });

  it("gives the demo launch the spec's affiliate dates: full blast the last 24 hours, winners at the close", () => {
    const demo = demoLaunchSettings(at("2026-11-26T03:00:00Z"));
    expect(demo.cartClosesAt).toEqual(at("2026-11-29T03:00:00Z"));
    expect(demo.fullBlastStartsAt).toEqual(at("2026-11-28T03:00:00Z"));
    expect(demo.winnersAnnouncedAt).toEqual(at("2026-11-29T03:00:00Z"));
  });
});

describe("parseLaunchForm", () => {
  const valid: LaunchFormValues = {
    cartOpensAt: "2025-06-06T11:00",
    cartClosesAt: "2025-06-13T11:00",
    timeZone: zone,
    earlyBonusBuyers: "50",
    customSaasCapacity: "10",
    customSaasBookedElsewhere: "7",
    fullBlastStartsAt: "",
    winnersAnnouncedAt: "",
    contestPrizes: "350, 250, 150",
  };

  it("accepts a window and empty optional dates", () => {
    const result = parseLaunchForm(valid);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.value.cartClosesAt!.toISOString()).toBe("2025-06-13T16:00:00.000Z");
      expect(result.value.fullBlastStartsAt).toBeNull();
      expect(result.value.customSaasBookedElsewhere).toBe(7);
    }
  });

  it("puts a message on each bad field", () => {
    const result = parseLaunchForm({
      ...valid,
      cartOpensAt: "2025-06-14T11:00",
      winnersAnnouncedAt: "2025-02-30T10:00",
      earlyBonusBuyers: "-1",
      customSaasCapacity: "ten",
      timeZone: "Mars/Olympus",
      contestPrizes: "350, lots",
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        timeZone: "Enter a time zone such as America/Chicago.",
        winnersAnnouncedAt: "Enter a real date and time.",
        cartClosesAt: "The cart must close after it opens.",
        earlyBonusBuyers: "Enter a number of 0 or more.",
        customSaasCapacity: "Enter a whole number.",
        contestPrizes: CONTEST_PRIZES_MESSAGE,
      },
    });
  });

  it("reads the contest's prizes in dollars, first place first, and shows them back as typed", () => {
    const prizes = (contestPrizes: string) => {
      const result = parseLaunchForm({ ...valid, contestPrizes });
      return result.ok ? result.value.contestPrizesCents : result.errors.contestPrizes;
    };
    expect(prizes("1000, $500,250.50")).toEqual([100_000, 50_000, 25_050]);
    expect(prizes("0")).toEqual([0]);
    expect(contestPrizesText([100_000, 25_050])).toBe("1000, 250.50");
    for (const bad of ["", "350,,150", "-5", "1.234", "abc", "20000000", Array(11).fill("1").join(",")])
      expect(prizes(bad), bad).toBe(CONTEST_PRIZES_MESSAGE);
  });
});

describe("the early-bonus spots (issue 26)", () => {
  it("counts down from 'Early-bonus buyers' and stops at 0", () => {
    expect(earlyBonusSpots({ earlyBonusBuyers: 50 }, 0)).toEqual({ total: 50, remaining: 50 });
    expect(earlyBonusSpots({ earlyBonusBuyers: 50 }, 49)).toEqual({ total: 50, remaining: 1 });
    expect(earlyBonusSpots({ earlyBonusBuyers: 50 }, 50)).toEqual({ total: 50, remaining: 0 });
    // Lowered below the spots already given: none left, never a negative count.
    expect(earlyBonusSpots({ earlyBonusBuyers: 10 }, 12)).toEqual({ total: 10, remaining: 0 });
  });

  it("drops the landing's bonus block when none remain", () => {
    const brand = { name: "AI Profit Labs", supportEmail: "support@example.com" };
    const phase = launchPhase(DEFAULT_LAUNCH_SETTINGS, new Date());
    const open = landingContent(brand, DEFAULT_CATALOGUE, phase, { total: 50, remaining: 3 });
    expect(open.offer.bonus).toEqual({
      heading: "Bonus for the first 50 customers",
      text: "A ready-to-use SaaS starter template, plus 3 more bonuses valued at $297.",
      spotsLeft: "3 of 50 early-bonus spots left",
      spotsRule: "A spot given back by a refund within the 30-day guarantee goes to the next buyer.",
    });
    expect(landingContent(brand, DEFAULT_CATALOGUE, phase, { total: 50, remaining: 0 }).offer.bonus).toBeNull();
  });
});

describe("/admin/launch's and /admin/custom-saas's forms", () => {
  const settings = {
    cartOpensAt: "2026-12-01T09:00",
    cartClosesAt: "2026-12-08T23:59",
    timeZone: "America/Chicago",
    earlyBonusBuyers: "100",
    customSaasCapacity: "5",
    customSaasBookedElsewhere: "0",
    fullBlastStartsAt: "",
    winnersAnnouncedAt: "",
    contestPrizes: "500, 300",
  };

  it("takes the launch settings, dates in the launch's time zone and empty ones unset", () => {
    expect(submit(launchFormSchema, settings).value).toEqual({
      cartOpensAt: new Date("2026-12-01T15:00:00Z"),
      cartClosesAt: new Date("2026-12-09T05:59:00Z"),
      timeZone: "America/Chicago",
      earlyBonusBuyers: 100,
      customSaasCapacity: 5,
      customSaasBookedElsewhere: 0,
      fullBlastStartsAt: null,
      winnersAnnouncedAt: null,
      contestPrizesCents: [50_000, 30_000],
    });
  });

  it("names each problem of the launch settings by its field", () => {
    expect(
      submit(launchFormSchema, {
        ...settings,
        cartClosesAt: "2026-11-30T09:00",
        timeZone: "Mars/Olympus",
        earlyBonusBuyers: "-1",
        customSaasCapacity: "",
        fullBlastStartsAt: "2026-02-30T10:00",
        contestPrizes: "first: 500",
      }).error,
    ).toEqual({
      timeZone: ["Enter a time zone such as America/Chicago."],
      fullBlastStartsAt: ["Enter a real date and time."],
      cartClosesAt: ["The cart must close after it opens."],
      earlyBonusBuyers: ["Enter a number of 0 or more."],
      customSaasCapacity: ["Enter a whole number."],
      contestPrizes: [CONTEST_PRIZES_MESSAGE],
    });
  });

  it("takes an application's status from the list only", () => {
    const id = "3f0b8a4e-6d1c-4a57-9d1e-2b4c5d6e7f80";
    expect(submit(applicationStatusFormSchema, { id, status: "delivered" }).value).toEqual({ id, status: "delivered" });
    const refused = "Unknown application or status: nothing was changed.";
    expect(submit(applicationStatusFormSchema, { id, status: "lost" }).error).toEqual({ status: [refused] });
    expect(submit(applicationStatusFormSchema, { id: "1", status: "new" }).error).toEqual({ id: [refused] });
  });
});
