import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { createUser, findUserByEmail, normalizeEmail } from "~/models/user.server";
import { clearHits } from "~/models/rate-limit.server";
import { isDatabaseUnavailable } from "~/lib/database-errors";
import { ACCOUNT_EXISTS_MESSAGE, loginSchema, signupSchema } from "~/lib/validation/auth";
import { hashPassword, verifyPassword } from "~/infra/password.server";
import { checkRateLimits, RATE_LIMITS, rateLimitKey } from "./rate-limit.server";

type Reply = SubmissionResult<string[]>;

/** What a strategy decides: a user to sign in, or a Conform reply to show with the form. */
export type AuthOutcome =
  | { ok: true; user: { id: string; isAdmin: boolean }; redirectTo?: string; specialAccess: boolean }
  | { ok: false; reply: Reply; status: number };

const LOGIN_FAILED = "Invalid email or password";
// SPEC §8 fallbacks when something unexpected fails.
const FALLBACK_MESSAGES = { login: "An error occurred", signup: "An error occurred during signup" } as const;

export type AuthContext = { clientAddress: string };

function refuse(reply: Reply, status = 400): AuthOutcome {
  return { ok: false, reply, status };
}

/**
 * Runs a strategy; an unexpected failure becomes the spec's generic message on the form instead
 * of an error page, and nothing is changed. A database outage is rethrown: the site answers its
 * 503 page (entry.server handleError), which tells the visitor to come back shortly.
 */
export async function authenticate(
  strategy: keyof typeof FALLBACK_MESSAGES,
  request: Request,
  context: AuthContext,
): Promise<AuthOutcome> {
  // The strategy consumes the body; keep a copy so a failure can still echo what was typed.
  const backup = request.clone();
  try {
    return await authenticator(context).authenticate(strategy, request);
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    console.error(`[auth] ${strategy} failed:`, error);
    const submission = parseWithZod(await backup.formData(), { schema: strategy === "login" ? loginSchema : signupSchema });
    return refuse(submission.reply({ formErrors: [FALLBACK_MESSAGES[strategy]], hideFields: ["password"] }), 500);
  }
}

/**
 * remix-auth v4 only authenticates; sessions are ours (lib/session.server). One authenticator,
 * two form strategies: "login" checks a password, "signup" creates the account.
 */
function authenticator(context: AuthContext) {
  return new Authenticator<AuthOutcome>()
    .use(
      new FormStrategy(async ({ form }) => {
        const submission = parseWithZod(form, { schema: loginSchema });
        if (submission.status !== "success") return refuse(submission.reply({ hideFields: ["password"] }));
        const { email, password, redirect, special_access } = submission.value;

        const verdict = await checkRateLimits([
          [RATE_LIMITS.loginPerAddress, context.clientAddress],
          [RATE_LIMITS.loginPerEmail, normalizeEmail(email)],
        ]);
        if (!verdict.allowed) return refuse(submission.reply({ formErrors: [verdict.message], hideFields: ["password"] }), 429);

        const user = await findUserByEmail(email);
        const valid = await verifyPassword(password, user?.passwordHash ?? null);
        if (!user || !valid) return refuse(submission.reply({ formErrors: [LOGIN_FAILED], hideFields: ["password"] }));

        // A successful sign-in forgives earlier typos on this account.
        await clearHits(rateLimitKey(RATE_LIMITS.loginPerEmail, normalizeEmail(email)));
        return { ok: true, user, redirectTo: redirect, specialAccess: special_access === "true" };
      }),
      "login",
    )
    .use(
      new FormStrategy(async ({ form }) => {
        const submission = parseWithZod(form, { schema: signupSchema });
        if (submission.status !== "success") return refuse(submission.reply({ hideFields: ["password"] }));
        const { name, email, password, redirect } = submission.value;

        const verdict = await checkRateLimits([[RATE_LIMITS.signupPerAddress, context.clientAddress]]);
        if (!verdict.allowed) return refuse(submission.reply({ formErrors: [verdict.message], hideFields: ["password"] }), 429);

        const created = await createUser({ name, email, passwordHash: await hashPassword(password) });
        if (!created) {
          return refuse(
            submission.reply({
              fieldErrors: { email: [ACCOUNT_EXISTS_MESSAGE] },
              hideFields: ["password"],
            }),
          );
        }
        return { ok: true, user: { id: created.id, isAdmin: false }, redirectTo: redirect, specialAccess: false };
      }),
      "signup",
    );
}
