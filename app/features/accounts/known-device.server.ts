import crypto from "node:crypto";
import { createCookie } from "@remix-run/node";
import { secureCookies } from "~/platform/env.server";
import { cookieSecrets } from "~/platform/keys.server";

/**
 * The signed `__device` cookie: which account this browser signed in to (by password or by an
 * emailed link), and a random nonce. It lets the owner's own browser past limits that anyone can
 * fill for an address (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): the
 * password ceiling (password-throttle.server) and the per-email mail budgets (rate-limit.server
 * `mailBudgetAllows`). Such a browser is held by its own limits instead.
 */
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

/** A fresh device cookie (a Set-Cookie value) for a browser that just proved it is `userId`'s. */
export async function issueDeviceCookie(userId: string): Promise<string> {
  return deviceCookie().serialize(`${userId}:${crypto.randomBytes(16).toString("base64url")}`);
}

export type DeviceClaim = {
  /** The account the request is about (null: no such account, and then no browser is known). */
  userId: string | null;
  cookieHeader: string | null;
  /** A signed-in session of the account making the request, which counts as a device of it. */
  sessionIdHash?: string | null;
};

/**
 * The browser's proof of a past sign-in to this account: a genuine device cookie naming it, or its
 * session; null otherwise (a cookie of another account, or a forged one, proves nothing).
 */
export async function trustedDevice(claim: DeviceClaim): Promise<string | null> {
  if (!claim.userId) return null;
  if (claim.cookieHeader?.includes("__device=")) {
    const value: unknown = await deviceCookie().parse(claim.cookieHeader);
    if (typeof value === "string") {
      const [userId, nonce] = value.split(":");
      if (userId === claim.userId && nonce) return nonce;
    }
  }
  return claim.sessionIdHash ? `session-${claim.sessionIdHash}` : null;
}

/**
 * A browser asking for mail to an address: its client address, its Cookie header, and the account
 * it is signed in to (null: none).
 */
export type Requester = { clientAddress: string; cookieHeader: string | null; signedInUserId: string | null };

/**
 * The requester as the mail budgets see it: which known device of `userId` it is (null: none, or
 * no account), by a genuine device cookie of the account (its nonce) or by being signed in to it.
 */
export async function asMailRequester(requester: Requester, userId: string | null) {
  const signedIn = userId !== null && requester.signedInUserId === userId;
  const device = signedIn
    ? `signed-in-${userId}`
    : await trustedDevice({ userId, cookieHeader: requester.cookieHeader });
  return { clientAddress: requester.clientAddress, knownDevice: device };
}
