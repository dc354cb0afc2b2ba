import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signIn } from "../../support/fixtures";
import { redirectTarget } from "../../support/http";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from "../../support/test-app";
import { totpCode } from "../../support/totp";
import { captured } from "../../support/present";

/** Issue 11 item 4 with ADMIN_REQUIRE_2FA=true (the configuration is read once per process, so its own file). */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ ADMIN_REQUIRE_2FA: "true" });
});
afterAll(async () => {
  await app?.close();
});

describe("ADMIN_REQUIRE_2FA=true", () => {
  it("sends an admin without a factor to /account/security, for pages and actions; after enrolment /admin opens", async () => {
    const browser = await signIn(app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(redirectTarget(await browser.get("/admin"))).toBe("/account/security");
    expect(await (await browser.get("/account/security")).text()).toContain(
      "Set up two-factor authentication to open the Admin Panel.",
    );
    expect(redirectTarget(await browser.post("/admin", { intent: "create-course", title: "Not yet" }))).toBe(
      "/account/security",
    );

    await browser.post("/account/two-factor", { intent: "start" });
    const page = await (await browser.get("/account/two-factor")).text();
    const secret = captured(page, /<code aria-label="Secret key"[^>]*>([^<]+)<\/code>/).replace(/\s/g, "");
    expect((await browser.post("/account/two-factor", { intent: "confirm", code: totpCode(secret) })).status).toBe(200);
    // The session that verified the factor is at aal2: the Admin Panel opens.
    expect((await browser.get("/admin")).status).toBe(200);
  });

  it("an admin without a factor holds no admin rights anywhere else either: a member's view until enrolment (decision 050)", async () => {
    const buyer = await createUser(app.db, { paid: "stripe-order", name: "Private Buyer" });
    const { id: orderId } = await app.db
      .selectFrom("order_ledger")
      .select("id")
      .where("user_id", "=", buyer.id)
      .executeTakeFirstOrThrow();
    const admin = await createUser(app.db, { isAdmin: true });
    const browser = await signIn(app.baseUrl, admin.email);

    expect((await browser.get(`/account/purchases/${orderId}`)).status).toBe(404);
    // The training without paying is an admin's right too: set up the factor first.
    expect(redirectTarget(await browser.get("/dashboard"))).toBe("/account/security");
    expect(await (await browser.get("/account/security")).text()).toContain(
      "Set up two-factor authentication to open the training as an admin.",
    );

    await browser.post("/account/two-factor", { intent: "start" });
    const page = await (await browser.get("/account/two-factor")).text();
    const secret = captured(page, /<code aria-label="Secret key"[^>]*>([^<]+)<\/code>/).replace(/\s/g, "");
    expect((await browser.post("/account/two-factor", { intent: "confirm", code: totpCode(secret) })).status).toBe(200);
    expect((await browser.get(`/account/purchases/${orderId}`)).status).toBe(200);
    expect((await browser.get("/dashboard")).status).toBe(200);
  });
});
