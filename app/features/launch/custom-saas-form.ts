import * as z from "zod/mini";
import type { CustomSaasHosting } from "~/platform/db/db-schema";
import { HOSTING_OPTIONS } from "./custom-saas";

/** A required text of the form: trimmed, at most `max` characters; empty or too long, one message. */
const requiredText = (max: number, message: string) =>
  z
    .string({ error: message })
    .check(z.trim(), z.minLength(1, { error: message }), z.maxLength(max, { error: message }));

const HOSTING_VALUES = HOSTING_OPTIONS.map((option) => option.value) as [CustomSaasHosting, ...CustomSaasHosting[]];

/**
 * The /custom-saas/apply form (docs/product.md §2 "Custom SaaS application", decision 051), read by
 * the action and checked by the browser. zod's mini build: the page runs it.
 */
export const applicationSchema = z.object({
  projectName: requiredText(120, "Enter a project name (up to 120 characters)."),
  description: requiredText(5000, "Describe your app (up to 5,000 characters)."),
  availability: requiredText(500, "Tell us when you are available (up to 500 characters)."),
  hosting: z.enum(HOSTING_VALUES, { error: "Choose a hosting preference." }),
});

export type ApplicationInput = z.output<typeof applicationSchema>;
