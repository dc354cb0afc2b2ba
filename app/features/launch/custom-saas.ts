import type { CustomSaasHosting, CustomSaasStatus } from "~/platform/db/db-schema";

/** The /custom-saas/apply form (docs/product.md §2 "Custom SaaS application"), pure so it is tested alone. */
export const HOSTING_OPTIONS: ReadonlyArray<{ value: CustomSaasHosting; label: string }> = [
  { value: "recommend", label: "Recommend hosting for me" },
  { value: "own", label: "I have my own hosting provider" },
  { value: "undecided", label: "Not sure yet" },
];

export const APPLICATION_STATUSES: ReadonlyArray<{ value: CustomSaasStatus; label: string }> = [
  { value: "new", label: "New" },
  { value: "in_progress", label: "In progress" },
  { value: "delivered", label: "Delivered" },
  { value: "refunded", label: "Refunded" },
];

export const APPLICATION_RECEIVED = "Application received. We reply within 24 hours.";

export type ApplicationForm = { projectName: string; description: string; availability: string; hosting: string };
export type ApplicationInput = {
  projectName: string;
  description: string;
  availability: string;
  hosting: CustomSaasHosting;
};

export function parseApplication(
  form: ApplicationForm,
): { ok: true; value: ApplicationInput } | { ok: false; errors: Partial<Record<keyof ApplicationForm, string>> } {
  const errors: Partial<Record<keyof ApplicationForm, string>> = {};
  const projectName = form.projectName.trim();
  const description = form.description.trim();
  const availability = form.availability.trim();
  if (projectName.length < 1 || projectName.length > 120)
    errors.projectName = "Enter a project name (up to 120 characters).";
  if (description.length < 1 || description.length > 5000)
    errors.description = "Describe your app (up to 5,000 characters).";
  if (availability.length < 1 || availability.length > 500)
    errors.availability = "Tell us when you are available (up to 500 characters).";
  const hosting = HOSTING_OPTIONS.find((option) => option.value === form.hosting)?.value;
  if (!hosting) errors.hosting = "Choose a hosting preference.";
  if (Object.keys(errors).length > 0 || !hosting) return { ok: false, errors };
  return { ok: true, value: { projectName, description, availability, hosting } };
}
