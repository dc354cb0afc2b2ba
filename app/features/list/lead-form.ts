import * as z from "zod/mini";
import { email, HONEYPOT_FIELD, honeypot } from "~/features/accounts";
import { isPlainName } from "~/platform/forms/auth-rules";

/** The /special-access form, shared by the action and the browser (Conform); zod's mini build, as in ./auth. */
export const leadSchema = z.object({
  email,
  name: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(100, { error: "First name must be at most 100 characters" }),
        z.refine(isPlainName, { error: "First name cannot contain line breaks, web addresses or email addresses" }),
      ),
  ),
  [HONEYPOT_FIELD]: honeypot,
});
