import * as z from "zod/mini";
import { email, HONEYPOT_FIELD, honeypot } from "./auth";

/** The /special-access form, shared by the action and the browser (Conform); zod's mini build, as in ./auth. */
export const leadSchema = z.object({
  email,
  name: z.optional(
    z.string().check(z.trim(), z.maxLength(100, { error: "First name must be at most 100 characters" })),
  ),
  [HONEYPOT_FIELD]: honeypot,
});
