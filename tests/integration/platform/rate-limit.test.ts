import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, PASSWORD, uniqueEmail } from "../../support/fixtures";
import { Browser } from "../../support/http";
import { startTestApp, type TestApp } from "../../support/test-app";

// No proxy in front: X-Forwarded-For must be ignored, so every request here counts against
// the socket address (127.0.0.1), whatever the header claims.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ TRUST_PROXY: "" });
});
afterAll(async () => {
  await app?.close();
});

async function expireWindows() {
  await app.db
    .updateTable("rate_limits")
    .set({ reset_at: new Date(Date.now() - 1000) })
    .execute();
}

describe("login rate limits", () => {
  it("slow an (email, address) pair down after 5 failures, saying when to retry, then recover", async () => {
    await expireWindows();
    const user = await createUser(app.db);
    const browser = new Browser(app.baseUrl);
    for (let attempt = 1; attempt <= 6; attempt++) {
      expect((await browser.post("/login", { email: user.email, password: "wrong-password" })).status).toBe(400);
    }
    const slowed = await browser.post("/login", { email: user.email, password: PASSWORD });
    expect(slowed.status).toBe(429);
    expect(await slowed.text()).toMatch(/Too many attempts. Please try again in \d+ seconds?\./);
    expect(await app.db.selectFrom("sessions").select("id_hash").where("user_id", "=", user.id).execute()).toHaveLength(
      0,
    );

    await expireWindows(); // the delay passes
    expect((await browser.post("/login", { email: user.email, password: PASSWORD })).status).toBe(303);
  });

  it("count per client address across emails, and a forged X-Forwarded-For does not escape it", async () => {
    await expireWindows();
    let last: Response | undefined;
    for (let attempt = 1; attempt <= 31; attempt++) {
      // A new claimed address every time: ignored without TRUST_PROXY.
      last = await new Browser(app.baseUrl, `198.51.100.${attempt}`).post("/login", {
        email: uniqueEmail("spray"),
        password: "whatever-pw",
      });
    }
    expect(last!.status).toBe(429);
    expect(await last!.text()).toContain("Too many attempts");
    await expireWindows();
  });

  it("a successful sign-in clears the email's failed attempts", async () => {
    await expireWindows();
    const user = await createUser(app.db);
    const browser = new Browser(app.baseUrl);
    for (let round = 0; round < 2; round++) {
      for (let attempt = 1; attempt <= 4; attempt++)
        await browser.post("/login", { email: user.email, password: "typo-typo" });
      expect((await browser.post("/login", { email: user.email, password: PASSWORD })).status).toBe(303);
    }
  });
});

describe("signup rate limit", () => {
  it("allows 10 signups an hour per address, then refuses without creating the account", async () => {
    await expireWindows();
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await new Browser(app.baseUrl).post("/signup", {
        name: "N",
        email: uniqueEmail("burst"),
        password: "long-enough-pw",
      });
      expect(response.status).toBe(303);
    }
    const email = uniqueEmail("burst");
    const refused = await new Browser(app.baseUrl).post("/signup", { name: "N", email, password: "long-enough-pw" });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toMatch(/Too many attempts\. Please try again in \d+ minutes?\./);
    expect(await app.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst()).toBeUndefined();
    await expireWindows();
  });
});
