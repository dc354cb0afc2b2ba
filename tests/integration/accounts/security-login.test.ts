import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createUser, PASSWORD, signIn, uniqueEmail } from "../../support/fixtures";
// The model itself, on the app's own database handle (db.server keeps one handle per process).
import { releaseReservations, reserveAttempts } from "~/platform/rate-limit/windows.server";
import { Browser } from "../../support/http";
import { startTestApp, type TestApp } from "../../support/test-app";

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

/**
 * Issue 31 item 5 (decision 047): every password check is reserved under the throttle BEFORE
 * bcrypt runs, in one statement, so simultaneous guesses cannot all pass a limit none of them had
 * written yet; and the current password on /account goes through the same throttle.
 */
const flashOf = async (browser: Browser) => {
  const html = await (await browser.get("/account")).text();
  return /role="(?:status|alert)"[^>]*>([^<]*)</.exec(html)?.[1] ?? "";
};

describe("reserve before verify", () => {
  it("60 simultaneous wrong guesses from 60 addresses: at most the ceiling are checked, the owner still gets in", async () => {
    const { owner, device } = await ownerWithKnownDevice();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, attempt) =>
        new Browser(app.baseUrl, `198.51.100.${attempt + 1}`).post("/login", {
          email: owner.email,
          password: `guess-${attempt}`,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    // 400: the password was checked and was wrong; 429: refused before any check.
    const checked = statuses.filter((status) => status === 400).length;
    expect(checked).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(60 - checked);
    const ceiling = await app.db
      .selectFrom("rate_limits")
      .select("hits")
      .where("key", "=", `login-fail:email:${owner.email}`)
      .executeTakeFirstOrThrow();
    expect(ceiling.hits).toBe(checked);

    // The owner, from the browser they signed in with before (at another address): in.
    const known = await device.post("/login", { email: owner.email, password: PASSWORD });
    expect(known.status).toBe(303);
  });

  it("one account has at most 2 password checks running at once: the excess is refused, right or wrong", async () => {
    const owner = await createUser(app.db, { paid: "stripe-order" });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, attempt) =>
        new Browser(app.baseUrl, `198.51.101.${attempt + 1}`).post("/login", {
          email: owner.email,
          password: PASSWORD,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 303 && status !== 429)).toEqual([]);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(await answers[statuses.indexOf(429)]!.text()).toContain("Too many attempts. Please try again in");
    // Right passwords refused for load count nothing: the next sign-in goes ahead.
    expect((await new Browser(app.baseUrl).post("/login", { email: owner.email, password: PASSWORD })).status).toBe(
      303,
    );
  });

  it("40 wrong current passwords on /account are refused after the limit; the owner still signs in elsewhere", async () => {
    const owner = await createUser(app.db, { paid: "stripe-order" });
    const thief = await signIn(app.baseUrl, owner.email);
    const flashes: string[] = [];
    for (let attempt = 0; attempt < 40; attempt++) {
      await thief.post("/account/security", {
        intent: "password",
        current_password: `guess-${attempt}`,
        new_password: "taken-over-password-1",
      });
      flashes.push(await flashOf(thief));
    }
    const wrong = flashes.filter((flash) => flash === "Your current password is not correct.").length;
    expect(wrong).toBeLessThanOrEqual(10);
    expect(flashes.slice(wrong).every((flash) => flash.startsWith("Too many attempts. Please try again in"))).toBe(
      true,
    );
    // The same throttle guards the email change: the right password is refused here now too.
    await thief.post("/account", { intent: "email", email: uniqueEmail("thief"), current_password: PASSWORD });
    expect(await flashOf(thief)).toMatch(/^Too many attempts/);
    // The password did not change, and the owner signs in from elsewhere.
    expect((await new Browser(app.baseUrl).post("/login", { email: owner.email, password: PASSWORD })).status).toBe(
      303,
    );
  });
});

describe("the reservation statement", () => {
  it("admits exactly the limit out of 60 concurrent reservations, and gives back exactly what it took", async () => {
    const key = `test-window:${uniqueEmail()}`;
    const window = { key, kind: "window" as const, limit: 10, windowMs: 60_000 };
    const taken = await Promise.all(Array.from({ length: 60 }, () => reserveAttempts([window])));
    expect(taken.filter((reserved) => reserved.length === 1)).toHaveLength(10);
    const hits = async (name: string) =>
      await app.db.selectFrom("rate_limits").select(["hits", "last_hit_at"]).where("key", "=", name).executeTakeFirst();
    expect((await hits(key))?.hits).toBe(10);
    await releaseReservations(taken.flat().slice(0, 3));
    expect((await hits(key))?.hits).toBe(7);
  });

  it("holds growing delays under concurrency, and a release puts the last failure's time back", async () => {
    const key = `test-backoff:${uniqueEmail()}`;
    const backoff = { key, kind: "backoff" as const, delays: [0, 0, 30, 60], forgetMs: 60_000 };
    const taken = await Promise.all(Array.from({ length: 30 }, () => reserveAttempts([backoff])));
    // Two failures cost nothing; after them the next waits 30 s: two go ahead at once.
    expect(taken.filter((reserved) => reserved.length === 1)).toHaveLength(2);
    const before = await app.db
      .selectFrom("rate_limits")
      .select("last_hit_at")
      .where("key", "=", key)
      .executeTakeFirstOrThrow();
    await app.db
      .updateTable("rate_limits")
      .set({ last_hit_at: new Date(Date.now() - 31_000) })
      .where("key", "=", key)
      .execute();
    const earlier = await app.db
      .selectFrom("rate_limits")
      .select("last_hit_at")
      .where("key", "=", key)
      .executeTakeFirstOrThrow();
    expect(earlier.last_hit_at.getTime()).toBeLessThan(before.last_hit_at.getTime());
    // After the 30 s wait one more goes ahead (the next waits 60 s); giving it back restores the time.
    const [next, blocked] = [await reserveAttempts([backoff]), await reserveAttempts([backoff])];
    expect(next).toHaveLength(1);
    expect(blocked).toHaveLength(0);
    await releaseReservations(next);
    const after = await app.db
      .selectFrom("rate_limits")
      .select(["hits", "last_hit_at"])
      .where("key", "=", key)
      .executeTakeFirstOrThrow();
    expect(after.hits).toBe(2);
    expect(after.last_hit_at.getTime()).toBe(earlier.last_hit_at.getTime());
  });
});
