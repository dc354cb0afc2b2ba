import { beforeAll, describe, expect, it } from "vitest";
import type * as Password from "~/platform/password.server";
import { at } from "../../support/present";

// A cheap hash: what is tested is how many run at once, not their cost.
process.env.BCRYPT_COST = "4";
let password: typeof Password;
beforeAll(async () => {
  password = await import("~/platform/password.server");
});

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("bcrypt's queue (app/platform/password.server.ts, decision 058)", () => {
  it("runs as many as the CPUs at once, short of libuv's whole pool, and the rest wait their turn", async () => {
    const { BCRYPT_CONCURRENCY, bcryptQueue, hashPassword, verifyPassword } = password;
    const cpus = (await import("node:os")).availableParallelism();
    expect(BCRYPT_CONCURRENCY).toBe(Math.max(1, Math.min(cpus, 4 - 1)));
    const hashes = Array.from({ length: BCRYPT_CONCURRENCY + 3 }, (_, i) => hashPassword(`password-${i}`));
    await tick();
    expect(bcryptQueue()).toEqual({ running: BCRYPT_CONCURRENCY, waiting: 3 });
    const done = await Promise.all(hashes);
    expect(bcryptQueue()).toEqual({ running: 0, waiting: 0 });
    // Checks go through the same line, unknown emails' decoy check included.
    const checks = [
      verifyPassword("password-0", at(done, 0)),
      verifyPassword("wrong", at(done, 1)),
      verifyPassword("x", null),
    ];
    await tick();
    expect(bcryptQueue().running + bcryptQueue().waiting).toBeGreaterThan(0);
    expect(await Promise.all(checks)).toEqual([true, false, false]);
  });
});
