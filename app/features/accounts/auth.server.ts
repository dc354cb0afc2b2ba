import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { createUser, findUserByEmail, normalizeEmail } from "./users.server";
import { isDatabaseUnavailable } from "~/platform/db/database-errors";
import { siteOrigin } from "~/platform/site-origin";
import { env } from "~/platform/env.server";
import { loginSchema, signupSchema } from "./auth-forms";
import { AUTH_MESSAGES } from "~/platform/forms/auth-rules";
import { hashPassword } from "~/platform/password.server";
import { proveLeadAddress, queueEmailVerification } from "./accounts.server";
import { isLeadSignupToken } from "./lead-signup.server";
import { checkPassword } from "./password-throttle.server";
import { checkRateLimits, RATE_LIMITS } from "~/platform/rate-limit/rate-limit.server";
import { log } from "~/platform/log.server";

type Reply = SubmissionResult<string[]>;

/** What a strategy decides: a user to sign in, or a Conform reply to show with the form. */
export type AuthOutcome =
  | {
      ok: true;
      user: { id: string; isAdmin: boolean };
      redirectTo?: string;
      specialAccess: boolean;
      /** Set-Cookie headers to send with the session (the login's device cookie). */
      cookies: string[];
    }
  | { ok: false; reply: Reply; status: number };

const LOGIN_FAILED = "Invalid email or password";
// docs/product.md §8 fallbacks when something unexpected fails.
const FALLBACK_MESSAGES = { login: "An error occurred", signup: "An error occurred during signup" } as const;

/** The request's client address, its Cookie header (the device cookie) and this site's origin (emailed links). */
export type AuthContext = { clientAddress: string; cookieHeader: string | null; origin: string };

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
  loadContext: { clientAddress?: string },
): Promise<AuthOutcome> {
  const context: AuthContext = {
    clientAddress: loadContext.clientAddress ?? "unknown",
    cookieHeader: request.headers.get("Cookie"),
    origin: siteOrigin(env().PUBLIC_URL, request.url),
  };
  // The strategy consumes the body; keep a copy so a failure can still echo what was typed.
  const backup = request.clone();
  try {
    return await authenticator(context).authenticate(strategy, request);
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    log.error({ strategy, err: error }, "authentication failed");
    const submission = parseWithZod(await backup.formData(), {
      schema: strategy === "login" ? loginSchema : signupSchema,
    });
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

        const user = await findUserByEmail(email);
        const attempt = {
          email: normalizeEmail(email),
          userId: user?.id ?? null,
          clientAddress: context.clientAddress,
          cookieHeader: context.cookieHeader,
        };
        // Throttled and reserved BEFORE the password is checked, so a refusal says nothing about it.
        const check = await checkPassword(attempt, password, user?.passwordHash ?? null);
        if (check.outcome === "refused")
          return refuse(submission.reply({ formErrors: [check.message], hideFields: ["password"] }), 429);
        if (!user || check.outcome === "wrong")
          return refuse(submission.reply({ formErrors: [LOGIN_FAILED], hideFields: ["password"] }));
        const deviceCookie = check.deviceCookie;
        return {
          ok: true,
          user,
          redirectTo: redirect,
          specialAccess: special_access === "true",
          cookies: [deviceCookie],
        };
      }),
      "login",
    )
    .use(
      new FormStrategy(async ({ form }) => {
        const submission = parseWithZod(form, { schema: signupSchema });
        if (submission.status !== "success") return refuse(submission.reply({ hideFields: ["password"] }));
        const { name, email, password, redirect, lead_token } = submission.value;

        const verdict = await checkRateLimits([[RATE_LIMITS.signupPerAddress, context.clientAddress]]);
        if (!verdict.allowed)
          return refuse(submission.reply({ formErrors: [verdict.message], hideFields: ["password"] }), 429);

        const created = await createUser({ name, email, passwordHash: await hashPassword(password) });
        if (!created) {
          return refuse(
            submission.reply({
              fieldErrors: { email: [AUTH_MESSAGES.accountExists] },
              hideFields: ["password"],
            }),
          );
        }
        // A lead's confirmation email links here with a token for its address (decision 054): the
        // address is proven, and the starter product opens at once.
        if (isLeadSignupToken(lead_token, normalizeEmail(email))) {
          await proveLeadAddress(created.id);
          return {
            ok: true,
            user: { id: created.id, isAdmin: false },
            redirectTo: redirect || "/dashboard",
            specialAccess: false,
            cookies: [],
          };
        }
        // Signup proves nothing about the address: a link mailed to it does (accounts keep working meanwhile: docs/product.md §4).
        await queueEmailVerification(created.id, context.origin);
        return {
          ok: true,
          user: { id: created.id, isAdmin: false },
          redirectTo: redirect,
          specialAccess: false,
          cookies: [],
        };
      }),
      "signup",
    );
}
