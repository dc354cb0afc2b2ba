import { describe, expect, it } from "vitest";
import { isCountdownOver, padCountdownUnit, tickCountdown, ZERO_COUNTDOWN, type CountdownValue } from "~/lib/countdown";

const at = (days: number, hours: number, minutes: number, seconds: number): CountdownValue => ({
  days,
  hours,
  minutes,
  seconds,
});

describe("tickCountdown", () => {
  it("takes one second off while there are seconds left", () => {
    expect(tickCountdown(at(2, 23, 59, 59))).toEqual(at(2, 23, 59, 58));
    expect(tickCountdown(at(0, 0, 0, 1))).toEqual(at(0, 0, 0, 0));
  });

  it("borrows a minute at zero seconds", () => {
    expect(tickCountdown(at(2, 23, 59, 0))).toEqual(at(2, 23, 58, 59));
    expect(tickCountdown(at(0, 0, 1, 0))).toEqual(at(0, 0, 0, 59));
  });

  it("borrows an hour at zero minutes and seconds", () => {
    expect(tickCountdown(at(2, 23, 0, 0))).toEqual(at(2, 22, 59, 59));
    expect(tickCountdown(at(0, 1, 0, 0))).toEqual(at(0, 0, 59, 59));
  });

  it("borrows a day at zero hours, minutes and seconds", () => {
    expect(tickCountdown(at(2, 0, 0, 0))).toEqual(at(1, 23, 59, 59));
    expect(tickCountdown(at(1, 0, 0, 0))).toEqual(at(0, 23, 59, 59));
  });

  it("stops at zero", () => {
    expect(tickCountdown(ZERO_COUNTDOWN)).toEqual(ZERO_COUNTDOWN);
    expect(isCountdownOver(tickCountdown(ZERO_COUNTDOWN))).toBe(true);
  });

  it("runs from 2 days 23:59:59 to zero in exactly that many seconds, then stays there", () => {
    let value = at(2, 23, 59, 59);
    let ticks = 0;
    while (!isCountdownOver(value) && ticks < 300_000) {
      value = tickCountdown(value);
      ticks++;
    }
    expect(ticks).toBe(2 * 86_400 + 23 * 3600 + 59 * 60 + 59);
    expect(tickCountdown(value)).toEqual(ZERO_COUNTDOWN);
  });

  it("does not change the value it is given", () => {
    const value = at(1, 0, 0, 0);
    tickCountdown(value);
    expect(value).toEqual(at(1, 0, 0, 0));
  });
});

describe("padCountdownUnit", () => {
  it("shows two digits", () => {
    expect(padCountdownUnit(0)).toBe("00");
    expect(padCountdownUnit(7)).toBe("07");
    expect(padCountdownUnit(59)).toBe("59");
  });
});
