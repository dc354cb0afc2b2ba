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
  [HONEYPOT_FIELD]: honeypot,
});

/** /forgot-password: the reply is the same whether or not the account exists. */
export const forgotPasswordSchema = z.object({
  email,
  [HONEYPOT_FIELD]: honeypot,
});

/** /reset-password: the emailed token and the new password. */
export const resetPasswordSchema = z.object({
  token: z.string({ error: "This link is incomplete. Ask for a new one." }).check(z.maxLength(200)),
  password: newPassword,
});
