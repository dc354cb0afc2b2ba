import { z } from "zod";
import { email, newPassword, PASSWORD_MAX } from "./auth-forms";
import { isPlainName } from "~/platform/forms/auth-rules";

/** The forms of /account. Each answers with one clear message, so the first problem is enough. */
export const nameSchema = z.object({
  name: z
    .string({ error: "Your name is required" })
    .trim()
    .min(1, { error: "Your name is required" })
    .max(100, { error: "Your name must be at most 100 characters" })
    .refine(isPlainName, { error: "Your name cannot contain line breaks, web addresses or email addresses" }),
});

const currentPassword = z
  .string({ error: "Enter your current password" })
  .min(1, { error: "Enter your current password" })
  .max(PASSWORD_MAX, { error: "Password is too long" });

export const emailChangeSchema = z.object({ email, current_password: currentPassword });

export const passwordChangeSchema = z
  .object({ current_password: currentPassword, new_password: newPassword, confirm_password: z.string().optional() })
  .refine((value) => value.confirm_password === undefined || value.confirm_password === value.new_password, {
    error: "The new passwords do not match",
  });

/** The first message of a failed parse, for a flash. */
export function firstError(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Please check the form and try again";
}
