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
  nameNotPlain: "Full name cannot contain line breaks, web addresses or email addresses",
  honeypot: "Your submission could not be processed.",
  /** The signup refusal for a taken address; the signup page adds links to sign in or reset. */
  accountExists: "An account with this email already exists. Sign in instead.",
} as const;

/**
 * Characters that end a line or reorder what follows: control characters (line breaks, tabs),
 * Unicode's line and paragraph separators, and the bidirectional overrides and isolates.
 */
const NOT_ONE_LINE = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

/**
 * What a mail client could show as a link, or a reader could type as one: "://" (any scheme), an
 * "@" (an email address), a host name (two labels joined by a dot, the last of two letters or
 * more: "evil.example", "www.evil.co"; the full stops of other scripts count, as browsers read
 * them as dots in an address) and a numeric IPv4 address. Deliberately broad: a real name with
 * "word.word" (no space after the dot) is refused too, which is a small price for names that
 * never carry an address.
 */
const WEB_OR_EMAIL_ADDRESS = /:\s*[/\\]{2}|@|[\p{L}\p{N}-][.\u3002\uFF0E\uFF61]\p{L}{2,}|\d{1,3}(?:\.\d{1,3}){3}/u;

/**
 * A name is one line of plain text without a web or email address (decision 050). Names are
 * printed in mail sent to addresses nobody has proven yet, so "Click http://evil.example" and a
 * blank line before a stranger's own paragraph must not get in (signup, /account, the lead form),
 * and mail shows a neutral greeting for a stored name that fails this (`nameForMail`).
 */
export function isPlainName(name: string): boolean {
  return !NOT_ONE_LINE.test(name) && !WEB_OR_EMAIL_ADDRESS.test(name);
}
