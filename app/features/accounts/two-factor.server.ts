import crypto from "node:crypto";
import { getTOTPAuthUri, verifyTOTP } from "@epic-web/totp";
import { createCookie } from "@remix-run/node";
import QRCode from "qrcode";
import {
  openTotpSecret,
  recoveryCodeHash,
  recoveryCodeLookups,
  sealTotpSecret,
  UnreadableSecret,
} from "~/platform/at-rest.server";
import { db, type Database } from "~/platform/db/db.server";
import { env, secureCookies } from "~/platform/env.server";
import { cookieSecrets } from "~/platform/keys.server";
import { twoFactorDisabledEmail, twoFactorEnabledEmail, wrongTwoFactorCodesEmail } from "./emails";
import {
  base32Encode,
  CHALLENGE_ENDED,
  CHALLENGE_MAX_FAILURES,
  CHALLENGE_MINUTES,
  groupForReading,
  RECOVERY_CODE_COUNT,
  recoveryCodeFromBytes,
  timeStep,
  TOO_MANY_WRONG_CODES,
  TOTP,
  WRONG_CODE,
  type TypedCode,
} from "./two-factor-rules";
import { enqueueEmail } from "~/platform/mail/outbox.server";
import { raiseSessionToAal2 } from "./session-store.server";
import {
  claimTotpStep,
  createChallenge,
  deleteChallenge,
  deleteFactors,
  findChallenge,
  findTotpFactor,
  replaceRecoveryCodes,
  reserveChallengeTry,
  savePendingTotpFactor,
  spendRecoveryCode,
  type Challenge,
  type Factor,
} from "./two-factor-store.server";
import { releaseReservations } from "~/platform/rate-limit/windows.server";
import { credentialsChanged, findUserById } from "./users.server";
import { kickMailer } from "~/platform/mail/sender.server";
import { sha256 } from "~/platform/hash.server";
import {
  backoffReservation,
  checkRateLimits,
  RATE_LIMITS,
  rateLimitKey,
  rateLimitsDisabled,
  reserve,
} from "~/platform/rate-limit/rate-limit.server";
import { log } from "~/platform/log.server";

type Account = { id: string; email: string; name: string };

function notice(account: Account) {
  return { brand: env().BRAND_NAME, support: env().SUPPORT_EMAIL, name: account.name };
}

/** Checks a typed app code against `secret`; the time step it belongs to, or null. */
async function matchingStep(secret: string, code: string): Promise<number | null> {
  const now = Date.now();
  const result = await verifyTOTP({ otp: code, secret, ...TOTP });
  return result ? timeStep(now, result.delta) : null;
}

/**
 * The factor's TOTP secret, decrypted; null when no configured key opens it for this user (a row
 * tampered with or copied from another account: its codes are refused, as wrong ones would be).
 */
function totpSecretOf(factor: Factor, userId: string): string | null {
  try {
    return openTotpSecret(factor.sealedSecret, userId);
  } catch (error) {
    if (!(error instanceof UnreadableSecret)) throw error;
    log.error({ userId, reason: error.message }, "a TOTP secret no key opens");
    return null;
  }
}

/** The stored form of new recovery codes: keyed hashes (platform/at-rest.server.ts). */
const recoveryCodeHashes = (userId: string, codes: string[]) => codes.map((code) => recoveryCodeHash(userId, code));

/** Ten new recovery codes (shown once; only their keyed hashes are stored). */
function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) {
    const code = recoveryCodeFromBytes(crypto.randomBytes(16));
    if (code) codes.add(code);
  }
  return [...codes];
}

// --- Enrolment -------------------------------------------------------------------------------

/**
 * Starts an enrolment with a fresh 160-bit secret (RFC 4226's recommended length), seen and
 * confirmed only by the session that started it. False when a factor is already on.
 */
export async function beginEnrolment(userId: string, sessionIdHash: string): Promise<boolean> {
  return savePendingTotpFactor(userId, sealTotpSecret(base32Encode(crypto.randomBytes(20)), userId), sessionIdHash);
}

/** The pending secret, only for the session that started the enrolment (null for any other). */
async function pendingSecret(account: Account, sessionIdHash: string): Promise<string | null> {
  const factor = await findTotpFactor(account.id);
  if (factor?.status !== "unverified" || !sessionIdHash || factor.enrolmentSessionHash !== sessionIdHash) return null;
  return totpSecretOf(factor, account.id);
}

export type EnrolmentView = { secret: string; groupedSecret: string; qrSvg: string };

/** What the set-up step shows to the session that started it: the QR code (SVG, made here) and the secret as text. */
export async function enrolmentView(account: Account, sessionIdHash: string): Promise<EnrolmentView | null> {
  const secret = await pendingSecret(account, sessionIdHash);
  if (secret === null) return null;
  const uri = getTOTPAuthUri({ ...TOTP, secret, accountName: account.email, issuer: env().BRAND_NAME });
  const qrSvg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { secret, groupedSecret: groupForReading(secret), qrSvg };
}

export type CodeResult = { ok: true } | { ok: false; message: string };

async function limitCodes(userId: string): Promise<CodeResult> {
  const verdict = await checkRateLimits([[RATE_LIMITS.twoFactorCodePerUser, userId]]);
  return verdict.allowed ? { ok: true } : { ok: false, message: verdict.message };
}

/**
 * Wrong codes of an enrolled account, from anywhere (the code step, step-up, disabling,
 * regenerating): the first `free` cost nothing, so a sign-in's five tries go at once; after them
 * each waits longer (30 s doubling to 15 minutes); forgotten an hour after the last one.
 */
export const TWO_FACTOR_THROTTLE = { name: "2fa-fail:user", free: 4, baseSeconds: 30, maxSeconds: 15 * 60 } as const;
const CODE_FAILURE_MEMORY_MS = 60 * 60_000;

async function notifyWrongCodes(userId: string) {
  const account = await findUserById(userId);
  if (!account) return;
  await enqueueEmail(db(), { to: account.email, ...wrongTwoFactorCodesEmail(notice(account)) });
  kickMailer();
}

/**
 * Takes one try of an enrolled account's code under its growing delays (decision 047), before
 * the code is checked, so concurrent codes cannot all pass the count. `settle` with the outcome
 * gives the try back unless the code was wrong; the wrong code that starts the delays mails the
 * owner: once per burst, since the count only comes back to that number after it was forgotten.
 */
async function reserveCodeTry(
  userId: string,
): Promise<
  { ok: true; settle: (result: { ok: boolean; message?: string }) => Promise<void> } | { ok: false; message: string }
> {
  const limited = await limitCodes(userId);
  if (!limited.ok) return limited;
  if (rateLimitsDisabled()) return { ok: true, settle: async () => {} };
  const reservation = await reserve([
    backoffReservation(rateLimitKey(TWO_FACTOR_THROTTLE, userId), TWO_FACTOR_THROTTLE, CODE_FAILURE_MEMORY_MS),
  ]);
  if (!reservation.allowed) return { ok: false, message: reservation.message };
  return {
    ok: true,
    settle: async (result) => {
      if (result.ok || result.message !== WRONG_CODE) await releaseReservations(reservation.reserved);
      else if (reservation.reserved[0]?.hits === TWO_FACTOR_THROTTLE.free + 1) await notifyWrongCodes(userId);
    },
  };
}

/**
 * The enrolment's first code: the factor becomes verified, ten recovery codes are made, this
 * session rises to aal2 (it just proved the factor) and the account's address gets a notice, all
 * in one transaction.
 */
export async function confirmEnrolment(
  account: Account,
  code: string,
  sessionIdHash: string,
): Promise<{ ok: true; recoveryCodes: string[] } | { ok: false; message: string }> {
  const limited = await limitCodes(account.id);
  if (!limited.ok) return limited;
  const secret = await pendingSecret(account, sessionIdHash);
  if (secret === null) return { ok: false, message: "Start the set-up again: it was finished or cancelled." };
  const step = /^\d{6}$/.test(code) ? await matchingStep(secret, code) : null;
  if (step === null) return { ok: false, message: WRONG_CODE };
  const recoveryCodes = newRecoveryCodes();
  const done = await db()
    .transaction()
    .execute(async (trx) => {
      if (!(await claimTotpStep(trx, account.id, step, { unverifiedFor: sessionIdHash }))) return false;
      await replaceRecoveryCodes(trx, account.id, recoveryCodeHashes(account.id, recoveryCodes));
      await raiseSessionToAal2(trx, sessionIdHash);
      // A credential changed: other sessions and every link mailed before end (decision 046).
      await credentialsChanged(trx, account.id, sessionIdHash);
      await enqueueEmail(trx, { to: account.email, ...twoFactorEnabledEmail(notice(account)) });
      return true;
    });
  if (!done) return { ok: false, message: WRONG_CODE };
  kickMailer();
  return { ok: true, recoveryCodes };
}

// --- Codes of an enrolled account ------------------------------------------------------------

/**
 * Accepts an app code or a recovery code of this user, once: an app code's time step is claimed
 * (no code of that step or earlier works again), a recovery code is used up. Callers count the
 * attempt with reserveCodeTry() first, outside their transaction (PGlite has one connection).
 */
async function acceptCode(userId: string, typed: TypedCode | null, executor: Database): Promise<CodeResult> {
  if (!typed) return { ok: false, message: WRONG_CODE };
  if (typed.kind === "recovery") {
    return (await spendRecoveryCode(executor, userId, recoveryCodeLookups(userId, typed.code)))
      ? { ok: true }
      : { ok: false, message: WRONG_CODE };
  }
  const factor = await findTotpFactor(userId, executor);
  const secret = factor?.status === "verified" ? totpSecretOf(factor, userId) : null;
  if (secret === null) return { ok: false, message: WRONG_CODE };
  const step = await matchingStep(secret, typed.code);
  if (step === null || !(await claimTotpStep(executor, userId, step, "verified")))
    return { ok: false, message: WRONG_CODE };
  return { ok: true };
}

/**
 * Turns two-factor sign-in off with a current code or a recovery code; every session but
 * `keepSessionIdHash` ends, links mailed before stop working (decision 046), and the address
 * gets a notice.
 */
export async function disableTwoFactor(
  account: Account,
  typed: TypedCode | null,
  keepSessionIdHash: string | null,
): Promise<CodeResult> {
  const limited = await reserveCodeTry(account.id);
  if (!limited.ok) return limited;
  const result = await db()
    .transaction()
    .execute(async (trx) => {
      const accepted = await acceptCode(account.id, typed, trx);
      if (!accepted.ok) return accepted;
      await deleteFactors(trx, account.id);
      await credentialsChanged(trx, account.id, keepSessionIdHash);
      await enqueueEmail(trx, { to: account.email, ...twoFactorDisabledEmail(notice(account)) });
      return accepted;
    });
  await limited.settle(result);
  if (result.ok) kickMailer();
  return result;
}

/** Ten new recovery codes for a current code; the old ones stop working. */
export async function regenerateRecoveryCodes(
  account: Account,
  typed: TypedCode | null,
): Promise<{ ok: true; recoveryCodes: string[] } | { ok: false; message: string }> {
  const limited = await reserveCodeTry(account.id);
  if (!limited.ok) return limited;
  const recoveryCodes = newRecoveryCodes();
  const result = await db()
    .transaction()
    .execute(async (trx) => {
      const accepted = await acceptCode(account.id, typed, trx);
      if (!accepted.ok) return accepted;
      await replaceRecoveryCodes(trx, account.id, recoveryCodeHashes(account.id, recoveryCodes));
      return { ok: true as const, recoveryCodes };
    });
  await limited.settle(result);
  return result;
}

/** A current code of the account, under the same delays as every other code (before deleting it). */
export async function checkCode(userId: string, typed: TypedCode | null): Promise<CodeResult> {
  const limited = await reserveCodeTry(userId);
  if (!limited.ok) return limited;
  const result = await db()
    .transaction()
    .execute((trx) => acceptCode(userId, typed, trx));
  await limited.settle(result);
  return result;
}

/** A signed-in aal1 session of an account with a factor proves it now (an admin before /admin). */
export async function stepUp(userId: string, sessionIdHash: string, typed: TypedCode | null): Promise<CodeResult> {
  const limited = await reserveCodeTry(userId);
  if (!limited.ok) return limited;
  const result = await db()
    .transaction()
    .execute(async (trx) => {
      const accepted = await acceptCode(userId, typed, trx);
      if (accepted.ok) await raiseSessionToAal2(trx, sessionIdHash);
      return accepted;
    });
  await limited.settle(result);
  return result;
}

// --- The half-signed-in state ----------------------------------------------------------------

/**
 * Between a correct password and the code: its own signed cookie holding a random id, valid ten
 * minutes. The id names one challenge row (stored hashed), made for this one login; the row counts
 * wrong codes and is deleted when the login completes, so the cookie works once.
 */
let challengeCookieInstance: ReturnType<typeof createCookie> | undefined;
function challengeCookie() {
  challengeCookieInstance ??= createCookie("__2fa", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: secureCookies(),
    secrets: cookieSecrets("__2fa"),
    maxAge: CHALLENGE_MINUTES * 60,
  });
  return challengeCookieInstance;
}

/** After a correct password: no session yet. Returns the Set-Cookie header of the half-signed-in state. */
export async function beginChallenge(input: {
  userId: string;
  redirectTo: string | null;
  specialAccess: boolean;
  passwordTyped?: boolean;
}): Promise<string> {
  const id = crypto.randomBytes(32).toString("base64url");
  // Random and long (256 bits), so a plain SHA-256 is enough to store.
  await createChallenge(sha256(id), input);
  return challengeCookie().serialize(id);
}

export async function clearChallengeCookie(): Promise<string> {
  return challengeCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

/** The live challenge this browser holds, or null (none, forged, expired or ended). */
export async function readChallenge(request: Request): Promise<(Challenge & { idHash: string }) | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("__2fa=")) return null;
  const id: unknown = await challengeCookie().parse(header);
  if (typeof id !== "string" || id.length === 0) return null;
  const idHash = sha256(id);
  const challenge = await findChallenge(idHash);
  return challenge ? { ...challenge, idHash } : null;
}

export type ChallengeAnswer = { ok: true; challenge: Challenge } | { ok: false; message: string; ended: boolean };

/**
 * A code for the challenge this browser holds. One of its tries is taken before the code is
 * checked. Right: the challenge is used up (once, even against a double submit) and the caller
 * starts an aal2 session. Wrong: the fifth wrong code ends the challenge, and the login starts
 * again at the password (which its own throttle guards).
 */
export async function answerChallenge(request: Request, typed: TypedCode | null): Promise<ChallengeAnswer> {
  const challenge = await readChallenge(request);
  if (!challenge) return { ok: false, message: CHALLENGE_ENDED, ended: true };
  const limited = await reserveCodeTry(challenge.userId);
  if (!limited.ok) return { ok: false, message: limited.message, ended: false };
  let spent = false;
  const outcome = await (async (): Promise<CodeResult> => {
    const tries = await reserveChallengeTry(challenge.idHash, CHALLENGE_MAX_FAILURES);
    if (tries === null) return { ok: false, message: CHALLENGE_ENDED };
    const result = await db()
      .transaction()
      .execute(async (trx) => {
        const accepted = await acceptCode(challenge.userId, typed, trx);
        if (!accepted.ok) return accepted;
        // Deleting the row is the single use: a second submit of the same login finds nothing.
        return (await deleteChallenge(challenge.idHash, trx))
          ? accepted
          : { ok: false as const, message: CHALLENGE_ENDED };
      });
    if (!result.ok && tries >= CHALLENGE_MAX_FAILURES) {
      await deleteChallenge(challenge.idHash);
      spent = true;
    }
    return result;
  })();
  await limited.settle(outcome);
  if (outcome.ok) return { ok: true, challenge };
  if (spent && outcome.message === WRONG_CODE) return { ok: false, message: TOO_MANY_WRONG_CODES, ended: true };
  if (spent || outcome.message === CHALLENGE_ENDED) return { ok: false, message: CHALLENGE_ENDED, ended: true };
  return { ok: false, message: outcome.message, ended: false };
}
