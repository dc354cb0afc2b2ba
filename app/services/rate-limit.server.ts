import { recordHit } from "~/models/rate-limit.server";
import { env } from "~/infra/env.server";
import { describeRetryAfter } from "~/lib/retry-after";

export type RateLimitPolicy = { name: string; limit: number; windowMs: number };

const MINUTE = 60_000;
export const RATE_LIMITS = {
  loginPerAddress: { name: "login:ip", limit: 30, windowMs: 15 * MINUTE },
  loginPerEmail: { name: "login:email", limit: 5, windowMs: 15 * MINUTE },
  signupPerAddress: { name: "signup:ip", limit: 10, windowMs: 60 * MINUTE },
  passwordResetPerAddress: { name: "reset:ip", limit: 30, windowMs: 60 * MINUTE },
  passwordResetPerEmail: { name: "reset:email", limit: 5, windowMs: 60 * MINUTE },
  leadPerAddress: { name: "lead:ip", limit: 10, windowMs: 60 * MINUTE },
  consentProofPerAddress: { name: "consent:ip", limit: 30, windowMs: 60 * MINUTE },
} satisfies Record<string, RateLimitPolicy>;

export type RateLimitVerdict = { allowed: true } | { allowed: false; message: string; retryAfterSeconds: number };

export function rateLimitKey(policy: RateLimitPolicy, subject: string) {
  return `${policy.name}:${subject.toLowerCase()}`;
}

/** Records one attempt under every given policy; refused when any of them is over its limit. */
export async function checkRateLimits(checks: Array<[RateLimitPolicy, string]>): Promise<RateLimitVerdict> {
  if (env().RATE_LIMIT_DISABLED) return { allowed: true };
  const results = await Promise.all(
    checks.map(async ([policy, subject]) => ({ policy, ...(await recordHit(rateLimitKey(policy, subject), policy.windowMs)) })),
  );
  const exceeded = results.filter((result) => result.hits > result.policy.limit);
  if (exceeded.length === 0) return { allowed: true };
  const resetAt = new Date(Math.max(...exceeded.map((result) => result.resetAt.getTime())));
  const retryAfterSeconds = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
  return {
    allowed: false,
    retryAfterSeconds,
    message: `Too many attempts. Please try again ${describeRetryAfter(retryAfterSeconds)}.`,
  };
}
