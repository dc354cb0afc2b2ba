import * as z from "zod/mini";
import type { Catalogue } from "~/features/catalogue";
import { checkMember } from "./member-import";
import { isUuid } from "~/platform/uuid";

/**
 * The admin member pages' forms (docs/product.md "Admin: members"), one schema each, parsed with
 * Conform by their actions. Each page says a refused form in one message (a flash, or an alert
 * above the form), so the schemas are not loaded in the browser.
 */
export const MEMBER_FORM_MESSAGES = {
  unknownAction: "Unknown action.",
  chooseFile: "Choose a CSV file to import.",
} as const;

const optionalText = z._default(z.string(), "");
/** A checkbox sent as `value="yes"` when it is ticked. */
const ticked = z.pipe(
  z.optional(z.string()),
  z.transform((value) => value === "yes"),
);
const intent = <const Name extends string>(name: Name) =>
  z.literal(name, { error: MEMBER_FORM_MESSAGES.unknownAction });

/** 'Refund' of a Stripe order (its checks are the refund's own: billing's `refundStripeOrder`). */
export const refundFormSchema = z.object({
  intent: intent("refund"),
  order: optionalText,
  reason: optionalText,
  confirmLate: ticked,
});

/** The sign-in help page's buttons. */
export const signInHelpFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("send-link") }),
    z.object({ intent: z.literal("sign-out") }),
    z.object({ intent: z.literal("remove-2fa") }),
  ],
  { error: MEMBER_FORM_MESSAGES.unknownAction },
);

/** The privacy page's 'Export personal data' and 'Erase member' (whose checks are privacy's `eraseMemberByAdmin`). */
export const memberPrivacyFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("export") }),
    z.object({ intent: z.literal("erase"), reason: optionalText, confirm_email: optionalText }),
  ],
  { error: MEMBER_FORM_MESSAGES.unknownAction },
);

/** 'Export personal data' as its own address posts it. */
export const memberExportFormSchema = z.object({ intent: intent("export") });

/** The import's two steps: the file to preview, then the confirmation of the file previewed. */
export const memberImportFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("preview"),
      file: z
        .file({ error: MEMBER_FORM_MESSAGES.chooseFile })
        .check(z.minSize(1, { error: MEMBER_FORM_MESSAGES.chooseFile })),
      invite: ticked,
    }),
    z.object({ intent: z.literal("confirm"), csv: optionalText, fileName: optionalText, invite: ticked }),
  ],
  { error: MEMBER_FORM_MESSAGES.chooseFile },
);

/** What 'Add member' says for each problem `checkMember` finds. */
const ADD_MEMBER_ERRORS: Record<string, string> = {
  "invalid email": "Enter a valid email address.",
  "invalid name": "Enter the name on one line, without special characters.",
  "no products": "Choose at least one product.",
  "no reason": "Please give a reason.",
  "invalid expiry date": "Enter 'Expires on' as a date (YYYY-MM-DD).",
  "expires in the past": "'Expires on' must be today or a later date.",
};

/** The 'Add member' form as typed: what a refused one sends back, to fill the form in again. */
export const addMemberFieldsSchema = z.object({
  email: z.catch(optionalText, ""),
  name: z.catch(optionalText, ""),
  products: z.catch(z._default(z.array(z.string()), []), []),
  reason: z.catch(optionalText, ""),
  expiresOn: z.catch(optionalText, ""),
  invite: z.catch(ticked, false),
});

/**
 * 'Add member' (decision 055): the rules of `checkMember`, which the import's rows follow too,
 * against the catalogue as it is now.
 */
export const addMemberFormSchema = (catalogue: Catalogue) =>
  z.pipe(
    addMemberFieldsSchema,
    z.transform((form, ctx) => {
      const checked = checkMember({ ...form, expires: form.expiresOn }, catalogue, new Date());
      if (checked.ok) return { ...checked.input, invite: form.invite };
      const message = ADD_MEMBER_ERRORS[checked.error] ?? `Check the form: ${checked.error}.`;
      ctx.issues.push({ code: "custom", message, input: form });
      return z.NEVER;
    }),
  );

/** /admin/emails's 'Retry now' on a failed message; `status` is the list's filter, kept on the way back. */
export const retryEmailFormSchema = z.object({
  intent: intent("retry"),
  id: z
    .string({ error: MEMBER_FORM_MESSAGES.unknownAction })
    .check(z.refine((id) => isUuid(id), { error: MEMBER_FORM_MESSAGES.unknownAction })),
  status: z.optional(z.string()),
});
