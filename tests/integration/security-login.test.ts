import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createUser, PASSWORD, uniqueEmail } from "../support/fixtures";
import { Browser } from "../support/http";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * Issue 10 item 5: brute force without lockout. Failures slow down the address and the
 * (email, address) pair with growing delays; failures for one email hit a ceiling that only a
 * browser the owner signed in from before (signed device cookie) may pass; the owner's correct
 * password never counts against them.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});
beforeEach(async () => {
  await app.db.deleteFrom("rate_limits").execute();
});

let nextAddress = 1;
/** A stranger's request from a fresh address each time (a botnet). */
const strangerFrom = () => new Browser(app.baseUrl, `192.0.2.${nextAddress++ % 250}`);

async function ownerWithKnownDevice() {
  const owner = await createUser(app.db, { paid: "stripe-order" });
  const device = new Browser(app.baseUrl);
  expect((await device.post("/login", { email: owner.email, password: PASSWORD })).status).toBe(303);
  expect(device.cookie("__device")).toBeTruthy();
  expect((await device.post("/logout", {})).status).toBe(303);
  return { owner, device };
}

describe("the lockout scenario", () => {
  it("a stranger fails 50 times for the owner's email, and the owner still signs in from a known device", async () => {
    const { owner, device } = await ownerWithKnownDevice();

    const statuses: number[] = [];
    for (let attempt = 0; attempt < 50; attempt++) {
      statuses.push((await strangerFrom().post("/login", { email: owner.email, password: `guess-${attempt}` })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.slice(10)).toEqual(Array(40).fill(429));

    // The owner, from the browser they signed in with before: in.
    const known = await device.post("/login", { email: owner.email, password: PASSWORD });
    expect(known.status).toBe(303);
    expect(known.headers.get("Location")).toBe("/dashboard");

    // From a device never seen, even with the right password: held back like the stranger.
    const unknown = await new Browser(app.baseUrl).post("/login", { email: owner.email, password: PASSWORD });
    expect(unknown.status).toBe(429);
    expect(await unknown.text()).toContain("Too many attempts. Please try again in");
  });

  it("a device cookie for another account, or a forged one, does not pass the ceiling", async () => {
    const { owner } = await ownerWithKnownDevice();
    const { device: otherDevice } = await ownerWithKnownDevice();
    for (let attempt = 0; attempt < 10; attempt++)
      await strangerFrom().post("/login", { email: owner.email, password: `guess-${attempt}` });

    expect((await otherDevice.post("/login", { email: owner.email, password: PASSWORD })).status).toBe(429);
    const forger = new Browser(app.baseUrl);
    forger.setCookie(
      "__device",
      encodeURIComponent(Buffer.from(JSON.stringify(`${"0".repeat(36)}:nonce`)).toString("base64")),
    );
    expect((await forger.post("/login", { email: owner.email, password: PASSWORD })).status).toBe(429);
  });

  it("a known device that keeps failing loses its pass", async () => {
    const { owner, device } = await ownerWithKnownDevice();
    for (let attempt = 0; attempt < 10; attempt++)
      await strangerFrom().post("/login", { email: owner.email, password: `guess-${attempt}` });
    // The device may still try, but its own failures are counted (from fresh addresses, so no pair delay applies).
    for (let attempt = 0; attempt < 10; attempt++) {
      const thief = new Browser(app.baseUrl, `198.18.0.${attempt + 1}`);
      thief.setCookie("__device", device.cookie("__device")!);
      expect((await thief.post("/login", { email: owner.email, password: `stolen-${attempt}` })).status).toBe(400);
    }
    expect((await device.post("/login", { email: owner.email, password: PASSWORD })).status).toBe(429);
  });

  it("the owner's correct password never counts towards the ceiling", async () => {
    const owner = await createUser(app.db, { paid: "stripe-order" });
    for (let attempt = 0; attempt < 9; attempt++)
      await strangerFrom().post("/login", { email: owner.email, password: `guess-${attempt}` });
    // Nine failures: the owner, from a new device, signs in a few times; each success counts nothing.
    for (let round = 0; round < 5; round++) {
      expect((await new Browser(app.baseUrl).post("/login", { email: owner.email, password: PASSWORD })).status).toBe(
        303,
      );
    }
    const failures = await app.db
      .selectFrom("rate_limits")
      .select("hits")
      .where("key", "=", `login-fail:email:${owner.email}`)
      .executeTakeFirstOrThrow();
    expect(failures.hits).toBe(9);
  });
});

describe("the device cookie", () => {
  it("is signed, httpOnly and sent to every path, /login.data included (the form's target with JavaScript)", async () => {
    const owner = await createUser(app.db);
    const response = await new Browser(app.baseUrl).post("/login", { email: owner.email, password: PASSWORD });
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith("__device="))!;
    expect(cookie).toMatch(/; Path=\/;/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(decodeURIComponent(cookie.split(";")[0]!)).toMatch(/\.[A-Za-z0-9+/=_-]+$/); // value.signature
    expect(cookie).not.toContain(owner.email);
  });
});

describe("growing delays", () => {
  it("slow one (email, address) pair after 5 failures, doubling, while the owner elsewhere is unaffected", async () => {
    const owner = await createUser(app.db);
    const guesser = new Browser(app.baseUrl, "203.0.113.9");
    for (let attempt = 0; attempt < 6; attempt++) {
      expect((await guesser.post("/login", { email: owner.email, password: `guess-${attempt}` })).status).toBe(400);
    }
    const slowed = await guesser.post("/login", { email: owner.email, password: PASSWORD });
    expect(slowed.status).toBe(429);
    expect(await slowed.text()).toMatch(/Please try again in \d+ seconds?\./);
    // Elsewhere the owner signs in (6 failures are under the per-email ceiling).
    expect((await new Browser(app.baseUrl).post("/login", { email: owner.email, password: PASSWORD })).status).toBe(
      303,
    );

    // When the delay has passed, one more failure doubles it.
    await app.db
      .updateTable("rate_limits")
      .set({ last_hit_at: new Date(Date.now() - 31_000) })
      .where("key", "like", "login-fail:email-ip:%")
      .execute();
    expect((await guesser.post("/login", { email: owner.email, password: "guess-again" })).status).toBe(400);
    const row = await app.db
      .selectFrom("rate_limits")
      .select("hits")
      .where("key", "like", `login-fail:email-ip:${owner.email}|%`)
      .executeTakeFirstOrThrow();
    expect(row.hits).toBe(7);
    await app.db
      .updateTable("rate_limits")
      .set({ last_hit_at: new Date(Date.now() - 31_000) })
      .where("key", "like", "login-fail:email-ip:%")
      .execute();
    expect((await guesser.post("/login", { email: owner.email, password: PASSWORD })).status).toBe(429); // 60 s now
  });

  it("slow one address spraying many emails after 20 free failures", async () => {
    const sprayer = "203.0.113.77";
    const statuses = [];
    for (let attempt = 0; attempt < 22; attempt++) {
      statuses.push(
        (
          await new Browser(app.baseUrl, sprayer).post("/login", {
            email: uniqueEmail("spray"),
            password: "spray-pw-1",
          })
        ).status,
      );
    }
    expect(statuses.slice(0, 21)).toEqual(Array(21).fill(400));
    expect(statuses[21]).toBe(429);
  });

  it("count IPv6 clients by /64: hopping addresses within one prefix does not escape", async () => {
    const statuses = [];
    for (let attempt = 0; attempt < 22; attempt++) {
      const address = `2001:db8:77:1::${(attempt + 1).toString(16)}`;
      statuses.push(
        (await new Browser(app.baseUrl, address).post("/login", { email: uniqueEmail("v6"), password: "spray-pw-1" }))
          .status,
      );
    }
    expect(statuses[21]).toBe(429);
    // Another /64 is another client.
    expect(
      (
        await new Browser(app.baseUrl, "2001:db8:77:2::1").post("/login", {
          email: uniqueEmail("v6"),
          password: "spray-pw-1",
        })
      ).status,
    ).toBe(400);
  });
});
