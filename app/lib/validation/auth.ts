import * as z from "zod/mini";

/**
 * Shared by the server actions and the browser (Conform), so both say the same thing. Written
 * with zod's mini build: these schemas run in the browser on /login and /signup, and the mini
 * build ships only what they use instead of all of zod (issue 12).
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const email = z.pipe(
  z.string({ error: "Email address is required" }).check(
    z.trim(),
    z.maxLength(254, { error: "Email address is too long" }),
  ),
  z.email({ error: "Enter a valid email address" }),
);

const redirectTarget = z.optional(z.string().check(z.maxLength(2048)));

/** Spam bots fill every field; people never see this one. */
export const HONEYPOT_FIELD = "website";
export const honeypot = z.optional(z.string().check(z.maxLength(0, { error: "Your submission could not be processed." })));

export const loginSchema = z.object({
  email,
  password: z.string({ error: "Password is required" }).check(z.maxLength(PASSWORD_MAX, { error: "Password is too long" })),
  redirect: redirectTarget,
  special_access: z.optional(z.string()),
  [HONEYPOT_FIELD]: honeypot,
});

export const newPassword = z.string({ error: "Password is required" }).check(
  z.minLength(PASSWORD_MIN, { error: `Password must be at least ${PASSWORD_MIN} characters` }),
  z.maxLength(PASSWORD_MAX, { error: `Password must be at most ${PASSWORD_MAX} characters` }),
);

export const signupSchema = z.object({
  name: z.string({ error: "Full name is required" }).check(
    z.trim(),
    z.minLength(1, { error: "Full name is required" }),
    z.maxLength(100, { error: "Full name must be at most 100 characters" }),
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
