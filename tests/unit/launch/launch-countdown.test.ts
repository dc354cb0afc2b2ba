import { describe, expect, it } from "vitest";
import { fromZonedInput } from "~/features/launch/launch";
import { countdownTo, isCountdownOver, twoDigits, ZERO_COUNTDOWN } from "~/features/launch/launch-countdown";

/** The spec's launch, 2025-06-06 11:00 Central, as the admin would enter it (decision 053). */
const LAUNCH_AT = fromZonedInput("2025-06-06T11:00", "America/Chicago")!;

describe("launch countdown (docs/product.md §4, docs/decisions/013-launch-countdown-shows-zeros-after-launch.md)", () => {
  it("targets 2025-06-06 11:00 Central, which is 16:00 UTC", () => {
    expect(new Date(LAUNCH_AT).toISOString()).toBe("2025-06-06T16:00:00.000Z");
  });

  it("splits the time left into days, hours, minutes and seconds", () => {
    const now = new Date("2025-06-03T14:58:30Z");
    expect(countdownTo(LAUNCH_AT, now)).toEqual({ days: 3, hours: 1, minutes: 1, seconds: 30 });
  });

  it("drops a partial second rather than rounding up", () => {
    expect(countdownTo(LAUNCH_AT, new Date("2025-06-06T15:59:58.400Z"))).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 1,
    });
  });

  it("shows zeros at and after the launch moment", () => {
    expect(countdownTo(LAUNCH_AT, new Date("2025-06-06T16:00:00Z"))).toEqual(ZERO_COUNTDOWN);
    expect(countdownTo(LAUNCH_AT, new Date("2026-11-21T12:00:00Z"))).toEqual(ZERO_COUNTDOWN);
    expect(isCountdownOver(ZERO_COUNTDOWN)).toBe(true);
    expect(isCountdownOver({ days: 0, hours: 0, minutes: 0, seconds: 1 })).toBe(false);
  });

  it("pads cells to two digits", () => {
    expect(twoDigits(7)).toBe("07");
    expect(twoDigits(23)).toBe("23");
  });
});
