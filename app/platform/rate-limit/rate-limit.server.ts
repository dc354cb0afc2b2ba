import {
  readCounters,
  recordHit,
  releaseReservations,
  reserveAttempts,
  type Reservation,
  type Reserved,
} from "./windows.server";
import { backoffDelayTable, type BackoffPolicy } from "~/platform/backoff";
import { addressGroup, networkGroup } from "~/platform/address-group.server";
import { env } from "~/platform/env.server";
import { describeRetryAfter } from "~/platform/retry-after";

/** A fixed window: at most `limit` hits per `windowMs`. `perAddress` counts IPv6 clients by /64. */
export type RateLimitPolicy = { name: string; limit: number; windowMs: number; perAddress?: boolean };

const MINUTE = 60_000;
export const RATE_LIMITS = {
  loginPerAddress: { name: "login:ip", limit: 30, windowMs: 15 * MINUTE, perAddress: true },
  signupPerAddress: { name: "signup:ip", limit: 10, windowMs: 60 * MINUTE, perAddress: true },
  /** Reset requests from one client address, whatever the email: over it, a visible refusal. */
  passwordResetPerAddress: { name: "reset:ip", limit: 30, windowMs: 60 * MINUTE, perAddress: true },
  /**
   * Reset mails: per requester (the email with the client address group) and per email from
   * anyone, past which each network still has one (decision 069). Over them, the mail is dropped
   * with the usual answer (decision 046), so a stranger spends only their own share and nobody
   * learns whether the address has an account.
   */
  passwordResetPerRequester: { name: "reset:email-requester", limit: 3, windowMs: 60 * MINUTE },
  passwordResetPerEmail: { name: "reset:email", limit: 10, windowMs: 60 * MINUTE },
  passwordResetPerNetwork: { name: "reset:email-network", limit: 1, windowMs: 60 * MINUTE },
  /** A browser known to the account skips the per-email budget; this bounds it from all its addresses. */
  passwordResetPerDevice: { name: "reset:device", limit: 10, windowMs: 60 * MINUTE },
  /**
   * 'Email me a sign-in link' (decision 055), like reset mails: a visible limit per client
   * address, then silent budgets per requester and per email (a stranger spends only their share).
   */
  signInLinkPerAddress: { name: "signin-link:ip", limit: 30, windowMs: 60 * MINUTE, perAddress: true },
  signInLinkPerRequester: { name: "signin-link:email-requester", limit: 3, windowMs: 60 * MINUTE },
  signInLinkPerEmail: { name: "signin-link:email", limit: 10, windowMs: 60 * MINUTE },
  signInLinkPerNetwork: { name: "signin-link:email-network", limit: 1, windowMs: 60 * MINUTE },
  signInLinkPerDevice: { name: "signin-link:device", limit: 10, windowMs: 60 * MINUTE },
  /** Uses of sign-in links ('Sign in' on /login/link) from one client address. */
  signInLinkUsePerAddress: { name: "signin-link-use:ip", limit: 30, windowMs: 15 * MINUTE, perAddress: true },
  /** Attempts to SET a password with a reset link: per client address and per token. */
  resetSubmitPerAddress: { name: "reset-submit:ip", limit: 20, windowMs: 60 * MINUTE, perAddress: true },
  resetSubmitPerToken: { name: "reset-submit:token", limit: 5, windowMs: 60 * MINUTE },
  emailVerifyPerAddress: { name: "verify:ip", limit: 30, windowMs: 60 * MINUTE, perAddress: true },
  /** /success with a session id: each may make a call to Stripe. */
  checkoutReturnPerUser: { name: "success:user", limit: 10, windowMs: 15 * MINUTE },
  leadPerAddress: { name: "lead:ip", limit: 10, windowMs: 60 * MINUTE, perAddress: true },
  consentProofPerAddress: { name: "consent:ip", limit: 30, windowMs: 60 * MINUTE, perAddress: true },
  /** Two-factor codes tried for one account, from anywhere (beside the 5 wrong codes per login). */
  twoFactorCodePerUser: { name: "2fa:user", limit: 20, windowMs: 15 * MINUTE },
  /** Emails sent from /account (verification resends, email-change links) per account. */
  accountMailPerUser: { name: "account-mail:user", limit: 5, windowMs: 60 * MINUTE },
  // 'Download my data', 'Delete my account' and the admin's 'Export data' and 'Erase member'.
  privacyPerUser: { name: "privacy:user", limit: 10, windowMs: 60 * MINUTE },
} satisfies Record<string, RateLimitPolicy>;

export type RateLimitRefusal = { allowed: false; message: string; retryAfterSeconds: number };
export type RateLimitVerdict = { allowed: true } | RateLimitRefusal;

export function rateLimitKey(policy: Pick<RateLimitPolicy, "name" | "perAddress">, subject: string) {
  return `${policy.name}:${policy.perAddress ? addressGroup(subject) : subject.toLowerCase()}`;
}

export const rateLimitsDisabled = () => env().RATE_LIMIT_DISABLED;

export function refusal(retryAfterSeconds: number): RateLimitRefusal {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return {
    allowed: false,
    retryAfterSeconds: seconds,
    message: `Too many attempts. Please try again ${describeRetryAfter(seconds)}.`,
  };
}

/** Records one attempt under every given policy; refused when any of them is over its limit. */
export async function checkRateLimits(checks: Array<[RateLimitPolicy, string]>): Promise<RateLimitVerdict> {
  if (rateLimitsDisabled()) return { allowed: true };
  const results = await Promise.all(
    checks.map(async ([policy, subject]) => ({
      policy,
      ...(await recordHit(rateLimitKey(policy, subject), policy.windowMs)),
    })),
  );
  const exceeded = results.filter((result) => result.hits > result.policy.limit);
  if (exceeded.length === 0) return { allowed: true };
  const resetAt = Math.max(...exceeded.map((result) => result.resetAt.getTime()));
  return refusal((resetAt - Date.now()) / 1000);
}

export type Reservations = { allowed: true; reserved: Reserved[] } | RateLimitRefusal;

/** A key counted with growing delays (platform/backoff.ts), forgotten `forgetMs` after its latest failure. */
export function backoffReservation(key: string, policy: BackoffPolicy, forgetMs: number): Reservation {
  return { key, kind: "backoff", delays: backoffDelayTable(policy), forgetMs };
}

/**
 * Reserves one attempt under every key before a slow or secret check (decision 047): all of
 * them, or none (what was taken is given back) with the refusal of the key that waits longest.
 * The attempt then counts as a failure unless the caller gives it back (releaseReservations).
 */
export async function reserve(wanted: Reservation[]): Promise<Reservations> {
  const reserved = await reserveAttempts(wanted);
  if (reserved.length === wanted.length) {
    return { allowed: true, reserved };
  }
  await releaseReservations(reserved);
  const refused = wanted.filter((want) => !reserved.some((taken) => taken.key === want.key));
  const counters = await readCounters(refused.map((want) => want.key));
  let wait = 1;
  for (const want of refused) {
    const counter = counters.get(want.key);
    if (!counter) continue;
    const until =
      want.kind === "window"
        ? counter.resetAt.getTime()
        : counter.lastHitAt.getTime() + want.delays[Math.min(counter.hits, want.delays.length - 1)]! * 1000;
    wait = Math.max(wait, (until - Date.now()) / 1000);
  }
  return refusal(wait);
}

/**
 * Who asks for a mail to an address: their client address, and the browser's proof that it is
 * the account's (known-device.server `trustedDevice`), or null.
 */
export type MailRequester = { clientAddress: string; knownDevice: string | null };

/**
 * Whether a mail to `email` that anyone may ask for (a reset or a sign-in link; decisions 046,
 * 055, 069) is within its budgets, which drop it silently (the answer never changes):
 * 1. the requester's own share (the email with the client address group): a flood from one
 *    place spends only its own;
 * 2. a browser that signed in to the account before (known-device) is held by its own budget
 *    instead of the email's, neither counted nor refused by that one (issue 28);
 * 3. any other requester, by the email's budget from anyone, which moves only for a requester
 *    within their share;
 * 4. past that budget, by one mail an hour per network (networkGroup: an IPv4 /24, an IPv6 /48).
 *    Strangers from many addresses fill the email's budget and the lanes of their own networks,
 *    never the lane of the network the owner asks from, so the owner on a new device gets a mail
 *    every hour: slowed, never stopped. The mails a stranger can cause past the budget are one an
 *    hour per network they hold.
 */
export async function mailBudgetAllows(
  budget: {
    perRequester: RateLimitPolicy;
    perEmail: RateLimitPolicy;
    perNetwork: RateLimitPolicy;
    perDevice: RateLimitPolicy;
  },
  email: string,
  requester: MailRequester,
): Promise<boolean> {
  const own = await checkRateLimits([[budget.perRequester, `${email} ${addressGroup(requester.clientAddress)}`]]);
  if (!own.allowed) return false;
  if (requester.knownDevice)
    return (await checkRateLimits([[budget.perDevice, `${email} ${requester.knownDevice}`]])).allowed;
  if ((await checkRateLimits([[budget.perEmail, email]])).allowed) return true;
  return (await checkRateLimits([[budget.perNetwork, `${email} ${networkGroup(requester.clientAddress)}`]])).allowed;
}
