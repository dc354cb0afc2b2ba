import crypto from "node:crypto";
import { createCookie } from "@remix-run/node";
import { addressGroup } from "~/lib/address-group";
import { backoffDelaySeconds, type BackoffPolicy } from "~/lib/backoff";
import { secureCookies } from "~/infra/env.server";
import { cookieSecrets } from "~/infra/keys.server";
import {
  checkRateLimits,
  RATE_LIMITS,
  rateLimitKey,
  rateLimitsDisabled,
  refusal,
  type RateLimitVerdict,
} from "./rate-limit.server";
import { clearHits, readCounters, recordFailure, recordHit } from "~/models/rate-limit.server";

/**
 * Login throttling that a stranger cannot turn into a lockout of the owner (OWASP "Slow Down
 * Online Guessing Attacks with Device Cookies"):
 *  - every attempt counts against the client address (a fixed window, RATE_LIMITS.loginPerAddress);
 *  - failures slow down, with growing delays, the address and the (email, address) pair;
 *  - failures for one email, from anywhere, hit a ceiling; past it only a browser that signed in
 *    to that account before (it holds a signed device cookie) may still try, and that device is
 *    itself limited. The ceiling counts FAILED passwords only, after the check, so the owner's
 *    correct password never counts against them.
 */
const MINUTE = 60_000;
const FAILURE_MEMORY_MS = 60 * MINUTE;

export const LOGIN_THROTTLE = {
  address: { name: "login-fail:ip", perAddress: true, free: 20, baseSeconds: 30, maxSeconds: 15 * 60 },
  pair: { name: "login-fail:email-ip", free: 5, baseSeconds: 30, maxSeconds: 15 * 60 },
  emailCeiling: { name: "login-fail:email", limit: 10, windowMs: 15 * MINUTE },
  device: { name: "login-fail:device", limit: 10, windowMs: 15 * MINUTE },
} as const;

type Backoff = BackoffPolicy & { name: string; perAddress?: boolean };

/** The signed device cookie: which account this browser signed in to, and a random nonce. */
let deviceCookieInstance: ReturnType<typeof createCookie> | undefined;
function deviceCookie() {
  deviceCookieInstance ??= createCookie("__device", {
    httpOnly: true,
    sameSite: "lax",
    // Path=/ rather than /login: with JavaScript the form posts to /login.data, which /login does not match.
    path: "/",
    secure: secureCookies(),
    secrets: cookieSecrets("__device"),
    maxAge: 400 * 24 * 60 * 60, // browsers cap cookies at 400 days
  });
  return deviceCookieInstance;
}

export type LoginAttempt = { email: string; userId: string | null; clientAddress: string; cookieHeader: string | null };

type Device = { nonce: string };

/** The device cookie, when it is genuine (signed by us) and names this account. */
async function trustedDevice(attempt: LoginAttempt): Promise<Device | null> {
  if (!attempt.userId || !attempt.cookieHeader?.includes("__device=")) return null;
  const value: unknown = await deviceCookie().parse(attempt.cookieHeader);
  if (typeof value !== "string") return null;
  const [userId, nonce] = value.split(":");
  return userId === attempt.userId && nonce ? { nonce } : null;
}

const keys = (attempt: LoginAttempt, device: Device | null) => ({
  address: rateLimitKey(LOGIN_THROTTLE.address, attempt.clientAddress),
  pair: rateLimitKey(LOGIN_THROTTLE.pair, `${attempt.email}|${addressGroup(attempt.clientAddress)}`),
  email: rateLimitKey(LOGIN_THROTTLE.emailCeiling, attempt.email),
  device: device ? rateLimitKey(LOGIN_THROTTLE.device, device.nonce) : null,
});

function backoffWait(counter: { hits: number; lastHitAt: Date } | undefined, policy: Backoff): number {
  if (!counter) return 0;
  const until = counter.lastHitAt.getTime() + backoffDelaySeconds(counter.hits, policy) * 1000;
  return (until - Date.now()) / 1000;
}

/**
 * Before the password is checked: may this attempt go ahead? Counts the attempt against the
 * address window; reads (never counts) the failure counters.
 */
export async function admitLoginAttempt(attempt: LoginAttempt): Promise<RateLimitVerdict> {
  if (rateLimitsDisabled()) return { allowed: true };
  const window = await checkRateLimits([[RATE_LIMITS.loginPerAddress, attempt.clientAddress]]);
  if (!window.allowed) return window;

  const device = await trustedDevice(attempt);
  const k = keys(attempt, device);
  const counters = await readCounters([k.address, k.pair, k.email, ...(k.device ? [k.device] : [])]);

  const wait = Math.max(
    backoffWait(counters.get(k.address), LOGIN_THROTTLE.address),
    backoffWait(counters.get(k.pair), LOGIN_THROTTLE.pair),
  );
  if (wait > 0) return refusal(wait);

  const email = counters.get(k.email);
  if (email && email.hits >= LOGIN_THROTTLE.emailCeiling.limit) {
    const deviceCounter = k.device ? counters.get(k.device) : undefined;
    const deviceTrusted = device !== null && (deviceCounter?.hits ?? 0) < LOGIN_THROTTLE.device.limit;
    if (!deviceTrusted) return refusal((email.resetAt.getTime() - Date.now()) / 1000);
  }
  return { allowed: true };
}

/** After a wrong password: every counter that applies grows. */
export async function recordLoginFailure(attempt: LoginAttempt) {
  if (rateLimitsDisabled()) return;
  const device = await trustedDevice(attempt);
  const k = keys(attempt, device);
  await Promise.all([
    recordFailure(k.address, FAILURE_MEMORY_MS),
    recordFailure(k.pair, FAILURE_MEMORY_MS),
    // The ceilings are windows from the first failure (recordFailure would slide them forever).
    recordHit(k.email, LOGIN_THROTTLE.emailCeiling.windowMs),
    ...(k.device ? [recordHit(k.device, LOGIN_THROTTLE.device.windowMs)] : []),
  ]);
}

/**
 * After a correct password: this browser and address are forgiven, and the browser gets a
 * fresh device cookie for the account. The per-email ceiling is NOT cleared: a stranger still
 * guessing elsewhere stays held back.
 */
export async function recordLoginSuccess(attempt: LoginAttempt & { userId: string }): Promise<string> {
  const device = await trustedDevice(attempt);
  const k = keys(attempt, device);
  await clearHits(k.pair, ...(k.device ? [k.device] : []));
  return deviceCookie().serialize(`${attempt.userId}:${crypto.randomBytes(16).toString("base64url")}`);
}
