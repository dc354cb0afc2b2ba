import { describe, expect, it } from "vitest";
import { InFlightLimit } from "~/platform/in-flight";

describe("InFlightLimit", () => {
  it("allows maxPerKey checks per key at once, all keys or none", () => {
    const limit = new InFlightLimit(2);
    const a = limit.tryAcquire(["account:a", "address:1"]);
    const b = limit.tryAcquire(["account:a", "address:2"]);
    expect(a).not.toBeNull();
    expect(b).not.toBeNull();
    // account:a is full: refused, and address:3 was not taken either.
    expect(limit.tryAcquire(["account:a", "address:3"])).toBeNull();
    expect(limit.running("address:3")).toBe(0);
    // Another account from address:1 still fits (address:1 has one running).
    const c = limit.tryAcquire(["account:b", "address:1"]);
    expect(c).not.toBeNull();
    expect(limit.tryAcquire(["account:c", "address:1"])).toBeNull();
    a!();
    expect(limit.running("account:a")).toBe(1);
    expect(limit.tryAcquire(["account:a", "address:4"])).not.toBeNull();
  });

  it("releases once, however often the release is called, and forgets idle keys", () => {
    const limit = new InFlightLimit(1);
    const release = limit.tryAcquire(["k", "k"])!;
    expect(limit.running("k")).toBe(1);
    release();
    release();
    expect(limit.running("k")).toBe(0);
    expect(limit.tryAcquire(["k"])).not.toBeNull();
  });
});
