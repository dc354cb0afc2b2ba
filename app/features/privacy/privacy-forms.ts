import * as z from "zod/mini";
import { UNKNOWN_INTENT_MESSAGE } from "~/features/accounts";
import { CONSENT_CHOICES } from "./consent-rules";

/**
 * The privacy feature's forms: /account/privacy's two (issue 29, decision 056) and the cookie
 * choice posted to /consent. What a deletion's answers must match (the account's own address, its
 * password, a current code) only the server knows: privacy.server checks them, one message each.
 */

/** 'Download my data': one button (the file's own URL answers it; posted to the page, it is sent on). */
export const exportDataForm = z.object({ intent: z.literal("export") });

/** 'Delete my account': the address typed to confirm, and the password and code where the account has them. */
export const deleteAccountForm = z.object({
  intent: z.literal("delete"),
  confirm_email: z.optional(z.string()),
  current_password: z.optional(z.string()),
  code: z.optional(z.string()),
});

export const privacyForms = z.discriminatedUnion("intent", [exportDataForm, deleteAccountForm], {
  error: UNKNOWN_INTENT_MESSAGE,
});

export const BAD_CONSENT_CHOICE = "Choose Decline, Essential Only or Accept All.";

/**
 * /consent: the choice, where to go back to without JavaScript, and `respond=data` from the
 * banner's fetcher (which wants data, not a redirect).
 */
export const consentForm = z.object({
  choice: z.enum(CONSENT_CHOICES, { error: BAD_CONSENT_CHOICE }),
  returnTo: z.optional(z.string()),
  respond: z.optional(z.string()),
});
