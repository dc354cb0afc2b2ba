import { z } from "zod";

/** Shared by the server actions and the browser (Conform), so both say the same thing. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const email = z
  .string({ error: "Email address is required" })
  .trim()
  .max(254, { error: "Email address is too long" })
  .pipe(z.email({ error: "Enter a valid email address" }));

const redirectTarget = z.string().max(2048).optional();

/** Spam bots fill every field; people never see this one. */
export const HONEYPOT_FIELD = "website";

/** The signup refusal for a taken address; the signup page adds links to sign in or reset. */
export const ACCOUNT_EXISTS_MESSAGE = "An account with this email already exists. Sign in instead.";
export const honeypot = z.string().max(0, { error: "Your submission could not be processed." }).optional();

export const loginSchema = z.object({
  email,
  password: z.string({ error: "Password is required" }).max(PASSWORD_MAX, { error: "Password is too long" }),
  redirect: redirectTarget,
  special_access: z.string().optional(),
  [HONEYPOT_FIELD]: honeypot,
});

export const newPassword = z
  .string({ error: "Password is required" })
  .min(PASSWORD_MIN, { error: `Password must be at least ${PASSWORD_MIN} characters` })
  .max(PASSWORD_MAX, { error: `Password must be at most ${PASSWORD_MAX} characters` });

export const signupSchema = z.object({
  name: z
    .string({ error: "Full name is required" })
    .trim()
    .min(1, { error: "Full name is required" })
    .max(100, { error: "Full name must be at most 100 characters" }),
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
  token: z.string({ error: "This link is incomplete. Ask for a new one." }).max(200),
  password: newPassword,
});
