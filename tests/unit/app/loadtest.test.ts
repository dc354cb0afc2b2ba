import { describe, expect, it } from "vitest";
import {
  capacityOf,
  dueBy,
  failedKind,
  LAUNCH_MIX,
  mixSequence,
  percentile,
  scheduledAt,
  summarise,
  type Sample,
} from "../../../scripts/loadtest/plan";
import { at } from "../../support/present";

const take = <T>(iterator: Iterator<T>, n: number): T[] => Array.from({ length: n }, () => iterator.next().value as T);
const counts = (items: string[]) =>
  items.reduce<Record<string, number>>((c, k) => ({ ...c, [k]: (c[k] ?? 0) + 1 }), {});

describe("the load test's arrival scheduler (scripts/loadtest/plan.ts)", () => {
  it("makes requests due at a constant rate from the step's start, whatever came back", () => {
    expect(dueBy(-1, 100, 10)).toBe(0);
    // The first request is due at once, then one every 10 ms at 100 a second.
    expect(dueBy(0, 100, 10)).toBe(1);
    expect(dueBy(9.9, 100, 10)).toBe(1);
    expect(dueBy(10, 100, 10)).toBe(2);
    expect(dueBy(995, 100, 10)).toBe(100);
    expect(scheduledAt(0, 100)).toBe(0);
    expect(scheduledAt(250, 100)).toBe(2500);
    expect(scheduledAt(3, 400)).toBe(7.5);
  });

  it("catches up on every request a late timer missed, and never passes the step's total", () => {
    // A timer that wakes 300 ms late at 50 a second owes 15 more requests at once.
    expect(dueBy(1300, 50, 10) - dueBy(1000, 50, 10)).toBe(15);
    expect(dueBy(10_000, 50, 10)).toBe(500);
    expect(dueBy(60_000, 50, 10)).toBe(500);
  });
});

describe("the launch mix", () => {
  it("is the issue's mix, 100 parts in all", () => {
    expect(LAUNCH_MIX).toEqual({
      "sales page": 70,
      "lead signup": 5,
      "account signup": 5,
      login: 5,
      "stripe checkout": 3,
      "warriorplus ipn": 2,
      "member reading": 10,
    });
  });

  it("deals each kind exactly its share in every window of 100 arrivals", () => {
    const sequence = mixSequence(LAUNCH_MIX);
    for (let window = 0; window < 3; window++) expect(counts(take(sequence, 100))).toEqual(LAUNCH_MIX);
  });

  it("spreads a kind out instead of sending it in a run", () => {
    expect(take(mixSequence({ a: 3, b: 1 }), 8)).toEqual(["a", "a", "b", "a", "a", "a", "b", "a"]);
    // A 5% kind comes about every 20 arrivals of the launch mix, never in a bunch.
    const launch = take(mixSequence(LAUNCH_MIX), 100);
    const logins = launch.flatMap((kind, index) => (kind === "login" ? [index] : []));
    expect(logins).toHaveLength(5);
    for (let i = 1; i < logins.length; i++) {
      const gap = at(logins, i) - at(logins, i - 1);
      expect(gap).toBeGreaterThanOrEqual(15);
      expect(gap).toBeLessThanOrEqual(25);
    }
  });
});

describe("the percentile maths", () => {
  it("takes the nearest rank: a latency that was really observed", () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([1, 2, 3], 0)).toBe(1);
    expect(percentile([], 50)).toBeNaN();
  });

  it("lets one stall in a hundred set p99 (what closed-loop measuring hides)", () => {
    const ms = [...Array.from({ length: 98 }, () => 5), 900, 1000];
    expect(percentile(ms, 50)).toBe(5);
    expect(percentile(ms, 99)).toBe(900);
  });

  it("summarises per kind: requests, p50, p99, errors and 5xx", () => {
    const samples: Sample[] = [
      ...Array.from({ length: 10 }, (_, i) => ({ kind: "sales page", ms: i + 1, status: 200, ok: true })),
      { kind: "login", ms: 210, status: 303, ok: true },
      { kind: "login", ms: 600, status: 503, ok: false },
      { kind: "login", ms: 10_000, status: 0, ok: false },
    ];
    expect(summarise(samples)).toEqual([
      { kind: "sales page", requests: 10, p50: 5, p99: 10, errors: 0, "5xx": 0 },
      { kind: "login", requests: 3, p50: 600, p99: 10_000, errors: 2, "5xx": 1 },
    ]);
  });
});

describe("a step's verdict and the capacity", () => {
  const row = (kind: string, p99: number, errors = 0) => ({ kind, requests: 100, p50: 1, p99, errors, "5xx": 0 });

  it("fails a step on any p99 over 500 ms (naming the slowest) or on any error", () => {
    expect(failedKind([row("sales page", 20), row("login", 500)])).toBeNull();
    expect(failedKind([row("sales page", 700), row("login", 900)])).toBe("login");
    expect(failedKind([row("sales page", 20), row("ipn: front end", 30, 1)])).toBe("ipn: front end");
    expect(failedKind([row("sales page", 20, 1), row("login", 501)])).toBe("login");
  });

  it("is the highest clean step before the first failure", () => {
    expect(
      capacityOf([
        { rate: 50, failed: null },
        { rate: 100, failed: null },
        { rate: 200, failed: "login" },
      ]),
    ).toEqual({ rate: 100, failedFirst: "login" });
    expect(capacityOf([{ rate: 50, failed: "login" }])).toEqual({ rate: null, failedFirst: "login" });
    expect(capacityOf([{ rate: 50, failed: null }])).toEqual({ rate: 50, failedFirst: null });
  });
});
