import * as z from "zod/mini";
import { email, newPassword, PASSWORD_MAX } from "./auth-forms";
import { MOVED_INTENTS, UNKNOWN_INTENT_MESSAGE } from "./account-pages";
import { isPlainName, NAME_MAX } from "~/platform/forms/auth-rules";

/**
 * The forms of the account pages (/account, /account/security, /account/sessions,
 * /account/two-factor): one schema per form, each with its `intent`, and per page the union of its
 * forms on `intent`. The action parses with the union (Conform's `parseWithZod`) and answers with
 * one flash message, the first problem's; the browser checks a form with the form's own schema.
 * zod's mini build: the pages run them in the browser too (issue 12).
 */
const unknownIntent = { error: UNKNOWN_INTENT_MESSAGE };

const NAME_REQUIRED = "Your name is required";
const CURRENT_PASSWORD_REQUIRED = "Enter your current password";

/** A field some states of a form leave out (the password within 10 minutes of typing it, say). */
const optionalText = (max: number) => z.optional(z.string().check(z.maxLength(max)));

/** A code from an authentication app or a recovery code (./two-factor-rules reads it). */
const code = optionalText(40);
/** The current password where a form asks for it only when this session has not proved it lately (decision 047). */
const passwordIfAsked = optionalText(PASSWORD_MAX);

const currentPassword = z
  .string({ error: CURRENT_PASSWORD_REQUIRED })
  .check(
    z.minLength(1, { error: CURRENT_PASSWORD_REQUIRED }),
    z.maxLength(PASSWORD_MAX, { error: "Password is too long" }),
  );

/** /account 'Profile': the name. */
export const nameForm = z.object({
  intent: z.literal("name"),
  name: z
    .string({ error: NAME_REQUIRED })
    .check(
      z.trim(),
      z.minLength(1, { error: NAME_REQUIRED }),
      z.maxLength(NAME_MAX, { error: `Your name must be at most ${NAME_MAX} characters` }),
      z.refine(isPlainName, { error: "Your name cannot contain line breaks, web addresses or email addresses" }),
    ),
});

/** /account 'Email': a new address, proved by a link mailed to it. */
export const emailChangeForm = z.object({ intent: z.literal("email"), email, current_password: currentPassword });

/** /account 'Resend verification email': one button. */
export const resendVerificationForm = z.object({ intent: z.literal("resend-verification") });

/** A form of the old single page that another page answers now (the action sends it on with a 307). */
const movedForm = z.object({
  intent: z.enum(Object.keys(MOVED_INTENTS) as [keyof typeof MOVED_INTENTS, ...Array<keyof typeof MOVED_INTENTS>]),
});

export const profileForms = z.discriminatedUnion(
  "intent",
  [nameForm, emailChangeForm, resendVerificationForm, movedForm],
  unknownIntent,
);

/** /account/security 'Password': a repeated new password, when a client sends one, must match. */
export const passwordChangeForm = z
  .object({
    intent: z.literal("password"),
    current_password: currentPassword,
    new_password: newPassword,
    confirm_password: z.optional(z.string()),
  })
  .check(
    z.refine((value) => value.confirm_password === undefined || value.confirm_password === value.new_password, {
      error: "The new passwords do not match",
      path: ["confirm_password"],
    }),
  );

/** /account/security 'Disable two-factor authentication': the password if asked, and a code. */
export const disableTwoFactorForm = z.object({
  intent: z.literal("disable-2fa"),
  current_password: passwordIfAsked,
  code,
});

export const securityForms = z.discriminatedUnion("intent", [passwordChangeForm, disableTwoFactorForm], unknownIntent);

/** /account/sessions 'Sign out' of one other session (its id hash, from the page). */
export const signOutSessionForm = z.object({ intent: z.literal("sign-out-session"), session: optionalText(200) });

/** /account/sessions 'Sign out other sessions': one button. */
export const signOutOthersForm = z.object({ intent: z.literal("sign-out-others") });

export const sessionForms = z.discriminatedUnion("intent", [signOutSessionForm, signOutOthersForm], unknownIntent);

/** /account/two-factor, posted from /account/security: 'Set up two-factor authentication'. */
export const startTwoFactorForm = z.object({ intent: z.literal("start"), current_password: passwordIfAsked });

/** /account/two-factor: the set-up's 'Verify', with the first code of the app. */
export const confirmTwoFactorForm = z.object({
  intent: z.literal("confirm"),
  current_password: passwordIfAsked,
  code,
});

/** /account/two-factor, posted from /account/security: 'Regenerate recovery codes'. */
export const regenerateCodesForm = z.object({
  intent: z.literal("regenerate"),
  current_password: passwordIfAsked,
  code,
});

export const twoFactorForms = z.discriminatedUnion(
  "intent",
  [startTwoFactorForm, confirmTwoFactorForm, regenerateCodesForm],
  unknownIntent,
);

/** The recovery codes' 'Download': the page posts back the codes it shows. */
export const recoveryCodesForm = z.object({ code: z.optional(z.array(z.string())) });

/** A failed parse's errors (Conform's `submission.error`) as one message for a flash: the first. */
export function firstError(error: Record<string, string[] | null> | null | undefined): string {
  for (const messages of Object.values(error ?? {})) if (messages?.[0]) return messages[0];
  return "Please check the form and try again";
}
