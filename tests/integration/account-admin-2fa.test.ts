import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../support/fixtures";
import { redirectTarget } from "../support/http";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from "../support/test-app";
import { totpCode } from "../support/totp";

/** Issue 11 item 4 with ADMIN_REQUIRE_2FA=true (the configuration is read once per process, so its own file). */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ ADMIN_REQUIRE_2FA: "true" });
});
afterAll(async () => {
  await app?.close();
});

describe("ADMIN_REQUIRE_2FA=true", () => {
  it("sends an admin without a factor to /account, for pages and actions; after enrolment /admin opens", async () => {
    const browser = await signIn(app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(redirectTarget(await browser.get("/admin"))).toBe("/account");
    expect(await (await browser.get("/account")).text()).toContain(
      "Set up two-factor authentication to open the Admin Panel.",
    );
    expect(redirectTarget(await browser.post("/admin", { intent: "create-course", title: "Not yet" }))).toBe(
      "/account",
    );

    await browser.post("/account/two-factor", { intent: "start" });
    const page = await (await browser.get("/account/two-factor")).text();
    const secret = /<code aria-label="Secret key"[^>]*>([^<]+)<\/code>/.exec(page)![1].replace(/\s/g, "");
    expect((await browser.post("/account/two-factor", { intent: "confirm", code: totpCode(secret) })).status).toBe(200);
    // The session that verified the factor is at aal2: the Admin Panel opens.
    expect((await browser.get("/admin")).status).toBe(200);
  });
});
