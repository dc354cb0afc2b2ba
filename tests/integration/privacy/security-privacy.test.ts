import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, PASSWORD, signIn, uniqueEmail } from "../../support/fixtures";
import { Browser, redirectTarget } from "../../support/http";
import { uniqueName } from "../../support/privacy";
import { linkIn, SmtpSink } from "../../support/smtp-sink";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from "../../support/test-app";

/**
 * Issue 29 "Bad input and security" (decision 056): nothing an erased person held before still
 * works — a session cookie, a reset link, an email-change link, a sign-in link — and their
 * certificate's public page is gone. Completeness of erasure and export: privacy.test.ts.
 */
let app: TestApp;
let smtp: SmtpSink;
let admin: Browser;

beforeAll(async () => {
  smtp = await SmtpSink.start();
  app = await startTestApp({ SMTP_URL: smtp.url });
  admin = await signIn(app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

describe("an erased account's old credentials", () => {
  it("its session cookie, reset link, email-change link and sign-in link do nothing; its certificate answers 404", async () => {
    const member = await createUser(app.db, { name: uniqueName("Erased Person"), paid: "stripe-order" });
    const browser = await signIn(app.baseUrl, member.email);
    const sessionCookie = browser.cookie("__session")!;

    // A reset link the member asked for.
    await new Browser(app.baseUrl).post("/forgot-password", { email: member.email });
    const reset = linkIn(await smtp.waitFor(member.email, 15_000, "eset"), "/reset-password");
    // An email change waiting for its link.
    const newEmail = uniqueEmail("moved");
    await browser.post("/account", { intent: "email", email: newEmail, current_password: PASSWORD });
    const change = linkIn(await smtp.waitFor(newEmail, 15_000, "Confirm"), "/account/confirm-email");
    // A sign-in link an admin sent.
    const sent = smtp.messages.length;
    await admin.post(`/admin/members/${member.id}/sign-in`, { intent: "send-link" });
    const signInMail = await smtp.waitFor(member.email, 15_000, "", sent);
    const signInLink = linkIn(signInMail, "/reset-password");
    // A sign-in link the member asked for themself ('Email me a sign-in link').
    const asked = smtp.messages.length;
    await new Browser(app.baseUrl).post("/login/email-link", { email: member.email });
    const emailLink = linkIn(await smtp.waitFor(member.email, 15_000, "sign-in link", asked), "/login/link");
    // A certificate.
    const course = await app.db.selectFrom("courses").select(["id", "title"]).executeTakeFirstOrThrow();
    const code = crypto.randomBytes(16).toString("base64url");
    await app.db
      .insertInto("certificates")
      .values({
        code,
        user_id: member.id,
        course_id: course.id,
        recipient_name: "Erased Person",
        course_title: course.title,
        completed_at: new Date(),
      })
      .execute();
    expect((await new Browser(app.baseUrl).get(`/certificates/${code}`)).status).toBe(200);

    const erased = await admin.post(`/admin/members/${member.id}/privacy`, {
      intent: "erase",
      reason: "Erasure request by email",
      confirm_email: member.email,
    });
    expect(redirectTarget(erased)).toBe("/admin/members");

    // The old cookie, in this browser and replayed from another.
    expect(redirectTarget(await browser.get("/dashboard"))).toBe("/login?redirect=%2Fdashboard");
    const replay = new Browser(app.baseUrl);
    replay.setCookie("__session", sessionCookie);
    expect(redirectTarget(await replay.get("/account"))).toBe("/login?redirect=%2Faccount");
    // The reset and sign-in links set no password and make no account.
    for (const link of [reset, signInLink]) {
      const token = link.searchParams.get("token")!;
      const used = await new Browser(app.baseUrl).post("/reset-password", { token, password: "taken-over-password" });
      expect(used.status).toBe(400);
    }
    // The emailed sign-in link signs no one in.
    const linkBrowser = new Browser(app.baseUrl);
    const viaLink = await linkBrowser.post("/login/link", { token: emailLink.searchParams.get("token")! });
    expect(viaLink.status).toBe(400);
    expect(linkBrowser.cookie("__session")).toBeUndefined();
    expect(redirectTarget(await linkBrowser.get("/dashboard"))).toBe("/login?redirect=%2Fdashboard");
    // The email-change link moves nothing.
    const confirmed = await new Browser(app.baseUrl).post("/account/confirm-email", {
      token: change.searchParams.get("token")!,
    });
    expect(confirmed.status).toBe(400);
    expect(
      await app.db.selectFrom("users").select("id").where("email", "in", [member.email, newEmail]).execute(),
    ).toEqual([]);
    expect(
      (await new Browser(app.baseUrl).post("/login", { email: member.email, password: "taken-over-password" })).status,
    ).not.toBe(303);
    // The certificate's public page.
    expect((await new Browser(app.baseUrl).get(`/certificates/${code}`)).status).toBe(404);
  });

  it("a wrong password changes nothing, and the deletion is rate limited per account", async () => {
    const member = await createUser(app.db);
    const browser = await signIn(app.baseUrl, member.email);
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await browser.post("/account/privacy", {
        intent: "delete",
        confirm_email: "not-the-address@example.test",
        current_password: PASSWORD,
      });
      expect(redirectTarget(response)).toBe("/account/privacy");
    }
    const limited = await browser.post("/account/privacy", {
      intent: "delete",
      confirm_email: member.email,
      current_password: PASSWORD,
    });
    expect(redirectTarget(limited)).toBe("/account/privacy");
    expect(await app.db.selectFrom("users").select("id").where("id", "=", member.id).execute()).toHaveLength(1);
  });
});
