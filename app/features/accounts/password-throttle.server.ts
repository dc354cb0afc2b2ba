import { addressGroup } from "~/platform/address-group.server";
import { InFlightLimit } from "~/platform/in-flight";
import { verifyPassword } from "~/platform/password.server";
import { clearHits, releaseReservations } from "~/platform/rate-limit/windows.server";
import { issueDeviceCookie, trustedDevice } from "./known-device.server";
import {
  backoffReservation,
  checkRateLimits,
  RATE_LIMITS,
  rateLimitKey,
  rateLimitsDisabled,
  refusal,
  reserve,
} from "~/platform/rate-limit/rate-limit.server";

/**
 * The one throttle every password check goes through: /login, and the current password on
 * /account (email change, password change, re-authentication for two-factor changes). A stranger
 * cannot turn it into a lockout of the owner (OWASP "Slow Down Online Guessing Attacks with Device
 * Cookies"):
 *  - every attempt counts against the client address (a fixed window, RATE_LIMITS.loginPerAddress);
 *  - failures slow down, with growing delays, the address and the (email, address) pair;
 *  - failures for one email, from anywhere, hit a ceiling; past it only a browser that signed in
 *    to that account before (a signed device cookie, or the signed-in session itself on /account)
 *    may still try, and that device is held by its own limit.
 * Each attempt is RESERVED under those counters in one statement before bcrypt runs, and counts
 * as a failure unless the password is right: then it is given back, so the owner's correct
 * password never counts against them (decision 047). And one account, or one client address, has
 * at most PASSWORD_THROTTLE.inFlightPerKey checks running at once in this process.
 */
const MINUTE = 60_000;
const FAILURE_MEMORY_MS = 60 * MINUTE;

export const PASSWORD_THROTTLE = {
  address: { name: "login-fail:ip", perAddress: true, free: 20, baseSeconds: 30, maxSeconds: 15 * 60 },
  pair: { name: "login-fail:email-ip", free: 5, baseSeconds: 30, maxSeconds: 15 * 60 },
  emailCeiling: { name: "login-fail:email", limit: 10, windowMs: 15 * MINUTE },
  device: { name: "login-fail:device", limit: 10, windowMs: 15 * MINUTE },
  /** bcrypt checks one account, or one client address, may have running at once in one process. */
  inFlightPerKey: 2,
} as const;

const running = new InFlightLimit(PASSWORD_THROTTLE.inFlightPerKey);

export type PasswordAttempt = {
  /** Normalised: the account's address, or whatever was typed at /login. */
  email: string;
  userId: string | null;
  clientAddress: string;
  cookieHeader: string | null;
  /** On /account: the signed-in session making the check, which counts as a device of the account. */
  sessionIdHash?: string | null;
};

export type PasswordCheck =
  | { outcome: "right"; /** A fresh device cookie for the account (login sets it). */ deviceCookie: string }
  | { outcome: "wrong" }
  | { outcome: "refused"; message: string; retryAfterSeconds: number };

async function right(userId: string): Promise<PasswordCheck> {
  return { outcome: "right", deviceCookie: await issueDeviceCookie(userId) };
}

/**
 * Checks `password` against `passwordHash` (null: no such account; the check still costs the
 * same) through the throttle. Refused: nothing about the password was learnt or counted.
 */
export async function checkPassword(
  attempt: PasswordAttempt,
  password: string,
  passwordHash: string | null,
): Promise<PasswordCheck> {
  const verify = async () => {
    const valid = await verifyPassword(password, passwordHash);
    return valid && attempt.userId !== null;
  };
  if (rateLimitsDisabled()) return (await verify()) ? right(attempt.userId!) : { outcome: "wrong" };

  const window = await checkRateLimits([[RATE_LIMITS.loginPerAddress, attempt.clientAddress]]);
  if (!window.allowed) return { outcome: "refused", ...window };
  const release = running.tryAcquire([`account:${attempt.email}`, `address:${addressGroup(attempt.clientAddress)}`]);
  if (!release) return { outcome: "refused", ...refusal(1) };
  try {
    const device = await trustedDevice(attempt);
    const policy = PASSWORD_THROTTLE;
    const keys = {
      address: rateLimitKey(policy.address, attempt.clientAddress),
      pair: rateLimitKey(policy.pair, `${attempt.email}|${addressGroup(attempt.clientAddress)}`),
      email: rateLimitKey(policy.emailCeiling, attempt.email),
      device: device ? rateLimitKey(policy.device, device) : null,
    };
    const reservation = await reserve([
      backoffReservation(keys.address, policy.address, FAILURE_MEMORY_MS),
      backoffReservation(keys.pair, policy.pair, FAILURE_MEMORY_MS),
      // A known device is held by its own limit instead of the ceiling; its failures still count for the email.
      {
        key: keys.email,
        kind: "window",
        limit: device ? null : policy.emailCeiling.limit,
        windowMs: policy.emailCeiling.windowMs,
      },
      ...(keys.device
        ? [{ key: keys.device, kind: "window" as const, limit: policy.device.limit, windowMs: policy.device.windowMs }]
        : []),
    ]);
    if (!reservation.allowed) return { outcome: "refused", ...reservation };

    // A wrong password keeps its reservation: that is the failure counted.
    if (!(await verify())) return { outcome: "wrong" };
    // Right: this browser and address are forgiven; the address and email counts get this attempt
    // back. The email's earlier failures stay: a stranger still guessing elsewhere stays held back.
    await clearHits(keys.pair, ...(keys.device ? [keys.device] : []));
    await releaseReservations(reservation.reserved.filter((r) => r.key === keys.address || r.key === keys.email));
    return right(attempt.userId!);
  } finally {
    release();
  }
}
