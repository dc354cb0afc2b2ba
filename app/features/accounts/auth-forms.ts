import * as z from "zod/mini";
import {
  AUTH_MESSAGES as M,
  EMAIL_MAX,
  HONEYPOT_FIELD,
  isPlainName,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from "~/platform/forms/auth-rules";

/**
 * The account forms' schemas, from the limits and messages in ./auth-rules. Written with zod's mini
 * build: the reset, forgot-password and lead forms run them in the browser too (issue 12).
 */
export { HONEYPOT_FIELD, PASSWORD_MAX, PASSWORD_MIN };

export const email = z.pipe(
  z.string({ error: M.emailRequired }).check(z.trim(), z.maxLength(EMAIL_MAX, { error: M.emailTooLong })),
  z.email({ error: M.emailInvalid }),
);

/** The longest token an emailed link carries; anything longer is not one of ours. */
export const TOKEN_MAX = 200;

const redirectTarget = z.optional(z.string().check(z.maxLength(2048)));

export const honeypot = z.optional(z.string().check(z.maxLength(0, { error: M.honeypot })));

export const loginSchema = z.object({
  email,
  password: z.string({ error: M.passwordRequired }).check(z.maxLength(PASSWORD_MAX, { error: M.passwordTooLong })),
  redirect: redirectTarget,
  special_access: z.optional(z.string()),
  [HONEYPOT_FIELD]: honeypot,
});

export const newPassword = z
  .string({ error: M.passwordRequired })
  .check(
    z.minLength(PASSWORD_MIN, { error: M.newPasswordTooShort }),
    z.maxLength(PASSWORD_MAX, { error: M.newPasswordTooLong }),
  );

export const signupSchema = z.object({
  name: z
    .string({ error: M.nameRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: M.nameRequired }),
      z.maxLength(NAME_MAX, { error: M.nameTooLong }),
      z.refine(isPlainName, { error: M.nameNotPlain }),
    ),
  email,
  password: newPassword,
  redirect: redirectTarget,
  /** A lead's confirmation email links to signup with a token for its address (decision 054). */
  lead_token: z.optional(z.string()),
  [HONEYPOT_FIELD]: honeypot,
});

/** /forgot-password: the reply is the same whether or not the account exists. */
export const forgotPasswordSchema = z.object({
  email,
  [HONEYPOT_FIELD]: honeypot,
});

/** 'Email me a sign-in link' (/login/email-link, decision 055): the page to open after signing in, too. */
export const emailLinkSchema = z.object({
  email,
  redirect: redirectTarget,
  [HONEYPOT_FIELD]: honeypot,
});

/**
 * The token of an emailed link (a sign-in, verification, email-change, deletion or claim link),
 * read from the link's query and posted back by its page's one button (a GET never uses it up).
 * A missing or overlong token is the page's 'link unusable' message.
 */
export const linkTokenSchema = z.object({ token: z.string().check(z.maxLength(TOKEN_MAX)) });

/** /reset-password: the emailed token and the new password. */
export const resetPasswordSchema = z.object({
  token: z.string({ error: "This link is incomplete. Ask for a new one." }).check(z.maxLength(TOKEN_MAX)),
  password: newPassword,
});

/** /claim: the emailed token and a new password that takes the account over (decision 048). */
export const claimWithPasswordSchema = z.object({
  intent: z.optional(z.literal("password")),
  ...resetPasswordSchema.shape,
});

/** /claim signed in to the link's account: 'Add the purchase to this account', one button. */
export const claimIntoAccountSchema = z.object({ intent: z.literal("add"), token: z.optional(z.string()) });

export const claimForms = z.discriminatedUnion("intent", [claimIntoAccountSchema, claimWithPasswordSchema]);

/** /login/two-factor: a code from the app or a recovery code, and where to go after a step-up. */
export const twoFactorChallengeSchema = z.object({
  code: z.optional(z.string().check(z.maxLength(40))),
  redirect: redirectTarget,
});
