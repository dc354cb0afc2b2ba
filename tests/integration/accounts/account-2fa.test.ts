import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHALLENGE_MAX_FAILURES, CHALLENGE_MINUTES, RECOVERY_CODE_COUNT } from "~/features/accounts/two-factor-rules";
import { createUser, PASSWORD, signIn } from "../../support/fixtures";
import { Browser, redirectTarget } from "../../support/http";
import { keyedRecoveryCode, sealTotpSecret } from "../../support/keys";
import { linkIn, SmtpSink } from "../../support/smtp-sink";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from "../../support/test-app";
import { currentStep, totpCode } from "../../support/totp";
import { at, captured, present } from "../../support/present";

/**
 * Issue 11: /account (name, email change through a mailed link, password change, sessions) and
 * two-factor sign-in with TOTP (enrolment, the code step after a password, recovery codes,
 * replay and attempt limits, disabling, and the admin aal2 rule).
 */
let app: TestApp;
let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await SmtpSink.start();
  app = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: "AI Profit Labs <hello@test.example>" });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const signedIn = async (browser: Browser) => (await browser.get("/account")).status === 200;
const sessionsOf = (userId: string) =>
  app.db.selectFrom("sessions").selectAll().where("user_id", "=", userId).execute();
const flashOf = async (browser: Browser) => {
  const html = await (await browser.get("/account")).text();
  return /role="(?:status|alert)"[^>]*>([^<]*)</.exec(html)?.[1] ?? "";
};

/** Enrols through the pages, as a member would; returns the secret shown and the recovery codes. */
async function enrol(browser: Browser): Promise<{ secret: string; codes: string[] }> {
  const start = await browser.post("/account/two-factor", { intent: "start" });
  expect(redirectTarget(start)).toBe("/account/two-factor");
  const page = await (await browser.get("/account/two-factor")).text();
  expect(page).toContain("<svg");
  expect(page).toContain("Authentication code");
  const shown = captured(page, /<code aria-label="Secret key"[^>]*>([^<]+)<\/code>/);
  expect(shown).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
  const secret = shown.replace(/\s/g, "");
  const done = await browser.post("/account/two-factor", { intent: "confirm", code: totpCode(secret) });
  expect(done.status).toBe(200);
  const html = await done.text();
  const codes = [...html.matchAll(/<code class="font-mono[^"]*">([a-z0-9]{5}-[a-z0-9]{5})<\/code>/g)].map(([, code]) =>
    present(code),
  );
  expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
  return { secret, codes };
}

/** A user with a factor already verified (its secret known), signed in at aal1 before it existed. */
async function userWithFactor(options: { isAdmin?: boolean } = {}) {
  const user = await createUser(app.db, { paid: "stripe-order", isAdmin: options.isAdmin });
  const browser = await signIn(app.baseUrl, user.email);
  const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
  const codes = Array.from({ length: 10 }, (_, i) => `abcde-${"jkmnpqrstu"[i]}2345`);
  // Stored as the app stores them: the secret encrypted, the codes keyed (decision 045).
  await app.db
    .insertInto("auth_factors")
    .values({
      user_id: user.id,
      factor_type: "totp",
      status: "verified",
      secret: sealTotpSecret(secret, user.id),
      verified_at: new Date(),
    })
    .execute();
  await app.db
    .insertInto("recovery_codes")
    .values(codes.map((code) => ({ user_id: user.id, code_hash: keyedRecoveryCode(user.id, code) })))
    .execute();
  return { user, browser, secret, codes };
}

/** Password step only: the browser is half signed in. */
async function passwordStep(email: string, form: Record<string, string> = {}) {
  const browser = new Browser(app.baseUrl);
  const response = await browser.post("/login", { email, password: PASSWORD, ...form });
  return { browser, response };
}

describe("two-factor enrolment", () => {
  it("verifies the factor with a code computed from the shown secret, and shows ten recovery codes stored only as keyed hashes", async () => {
    const user = await createUser(app.db, { paid: "stripe-order" });
    const browser = await signIn(app.baseUrl, user.email);
    const { codes } = await enrol(browser);

    const factor = await app.db
      .selectFrom("auth_factors")
      .selectAll()
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(factor).toMatchObject({ factor_type: "totp", status: "verified" });
    const stored = await app.db.selectFrom("recovery_codes").selectAll().where("user_id", "=", user.id).execute();
    expect(stored.map((row) => row.code_hash).sort()).toEqual(
      codes.map((code) => keyedRecoveryCode(user.id, code)).sort(),
    );
    expect(JSON.stringify(stored)).not.toContain(codes[0]);
    // The session that proved the factor is at aal2.
    expect((await sessionsOf(user.id)).map((s) => s.aal)).toEqual(["aal2"]);
    expect((await smtp.waitFor(user.email, 15_000, "Two-factor authentication is on")).text).toContain("turned on");

    // The download is the same codes, as a .txt attachment.
    const download = await browser.post(
      "/account/recovery-codes.txt",
      new URLSearchParams(codes.map((code) => ["code", code])),
    );
    expect(download.headers.get("Content-Disposition")).toContain("recovery-codes.txt");
    expect(await download.text()).toContain(codes.join("\n"));
  });

  it("refuses a wrong code and leaves the factor unverified", async () => {
    const user = await createUser(app.db);
    const browser = await signIn(app.baseUrl, user.email);
    await browser.post("/account/two-factor", { intent: "start" });
    const page = await (await browser.get("/account/two-factor")).text();
    const secret = captured(page, /<code aria-label="Secret key"[^>]*>([^<]+)<\/code>/).replace(/\s/g, "");
    const wrong = String((Number(totpCode(secret)) + 1) % 1_000_000).padStart(6, "0");
    const response = await browser.post("/account/two-factor", { intent: "confirm", code: wrong });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("That code is not valid");
    const factor = await app.db
      .selectFrom("auth_factors")
      .select("status")
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(factor.status).toBe("unverified");
    expect(
      await app.db.selectFrom("recovery_codes").select("id").where("user_id", "=", user.id).execute(),
    ).toHaveLength(0);
  });
});

describe("signing in with a factor", () => {
  it("issues no session before the code; the code gives an aal2 session and the login flow goes on (redirect parameter)", async () => {
    const { user, secret } = await userWithFactor();
    await app.db.deleteFrom("sessions").where("user_id", "=", user.id).execute();
    const { browser, response } = await passwordStep(user.email, { redirect: "/bonuses" });
    expect(redirectTarget(response)).toBe("/login/two-factor");
    expect(browser.cookie("__session")).toBeUndefined();
    expect(browser.cookie("__2fa")).toBeDefined();
    expect(await sessionsOf(user.id)).toHaveLength(0);
    const page = await (await browser.get("/login/two-factor")).text();
    expect(page).toContain("Authentication code");
    expect(page).toContain(`${RECOVERY_CODE_COUNT} recovery codes remain`);

    const done = await browser.post("/login/two-factor", { code: totpCode(secret, currentStep() + 1) });
    expect(done.status).toBe(303);
    expect(redirectTarget(done)).toBe("/bonuses");
    expect(browser.cookie("__2fa")).toBeUndefined();
    expect((await sessionsOf(user.id)).map((s) => s.aal)).toEqual(["aal2"]);
    expect(await signedIn(browser)).toBe(true);
  });

  it("special_access continues to /dashboard and an unpaid account to the plan page, as after a password", async () => {
    const unpaid = await createUser(app.db);
    const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    await app.db
      .insertInto("auth_factors")
      .values({
        user_id: unpaid.id,
        factor_type: "totp",
        status: "verified",
        secret: sealTotpSecret(secret, unpaid.id),
      })
      .execute();
    const plain = await passwordStep(unpaid.email);
    expect(redirectTarget(await plain.browser.post("/login/two-factor", { code: totpCode(secret) }))).toBe(
      "/payment-options",
    );
    const special = await passwordStep(unpaid.email, { special_access: "true", redirect: "/bonuses" });
    expect(
      redirectTarget(await special.browser.post("/login/two-factor", { code: totpCode(secret, currentStep() + 1) })),
    ).toBe("/dashboard");
  });

  it("refuses a wrong code, and a code already used for this user (replay)", async () => {
    const { user, secret } = await userWithFactor();
    const code = totpCode(secret);
    const first = await passwordStep(user.email);
    const wrong = await first.browser.post("/login/two-factor", { code: "000000" === code ? "111111" : "000000" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("That code is not valid");
    expect(redirectTarget(await first.browser.post("/login/two-factor", { code }))).toBe("/dashboard");

    const second = await passwordStep(user.email);
    const replay = await second.browser.post("/login/two-factor", { code });
    expect(replay.status).toBe(400);
    expect(second.browser.cookie("__session")).toBeUndefined();
  });

  it(`ends the half-signed-in state after ${CHALLENGE_MAX_FAILURES} wrong codes: even the right code is refused then`, async () => {
    const { user, secret } = await userWithFactor();
    const { browser } = await passwordStep(user.email);
    for (let i = 1; i < CHALLENGE_MAX_FAILURES; i++)
      expect((await browser.post("/login/two-factor", { code: String(100_000 + i) })).status).toBe(400);
    const last = await browser.post("/login/two-factor", { code: "999999" });
    expect(last.status).toBe(401);
    expect(await last.text()).toContain("Too many wrong codes");
    // The cookie is gone from the browser; a copy kept by an attacker is worthless too.
    expect(browser.cookie("__2fa")).toBeUndefined();
    expect(
      await app.db.selectFrom("mfa_challenges").select("id_hash").where("user_id", "=", user.id).execute(),
    ).toHaveLength(0);
    const after = await browser.post("/login/two-factor", { code: totpCode(secret) });
    expect(after.status).toBe(401);
    expect(browser.cookie("__session")).toBeUndefined();
  });

  it(`expires the half-signed-in state (${CHALLENGE_MINUTES} minutes)`, async () => {
    const { user, secret } = await userWithFactor();
    const { browser } = await passwordStep(user.email);
    const challenge = await app.db
      .selectFrom("mfa_challenges")
      .select(["expires_at", "created_at"])
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(new Date(challenge.expires_at).getTime() - new Date(challenge.created_at).getTime()).toBe(
      CHALLENGE_MINUTES * 60_000,
    );
    await app.db
      .updateTable("mfa_challenges")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("user_id", "=", user.id)
      .execute();
    const late = await browser.post("/login/two-factor", { code: totpCode(secret) });
    expect(late.status).toBe(401);
    expect(await late.text()).toContain("Your sign-in has expired");
    expect(browser.cookie("__session")).toBeUndefined();
  });

  it("a challenge cookie works once: a copy cannot complete the login again", async () => {
    const { user, secret } = await userWithFactor();
    const { browser } = await passwordStep(user.email);
    const copy = new Browser(app.baseUrl);
    copy.setCookie("__2fa", browser.cookie("__2fa")!);
    expect((await browser.post("/login/two-factor", { code: totpCode(secret) })).status).toBe(303);
    expect((await copy.post("/login/two-factor", { code: totpCode(secret, currentStep() + 1) })).status).toBe(401);
  });

  it("accepts a recovery code once, and says how many remain", async () => {
    const { user, codes } = await userWithFactor();
    const first = await passwordStep(user.email);
    expect(redirectTarget(await first.browser.post("/login/two-factor", { code: at(codes, 3).toUpperCase() }))).toBe(
      "/dashboard",
    );
    const second = await passwordStep(user.email);
    expect(await (await second.browser.get("/login/two-factor")).text()).toContain(
      `${RECOVERY_CODE_COUNT - 1} recovery codes remain`,
    );
    expect((await second.browser.post("/login/two-factor", { code: at(codes, 3) })).status).toBe(400);
    expect(second.browser.cookie("__session")).toBeUndefined();
  });

  it("disabling needs a code; after it, sign-in asks for the password only", async () => {
    const { user, browser, secret } = await userWithFactor();
    await browser.post("/account/security", { intent: "disable-2fa", code: "000001" });
    expect(await flashOf(browser)).toContain("That code is not valid");
    expect(await app.db.selectFrom("auth_factors").select("id").where("user_id", "=", user.id).execute()).toHaveLength(
      1,
    );

    const disabled = await browser.post("/account/security", { intent: "disable-2fa", code: totpCode(secret) });
    expect(redirectTarget(disabled)).toBe("/account/security");
    expect(await flashOf(browser)).toBe("Two-factor authentication is off.");
    expect(await app.db.selectFrom("auth_factors").select("id").where("user_id", "=", user.id).execute()).toHaveLength(
      0,
    );
    expect(
      await app.db.selectFrom("recovery_codes").select("id").where("user_id", "=", user.id).execute(),
    ).toHaveLength(0);
    expect((await smtp.waitFor(user.email, 15_000, "Two-factor authentication is off")).text).toContain("turned off");
    expect(redirectTarget((await passwordStep(user.email)).response)).toBe("/dashboard");
  });
});

describe("account settings", () => {
  it("a password change needs the current password and ends every other session", async () => {
    const user = await createUser(app.db, { paid: "stripe-order" });
    const here = await signIn(app.baseUrl, user.email);
    const elsewhere = await signIn(app.baseUrl, user.email);

    await here.post("/account/security", {
      intent: "password",
      current_password: "wrong-password",
      new_password: "a-new-password-1",
    });
    expect(await flashOf(here)).toBe("Your current password is not correct.");
    expect(await signedIn(elsewhere)).toBe(true);

    await here.post("/account/security", {
      intent: "password",
      current_password: PASSWORD,
      new_password: "a-new-password-1",
    });
    expect(await flashOf(here)).toContain("Your password was changed");
    expect(await signedIn(here)).toBe(true);
    expect(await signedIn(elsewhere)).toBe(false);
    expect(
      (await new Browser(app.baseUrl).post("/login", { email: user.email, password: "a-new-password-1" })).status,
    ).toBe(303);
    expect((await smtp.waitFor(user.email, 15_000, "password was changed")).text).toContain(
      "Every other session was signed out",
    );
  });

  it("lists sessions with a readable device, marks this one, and signs out one other session", async () => {
    const user = await createUser(app.db, { paid: "stripe-order" });
    const chrome =
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
    const firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
    const here = new Browser(app.baseUrl);
    await here.post("/login", { email: user.email, password: PASSWORD }, { headers: { "User-Agent": chrome } });
    const other = new Browser(app.baseUrl);
    await other.post("/login", { email: user.email, password: PASSWORD }, { headers: { "User-Agent": firefox } });

    const page = await (await here.get("/account/sessions")).text();
    expect(page).toContain("Chrome on macOS");
    expect(page).toContain("Firefox on Linux");
    expect(page.match(/This device/g)).toHaveLength(1);
    // A device the account had not used before: its owner hears of it.
    expect((await smtp.waitFor(user.email, 15_000, "New sign-in")).text).toContain("Firefox on Linux");

    const otherHash = (await sessionsOf(user.id)).find((s) => s.user_agent === firefox)!.id_hash;
    await here.post("/account/sessions", { intent: "sign-out-session", session: otherHash });
    expect(await flashOf(here)).toBe("That session was signed out.");
    expect(await signedIn(other)).toBe(false);
    expect(await signedIn(here)).toBe(true);

    // Someone else's session id is not ours to end.
    const stranger = await createUser(app.db);
    await signIn(app.baseUrl, stranger.email);
    const theirs = at(await sessionsOf(stranger.id), 0, "session of the stranger");
    await here.post("/account/sessions", { intent: "sign-out-session", session: theirs.id_hash });
    expect(await sessionsOf(stranger.id)).toHaveLength(1);

    const third = await signIn(app.baseUrl, user.email);
    await here.post("/account/sessions", { intent: "sign-out-others" });
    expect(await signedIn(third)).toBe(false);
    expect(await signedIn(here)).toBe(true);
  });

  it("changes the name", async () => {
    const user = await createUser(app.db, { name: "Old Name" });
    const browser = await signIn(app.baseUrl, user.email);
    await browser.post("/account", { intent: "name", name: "  New Name " });
    expect(await flashOf(browser)).toBe("Your name was saved.");
    expect(
      (await app.db.selectFrom("users").select("name").where("id", "=", user.id).executeTakeFirstOrThrow()).name,
    ).toBe("New Name");
    await browser.post("/account", { intent: "name", name: "" });
    expect(await flashOf(browser)).toBe("Your name is required");
  });

  it("changes the email only when the link mailed to the new address is used; the old address gets a notice", async () => {
    const user = await createUser(app.db);
    const browser = await signIn(app.baseUrl, user.email);
    const newEmail = `moved-${crypto.randomBytes(4).toString("hex")}@test.example`;
    await browser.post("/account", { intent: "email", email: newEmail, current_password: PASSWORD });
    expect(await flashOf(browser)).toContain(`We sent a link to ${newEmail}`);
    expect(
      (await app.db.selectFrom("users").select("email").where("id", "=", user.id).executeTakeFirstOrThrow()).email,
    ).toBe(user.email);

    const link = linkIn(await smtp.waitFor(newEmail, 15_000, "Confirm your new"), "/account/confirm-email");
    const visitor = new Browser(app.baseUrl);
    const page = await (await visitor.get(link.pathname + link.search)).text();
    expect(page).toContain(newEmail);
    // The GET changed nothing; the button does.
    expect(
      (await app.db.selectFrom("users").select("email").where("id", "=", user.id).executeTakeFirstOrThrow()).email,
    ).toBe(user.email);
    const confirmed = await visitor.post("/account/confirm-email", { token: link.searchParams.get("token")! });
    expect(await confirmed.text()).toContain(`Your email address is now ${newEmail}`);
    const row = await app.db
      .selectFrom("users")
      .select(["email", "email_verified_at"])
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe(newEmail);
    expect(row.email_verified_at).not.toBeNull();
    expect((await smtp.waitFor(user.email, 15_000, "email address was changed")).text).toContain(newEmail);
    expect((await visitor.post("/account/confirm-email", { token: link.searchParams.get("token")! })).status).toBe(400);
  });

  it("an email change to a taken address says the same as any other, and the link then cannot take it", async () => {
    const owner = await createUser(app.db);
    const user = await createUser(app.db);
    const browser = await signIn(app.baseUrl, user.email);
    await browser.post("/account", { intent: "email", email: owner.email, current_password: PASSWORD });
    expect(await flashOf(browser)).toBe(
      `We sent a link to ${owner.email}. Your email address changes when you open it.`,
    );
    await browser.post("/account", { intent: "email", email: "someone-else@test.example", current_password: "wrong" });
    expect(await flashOf(browser)).toBe("Your current password is not correct.");
  });
});

describe("admins", () => {
  it("an admin with a factor needs aal2 for /admin and its actions; an aal1 session is sent to the code step", async () => {
    const { browser, secret } = await userWithFactor({ isAdmin: true });
    expect(redirectTarget(await browser.get("/admin"))).toBe("/login/two-factor?redirect=%2Fadmin");
    const post = await browser.post("/admin", { intent: "create-course", title: "Sneaky" });
    expect(redirectTarget(post)).toMatch(/^\/login\/two-factor\?redirect=/);
    expect(await app.db.selectFrom("courses").select("id").where("title", "=", "Sneaky").execute()).toHaveLength(0);

    const page = await (await browser.get("/login/two-factor?redirect=%2Fadmin")).text();
    expect(page).toContain("Authentication code");
    const wrong = await browser.post("/login/two-factor", {
      code: "000000" === totpCode(secret) ? "111111" : "000000",
      redirect: "/admin",
    });
    expect(wrong.status).toBe(400);
    const stepped = await browser.post("/login/two-factor", { code: totpCode(secret), redirect: "/admin" });
    expect(redirectTarget(stepped)).toBe("/admin");
    expect((await browser.get("/admin")).status).toBe(200);
  });

  it("an admin without a factor opens /admin (ADMIN_REQUIRE_2FA is off by default)", async () => {
    const browser = await signIn(app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await browser.get("/admin")).status).toBe(200);
  });
});
