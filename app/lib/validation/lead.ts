import { z } from "zod";
import { email, HONEYPOT_FIELD, honeypot } from "./auth";

/** The /special-access form, shared by the action and the browser (Conform). */
export const leadSchema = z.object({
  email,
  name: z.string().trim().max(100, { error: "First name must be at most 100 characters" }).optional(),
  [HONEYPOT_FIELD]: honeypot,
});
