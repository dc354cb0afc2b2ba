/**
 * The account forms' limits and messages, without zod: the zod schemas (./auth) are built from
 * them for the server, and /login and /signup check the same rules in the browser through the
 * inputs' own constraints (./constraint-validation), so those pages ship no schema library at all.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;
export const NAME_MAX = 100;

/** Spam bots fill every field; people never see this one. */
export const HONEYPOT_FIELD = "website";

export const AUTH_MESSAGES = {
  emailRequired: "Email address is required",
  emailTooLong: "Email address is too long",
  emailInvalid: "Enter a valid email address",
  passwordRequired: "Password is required",
  passwordTooLong: "Password is too long",
  newPasswordTooShort: `Password must be at least ${PASSWORD_MIN} characters`,
  newPasswordTooLong: `Password must be at most ${PASSWORD_MAX} characters`,
  nameRequired: "Full name is required",
  nameTooLong: `Full name must be at most ${NAME_MAX} characters`,
  honeypot: "Your submission could not be processed.",
  /** The signup refusal for a taken address; the signup page adds links to sign in or reset. */
  accountExists: "An account with this email already exists. Sign in instead.",
} as const;
