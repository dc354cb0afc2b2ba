import { describe, expect, it } from "vitest";
import { backoffDelaySeconds, backoffDelayTable } from "~/platform/backoff";

describe("backoffDelaySeconds", () => {
  const policy = { free: 3, baseSeconds: 1, maxSeconds: 900 };
  it("costs nothing for the free failures", () => {
    expect([0, 1, 2, 3].map((n) => backoffDelaySeconds(n, policy))).toEqual([0, 0, 0, 0]);
  });
  it("doubles after them, up to the ceiling", () => {
    expect([4, 5, 6, 7, 13, 14, 200].map((n) => backoffDelaySeconds(n, policy))).toEqual([1, 2, 4, 8, 512, 900, 900]);
  });
});

describe("backoffDelayTable", () => {
  it("lists the delays up to the first at the ceiling, which holds for any more failures", () => {
    expect(backoffDelayTable({ free: 2, baseSeconds: 30, maxSeconds: 100 })).toEqual([0, 0, 0, 30, 60, 100]);
    expect(backoffDelayTable({ free: 0, baseSeconds: 900, maxSeconds: 900 })).toEqual([0, 900]);
  });
});
