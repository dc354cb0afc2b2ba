import { describe, expect, it } from "vitest";
import { backoffDelaySeconds } from "~/lib/backoff";

describe("backoffDelaySeconds", () => {
  const policy = { free: 3, baseSeconds: 1, maxSeconds: 900 };
  it("costs nothing for the free failures", () => {
    expect([0, 1, 2, 3].map((n) => backoffDelaySeconds(n, policy))).toEqual([0, 0, 0, 0]);
  });
  it("doubles after them, up to the ceiling", () => {
    expect([4, 5, 6, 7, 13, 14, 200].map((n) => backoffDelaySeconds(n, policy))).toEqual([1, 2, 4, 8, 512, 900, 900]);
  });
});
