import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createUser, PASSWORD, signIn } from "../../support/fixtures";
import { Browser, redirectTarget } from "../../support/http";
import { keyedRecoveryCode, sealTotpSecret } from "../../support/keys";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from "../../support/test-app";
import { currentStep, totpCode } from "../../support/totp";
import { at } from "../../support/present";

/**
 * Issue 31 item 4 (decision 047): two-factor changes need re-authentication (the password, or a
 * password check in this session within 10 minutes); a pending secret belongs to the session that
 * started the enrolment; admins remove a member's factor by an audited action; wrong codes back
 * off per account with growing delays and mail the owner once per burst. Reproduced before: a
 * stolen cookie enrolled its own authenticator and locked the owner out for good.
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

const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const flashOf = async (browser: Browser) => {
  const html = await (await browser.get("/account")).text();
  return /role="(?:status|alert)"[^>]*>([^<]*)</.exec(html)?.[1] ?? "";
};
/** The account's pages with a form that asks for the current password, as one text (they were one page). */
const accountPages = async (browser: Browser) =>
  (
    await Promise.all(
      ["/account", "/account/security", "/account/privacy"].map(async (page) => (await browser.get(page)).text()),
    )
  ).join("\n");
const factorsOf = (userId: string) =>
  app.db.selectFrom("auth_factors").select(["status", "secret"]).where("user_id", "=", userId).execute();
const shownSecret = (html: string) =>
  /<code aria-label="Secret key"[^>]*>([^<]+)<\/code>/.exec(html)?.[1]?.replace(/\s/g, "") ?? null;

/** The cookie of a session that signed in 11 minutes ago: what a thief holds. */
async function staleSession(userId: string, browser: Browser) {
  await app.db
    .updateTable("sessions")
    .set({ password_verified_at: new Date(Date.now() - 11 * 60_000) })
    .where("user_id", "=", userId)
    .execute();
  return browser;
}

async function userWithFactor(options: { isAdmin?: boolean } = {}) {
  const user = await createUser(app.db, { paid: "stripe-order", isAdmin: options.isAdmin });
  const browser = await signIn(app.baseUrl, user.email);
  const codes = Array.from({ length: 10 }, (_, i) => `abcde-${"jkmnpqrstu"[i]}2345`);
  await app.db
    .insertInto("auth_factors")
    .values({
      user_id: user.id,
      factor_type: "totp",
      status: "verified",
      secret: sealTotpSecret(SECRET, user.id),
      verified_at: new Date(),
    })
    .execute();
  await app.db
    .insertInto("recovery_codes")
    .values(codes.map((code) => ({ user_id: user.id, code_hash: keyedRecoveryCode(user.id, code) })))
    .execute();
  return { user, browser, codes };
}

describe("re-authentication for two-factor changes", () => {
  it("a stolen cookie cannot start an enrolment without the password; with it, it can", async () => {
    const owner = await createUser(app.db, { paid: "stripe-order" });
    const thief = await staleSession(owner.id, await signIn(app.baseUrl, owner.email));
    // The set-up form asks for the password (beside the email, password and 'Delete my account'
    // forms, which always do).
    const page = await accountPages(thief);
    expect(page.match(/name="current_password"/g)).toHaveLength(4);

    const start = await thief.post("/account/two-factor", { intent: "start" });
    expect(redirectTarget(start)).toBe("/account/security");
    expect(await flashOf(thief)).toBe("Enter your current password to change two-factor authentication.");
    expect(await factorsOf(owner.id)).toHaveLength(0);

    await thief.post("/account/two-factor", { intent: "start", current_password: "wrong-guess-1" });
    expect(await flashOf(thief)).toBe("Your current password is not correct.");
    expect(await factorsOf(owner.id)).toHaveLength(0);

    const owned = await thief.post("/account/two-factor", { intent: "start", current_password: PASSWORD });
    expect(redirectTarget(owned)).toBe("/account/two-factor");
    expect(await factorsOf(owner.id)).toHaveLength(1);
  });

  it("a sign-in within 10 minutes counts: no password asked", async () => {
    const owner = await createUser(app.db);
    const browser = await signIn(app.baseUrl, owner.email);
    // Only the email, password and 'Delete my account' forms ask for it.
    expect((await accountPages(browser)).match(/name="current_password"/g)).toHaveLength(3);
    expect(redirectTarget(await browser.post("/account/two-factor", { intent: "start" }))).toBe("/account/two-factor");
  });

  it("confirming a pending enrolment needs it too once the sign-in is 10 minutes old", async () => {
    const owner = await createUser(app.db);
    const browser = await signIn(app.baseUrl, owner.email);
    await browser.post("/account/two-factor", { intent: "start" });
    const secret = shownSecret(await (await browser.get("/account/two-factor")).text())!;
    await staleSession(owner.id, browser);
    const refused = await browser.post("/account/two-factor", { intent: "confirm", code: totpCode(secret) });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Enter your current password");
    expect((await factorsOf(owner.id))[0]?.status).toBe("unverified");
    const done = await browser.post("/account/two-factor", {
      intent: "confirm",
      code: totpCode(secret),
      current_password: PASSWORD,
    });
    expect(done.status).toBe(200);
    expect((await factorsOf(owner.id))[0]?.status).toBe("verified");
  });

  it("disabling and regenerating recovery codes need it, beside the code", async () => {
    const { user, browser, codes } = await userWithFactor();
    await staleSession(user.id, browser);

    await browser.post("/account/security", { intent: "disable-2fa", code: totpCode(SECRET) });
    expect(await flashOf(browser)).toBe("Enter your current password to change two-factor authentication.");
    await browser.post("/account/two-factor", { intent: "regenerate", code: at(codes, 0) });
    expect(await flashOf(browser)).toBe("Enter your current password to change two-factor authentication.");
    expect(await factorsOf(user.id)).toHaveLength(1);
    const unused = await app.db
      .selectFrom("recovery_codes")
      .select("id")
      .where("user_id", "=", user.id)
      .where("used_at", "is", null)
      .execute();
    expect(unused).toHaveLength(10);

    const regenerated = await browser.post("/account/two-factor", {
      intent: "regenerate",
      code: at(codes, 1),
      current_password: PASSWORD,
    });
    expect(regenerated.status).toBe(200);
    // The password just typed counts for 10 minutes: disabling now needs the code only.
    await browser.post("/account/security", { intent: "disable-2fa", code: totpCode(SECRET, currentStep() + 1) });
    expect(await flashOf(browser)).toBe("Two-factor authentication is off.");
    expect(await factorsOf(user.id)).toHaveLength(0);
  });
});

describe("a pending enrolment belongs to its session", () => {
  it("another session of the account neither sees the pending secret nor confirms it", async () => {
    const owner = await createUser(app.db);
    const mine = await signIn(app.baseUrl, owner.email);
    const other = await signIn(app.baseUrl, owner.email);
    await mine.post("/account/two-factor", { intent: "start" });
    const secret = shownSecret(await (await mine.get("/account/two-factor")).text());
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    const theirs = await (await other.get("/account/two-factor")).text();
    expect(shownSecret(theirs)).toBeNull();
    expect(theirs).not.toContain(secret!);
    expect(theirs).toContain("Nothing is being set up right now.");
    const confirm = await other.post("/account/two-factor", { intent: "confirm", code: totpCode(secret!) });
    expect(confirm.status).toBe(400);
    expect((await factorsOf(owner.id))[0]?.status).toBe("unverified");

    expect((await mine.post("/account/two-factor", { intent: "confirm", code: totpCode(secret!) })).status).toBe(200);
    expect((await factorsOf(owner.id))[0]?.status).toBe("verified");
  });
});

describe("admins remove a member's factor", () => {
  it("'Remove two-factor' removes the factor, ends the member's sessions and sign-ins, mails and audits", async () => {
    const { user, browser } = await userWithFactor();
    const halfway = new Browser(app.baseUrl);
    expect(redirectTarget(await halfway.post("/login", { email: user.email, password: PASSWORD }))).toBe(
      "/login/two-factor",
    );
    const admin = await signIn(app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(await (await admin.get(`/admin/members/${user.id}/sign-in`)).text()).toContain("Remove two-factor");

    // A member who is not an admin cannot.
    const member = await createUser(app.db, { paid: "stripe-order" });
    const notAdmin = await signIn(app.baseUrl, member.email);
    await notAdmin.post(`/admin/members/${user.id}/sign-in`, { intent: "remove-2fa" });
    expect(await factorsOf(user.id)).toHaveLength(1);

    const removed = await admin.post(`/admin/members/${user.id}/sign-in`, { intent: "remove-2fa" });
    expect(redirectTarget(removed)).toBe(`/admin/members/${user.id}/sign-in`);
    expect(await (await admin.get(`/admin/members/${user.id}`)).text()).toContain("Removed two-factor authentication");
    expect(await factorsOf(user.id)).toHaveLength(0);
    expect(await app.db.selectFrom("recovery_codes").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
    expect(
      await app.db.selectFrom("mfa_challenges").select("id_hash").where("user_id", "=", user.id).execute(),
    ).toEqual([]);
    expect(await app.db.selectFrom("sessions").select("id_hash").where("user_id", "=", user.id).execute()).toEqual([]);
    expect(redirectTarget(await browser.get("/account"))).toMatch(/^\/login/);
    const audit = await app.db
      .selectFrom("admin_audit_log")
      .select(["action", "admin_email"])
      .where("member_id", "=", user.id)
      .execute();
    expect(audit).toEqual([{ action: "remove_two_factor", admin_email: ADMIN_EMAIL }]);
    const mail = await app.db
      .selectFrom("email_outbox")
      .select("subject")
      .where("to_address", "=", user.email)
      .where("subject", "like", "Two-factor authentication was removed%")
      .execute();
    expect(mail).toHaveLength(1);
    // The member signs in with the password alone now.
    expect(
      redirectTarget(await new Browser(app.baseUrl).post("/login", { email: user.email, password: PASSWORD })),
    ).toBe("/dashboard");
  });
});

describe("wrong codes", () => {
  const wrong = (attempt: number) => {
    const real = new Set([-1, 0, 1].map((delta) => totpCode(SECRET, currentStep() + delta)));
    let code = String(100_000 + attempt * 7919).slice(0, 6);
    while (real.has(code)) code = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    return code;
  };
  const noticesTo = (email: string) =>
    app.db
      .selectFrom("email_outbox")
      .select("subject")
      .where("to_address", "=", email)
      .where("subject", "like", "Wrong two-factor codes%")
      .execute();
  const ageCodeFailures = (userId: string) =>
    app.db
      .updateTable("rate_limits")
      .set({ last_hit_at: new Date(Date.now() - 16 * 60_000) })
      .where("key", "=", `2fa-fail:user:${userId}`)
      .execute();

  it("back off per account with growing delays, mail the owner once per burst, and a spent sign-in needs the password again", async () => {
    const { user } = await userWithFactor();
    const first = new Browser(app.baseUrl);
    await first.post("/login", { email: user.email, password: PASSWORD });
    for (let attempt = 0; attempt < 4; attempt++)
      expect((await first.post("/login/two-factor", { code: wrong(attempt) })).status).toBe(400);
    // The fifth wrong code spends the sign-in: back to the password.
    const fifth = await first.post("/login/two-factor", { code: wrong(4) });
    expect(fifth.status).toBe(401);
    expect(await fifth.text()).toContain("Too many wrong codes. Please sign in again.");
    expect(await noticesTo(user.email)).toHaveLength(1);

    // The password again: the next code now waits, even from another browser and address.
    const second = new Browser(app.baseUrl);
    expect(redirectTarget(await second.post("/login", { email: user.email, password: PASSWORD }))).toBe(
      "/login/two-factor",
    );
    const held = await second.post("/login/two-factor", { code: totpCode(SECRET) });
    expect(held.status).toBe(400);
    expect(await held.text()).toMatch(/Too many attempts\. Please try again in (2\d|30) seconds\./);
    expect(second.cookie("__session")).toBeUndefined();

    // After the wait one more wrong code, and the delay doubles; still one notice in this burst.
    await ageCodeFailures(user.id);
    expect((await second.post("/login/two-factor", { code: wrong(5) })).status).toBe(400);
    const doubled = await second.post("/login/two-factor", { code: totpCode(SECRET) });
    expect(await doubled.text()).toMatch(/Too many attempts\. Please try again in (5\d seconds|1 minute)\./);
    expect(await noticesTo(user.email)).toHaveLength(1);

    // The owner's right code, once the wait is over, gets in.
    await ageCodeFailures(user.id);
    expect(redirectTarget(await second.post("/login/two-factor", { code: totpCode(SECRET) }))).toBe("/dashboard");
  });

  it("20 simultaneous codes on one sign-in: at most its five tries are checked", async () => {
    const { user } = await userWithFactor();
    const browser = new Browser(app.baseUrl);
    await browser.post("/login", { email: user.email, password: PASSWORD });
    const cookie = browser.cookieHeader();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, attempt) =>
        browser.post("/login/two-factor", { code: wrong(attempt) }, { headers: { Cookie: cookie } }),
      ),
    );
    const texts = await Promise.all(answers.map((answer) => answer.text()));
    const checked = texts.filter(
      (text) => text.includes("That code is not valid") || text.includes("Too many wrong codes"),
    );
    expect(checked.length).toBeLessThanOrEqual(5);
    const failures = await app.db
      .selectFrom("rate_limits")
      .select("hits")
      .where("key", "=", `2fa-fail:user:${user.id}`)
      .executeTakeFirstOrThrow();
    expect(failures.hits).toBeLessThanOrEqual(5);
  });
});
