import { createCookie } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSessionRow, createUser, PASSWORD, signIn } from "../../support/fixtures";
import { Browser, redirectTarget } from "../../support/http";
import {
  cookieSigningSecret,
  keyedRecoveryCode,
  keyId,
  openTotpSecret,
  plainSha256,
  sealTotpSecret,
  TEST_ENCRYPTION_KEY,
  TEST_SESSION_SECRET,
} from "../../support/keys";
import { startTestApp, type TestApp } from "../../support/test-app";
import { currentStep, totpCode } from "../../support/totp";
import { at, captured, present } from "../../support/present";

/**
 * Issue 31 item 7 (decision 045): a copy of the database holds no live two-factor secret. TOTP
 * secrets are encrypted (AES-256-GCM under ENCRYPTION_KEY, bound to their user), recovery codes
 * are kept as keyed hashes, rows written before this are converted at start-up, and a rotated
 * key list still opens what older keys sealed.
 */
const KEY_A = TEST_ENCRYPTION_KEY; // what tests/support/test-app.ts starts with
const KEY_B = "2b7e151628aed2a6abf7158809cf4f3c762e7160f38b4da56a784d9045190cfe";
const KEY_C = "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4";
const A_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
/** A restart opens the database again: an embedded one takes seconds on a busy machine. */
const RESTARTS_TIMEOUT_MS = 120_000;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const factorOf = (userId: string) =>
  app.db.selectFrom("auth_factors").selectAll().where("user_id", "=", userId).executeTakeFirstOrThrow();
const storedCodesOf = async (userId: string) =>
  (await app.db.selectFrom("recovery_codes").select("code_hash").where("user_id", "=", userId).execute())
    .map((row) => row.code_hash)
    .sort();

function shownSecret(html: string): string {
  return captured(html, /<code aria-label="Secret key"[^>]*>([^<]+)<\/code>/).replace(/\s/g, "");
}

/** Enrols through the pages, as a member would; returns the secret shown and the recovery codes. */
async function enrol(browser: Browser): Promise<{ secret: string; codes: string[] }> {
  await browser.post("/account/two-factor", { intent: "start" });
  const secret = shownSecret(await (await browser.get("/account/two-factor")).text());
  const done = await browser.post("/account/two-factor", { intent: "confirm", code: totpCode(secret) });
  expect(done.status).toBe(200);
  const codes = [
    ...(await done.text()).matchAll(/<code class="font-mono[^"]*">([a-z0-9]{5}-[a-z0-9]{5})<\/code>/g),
  ].map(([, code]) => present(code));
  expect(codes).toHaveLength(10);
  return { secret, codes };
}

/** The password, then `code` at /login/two-factor: where the login ends up (null when refused). */
async function signInWithCode(email: string, code: string): Promise<{ status: number; target: string | null }> {
  const browser = new Browser(app.baseUrl);
  const password = await browser.post("/login", { email, password: PASSWORD });
  expect(redirectTarget(password)).toBe("/login/two-factor");
  const answer = await browser.post("/login/two-factor", { code });
  return { status: answer.status, target: redirectTarget(answer) };
}

/** A user with a factor and recovery codes stored as migration 0008 left them: plain base32 and SHA-256. */
async function legacyUser() {
  const user = await createUser(app.db, { paid: "stripe-order" });
  const codes = Array.from({ length: 10 }, (_, i) => `abcde-${"jkmnpqrstu"[i]}2345`);
  await app.db
    .insertInto("auth_factors")
    .values({ user_id: user.id, factor_type: "totp", status: "verified", secret: A_SECRET, verified_at: new Date() })
    .execute();
  await app.db
    .insertInto("recovery_codes")
    .values(codes.map((code) => ({ user_id: user.id, code_hash: plainSha256(code) })))
    .execute();
  return { user, codes };
}

describe("TOTP secrets", () => {
  it("are stored encrypted from the first step of enrolment: no base32, not the secret, and the key opens them", async () => {
    const user = await createUser(app.db, { paid: "stripe-order" });
    const browser = await signIn(app.baseUrl, user.email);
    await browser.post("/account/two-factor", { intent: "start" });
    const secret = shownSecret(await (await browser.get("/account/two-factor")).text());
    const pending = await factorOf(user.id);
    expect(pending.status).toBe("unverified");
    expect(pending.secret.startsWith(`v1:${keyId(KEY_A)}:`)).toBe(true);
    expect(pending.secret).not.toMatch(/^[A-Z2-7]+=*$/);
    expect(pending.secret).not.toContain(secret);
    expect(openTotpSecret(pending.secret, user.id, KEY_A)).toBe(secret);

    const done = await browser.post("/account/two-factor", { intent: "confirm", code: totpCode(secret) });
    expect(done.status).toBe(200);
    const verified = await factorOf(user.id);
    expect(verified.status).toBe("verified");
    expect(openTotpSecret(verified.secret, user.id, KEY_A)).toBe(secret);
    expect(JSON.stringify(await app.db.selectFrom("auth_factors").selectAll().execute())).not.toContain(secret);

    // The app reads it back: a code from the secret signs in.
    expect(await signInWithCode(user.email, totpCode(secret, currentStep() + 1))).toEqual({
      status: 303,
      target: "/dashboard",
    });
  });

  it("a stored secret copied into another user's row does not open for that user", async () => {
    const owner = await createUser(app.db, { paid: "stripe-order" });
    const sealed = sealTotpSecret(A_SECRET, owner.id, KEY_A);
    await app.db
      .insertInto("auth_factors")
      .values({ user_id: owner.id, factor_type: "totp", status: "verified", secret: sealed })
      .execute();
    const other = await createUser(app.db, { paid: "stripe-order" });
    await app.db
      .insertInto("auth_factors")
      .values({ user_id: other.id, factor_type: "totp", status: "verified", secret: sealed })
      .execute();

    expect(() => openTotpSecret(sealed, other.id, KEY_A)).toThrow();
    const copied = await signInWithCode(other.email, totpCode(A_SECRET));
    expect(copied).toEqual({ status: 400, target: null });
    // The row in its own place works (the app opens what the test sealed: one format).
    expect(await signInWithCode(owner.email, totpCode(A_SECRET))).toEqual({ status: 303, target: "/dashboard" });
    // A row no key opens would hold back retiring its key (see the last test): take it away.
    await app.db.deleteFrom("auth_factors").where("user_id", "=", other.id).execute();
  });
});

describe("recovery codes", () => {
  it("are stored as keyed hashes bound to the user, not as the plain SHA-256 of the code", async () => {
    const user = await createUser(app.db, { paid: "stripe-order" });
    const { codes } = await enrol(await signIn(app.baseUrl, user.email));
    const stored = await storedCodesOf(user.id);
    for (const code of codes) expect(stored).not.toContain(plainSha256(code));
    expect(stored).toEqual(codes.map((code) => keyedRecoveryCode(user.id, code, KEY_A)).sort());
    expect(JSON.stringify(stored)).not.toContain(codes[0]);

    expect(await signInWithCode(user.email, at(codes, 2))).toEqual({ status: 303, target: "/dashboard" });
    expect((await signInWithCode(user.email, at(codes, 2))).status).toBe(400); // once only
  });
});

describe("cookie keys", () => {
  const signedWith = (secret: string) => createCookie("__session", { secrets: [secret] });

  it("sign the session cookie with a key derived for it, and still accept one signed with SESSION_SECRET itself", async () => {
    const user = await createUser(app.db, { paid: "stripe-order" });
    const browser = await signIn(app.baseUrl, user.email);
    const header = `__session=${browser.cookie("__session")}`;
    expect(await signedWith(cookieSigningSecret(TEST_SESSION_SECRET, "__session")).parse(header)).toEqual(
      expect.any(String),
    );
    expect(await signedWith(TEST_SESSION_SECRET).parse(header)).toBeNull();

    // A cookie from before this release (signed with the raw secret) keeps its member signed in.
    const { id } = await createSessionRow(app.db, user.id);
    const earlier = new Browser(app.baseUrl);
    earlier.setCookie("__session", captured(await signedWith(TEST_SESSION_SECRET).serialize(id), /^[^=]+=([^;]*)/));
    expect((await earlier.get("/account")).status).toBe(200);
  });
});

describe("start-up", () => {
  it("encrypts the plain TOTP secrets and keys the SHA-256 recovery codes stored before, once; both keep working", async () => {
    const { user, codes } = await legacyUser();
    await app.rerunStartup();
    const sealed = (await factorOf(user.id)).secret;
    expect(sealed.startsWith(`v1:${keyId(KEY_A)}:`)).toBe(true);
    expect(openTotpSecret(sealed, user.id, KEY_A)).toBe(A_SECRET);
    expect(await storedCodesOf(user.id)).toEqual(codes.map((code) => keyedRecoveryCode(user.id, code, KEY_A)).sort());

    // Idempotent: a second start changes nothing.
    await app.rerunStartup();
    expect((await factorOf(user.id)).secret).toBe(sealed);

    expect(await signInWithCode(user.email, totpCode(A_SECRET))).toEqual({ status: 303, target: "/dashboard" });
    expect(await signInWithCode(user.email, at(codes, 7))).toEqual({ status: 303, target: "/dashboard" });
  });

  it(
    "after a rotation to ENCRYPTION_KEY=KEY_B,KEY_A codes made under KEY_A still verify, and secrets are re-encrypted with KEY_B",
    async () => {
      const user = await createUser(app.db, { paid: "stripe-order" });
      const { secret, codes } = await enrol(await signIn(app.baseUrl, user.email));
      expect((await factorOf(user.id)).secret.startsWith(`v1:${keyId(KEY_A)}:`)).toBe(true);

      await app.restart({ ENCRYPTION_KEY: `${KEY_B},${KEY_A}` });
      const resealed = (await factorOf(user.id)).secret;
      expect(resealed.startsWith(`v1:${keyId(KEY_B)}:`)).toBe(true);
      expect(openTotpSecret(resealed, user.id, KEY_B)).toBe(secret);
      // A hash cannot be re-keyed without its code: KEY_A keeps verifying the codes made under it.
      expect(await storedCodesOf(user.id)).toEqual(codes.map((code) => keyedRecoveryCode(user.id, code, KEY_A)).sort());

      expect(await signInWithCode(user.email, totpCode(secret, currentStep() + 1))).toEqual({
        status: 303,
        target: "/dashboard",
      });
      expect(await signInWithCode(user.email, at(codes, 0))).toEqual({ status: 303, target: "/dashboard" });

      // New values are made with the first key of the list.
      const next = await createUser(app.db, { paid: "stripe-order" });
      const enrolled = await enrol(await signIn(app.baseUrl, next.email));
      expect(openTotpSecret((await factorOf(next.id)).secret, next.id, KEY_B)).toBe(enrolled.secret);
      expect(await storedCodesOf(next.id)).toEqual(
        enrolled.codes.map((code) => keyedRecoveryCode(next.id, code, KEY_B)).sort(),
      );
    },
    RESTARTS_TIMEOUT_MS,
  );

  it(
    "refuses to start when a TOTP secret is encrypted with a key ENCRYPTION_KEY no longer lists",
    async () => {
      await expect(app.restart({ ENCRYPTION_KEY: KEY_C })).rejects.toThrow(
        new RegExp(`ENCRYPTION_KEY: .*encrypted with a key it no longer lists \\(${keyId(KEY_B)}\\)`),
      );
      // Listed again behind the new key, everything is re-encrypted with the new one.
      await app.restart({ ENCRYPTION_KEY: `${KEY_C},${KEY_B}` });
      const secrets = await app.db.selectFrom("auth_factors").select("secret").execute();
      expect(secrets.length).toBeGreaterThan(0);
      for (const { secret } of secrets) expect(secret.startsWith(`v1:${keyId(KEY_C)}:`)).toBe(true);
    },
    RESTARTS_TIMEOUT_MS,
  );
});
