import type { CustomSaasHosting, CustomSaasStatus } from "~/platform/db/db-schema";

/** The /custom-saas/apply form's hosting choices (docs/product.md §2 "Custom SaaS application"); its schema is ./custom-saas-form. */
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
