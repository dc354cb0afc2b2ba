import * as z from "zod/mini";
import { AUDIENCE_LABELS, type Audience } from "./marketing-email";
import { isUuid } from "~/platform/uuid";

/**
 * The list's admin forms (decision 054): a training step and an announcement. One schema each,
 * parsed by the actions with Conform and checked with it in the browser (`useSchemaForm`); zod's
 * mini build, as the admin pages load them.
 */
export const SUBJECT_MAX = 200;
export const BODY_MAX = 20_000;
/** A year: a later step is a mistake. */
export const DELAY_MAX_HOURS = 8760;

export const LIST_FORM_MESSAGES = {
  subjectRequired: "Enter a subject.",
  subjectTooLong: `The subject must be at most ${SUBJECT_MAX} characters.`,
  subjectNotOneLine: "The subject must be one line.",
  bodyRequired: "Enter the body.",
  bodyTooLong: `The body must be at most ${BODY_MAX} characters.`,
  unknownStep: "Unknown step.",
  delayInvalid: "Send after a whole number of hours or days, at most a year.",
  audienceRequired: "Choose who receives it.",
} as const;
const M = LIST_FORM_MESSAGES;

const subject = z.string({ error: M.subjectRequired }).check(
  z.trim(),
  z.minLength(1, { error: M.subjectRequired }),
  z.maxLength(SUBJECT_MAX, { error: M.subjectTooLong }),
  // A line break in a subject would be a header injection; the subject is one line.
  z.refine((value) => !/[\r\n]/.test(value), { error: M.subjectNotOneLine }),
);

const body = z
  .string({ error: M.bodyRequired })
  .check(z.trim(), z.minLength(1, { error: M.bodyRequired }), z.maxLength(BODY_MAX, { error: M.bodyTooLong }));

/** 'Send after' in hours: the amount typed times its unit (a day is 24 hours); null when it is no whole number from 0. */
export function stepDelayHours(step: { delay?: string; unit?: string }): number | null {
  const amount = Number((step.delay ?? "").trim());
  if (step.delay === undefined || !Number.isInteger(amount) || amount < 0) return null;
  return amount * (step.unit === "days" ? 24 : 1);
}

/** A step of the "Lead training" sequence: when it is sent, its subject and its body (Markdown). */
export const stepFormSchema = z
  .object({
    id: z.string({ error: M.unknownStep }).check(z.refine((id) => isUuid(id), { error: M.unknownStep })),
    delay: z.optional(z.string()),
    unit: z.optional(z.string()),
    subject,
    body,
  })
  .check(
    // The delay depends on its unit, so it is checked on the whole form; always, so its message
    // shows with the others.
    z.superRefine(
      (step, ctx) => {
        const hours = stepDelayHours(step);
        if (hours === null || hours > DELAY_MAX_HOURS)
          ctx.addIssue({ code: "custom", message: M.delayInvalid, path: ["delay"], input: step.delay });
      },
      { when: (payload) => typeof payload.value === "object" && payload.value !== null },
    ),
  );

const AUDIENCES = Object.keys(AUDIENCE_LABELS) as [Audience, ...Audience[]];

/** A new announcement: its subject, body (Markdown) and who receives it. */
export const announcementFormSchema = z.object({
  subject,
  body,
  audience: z.enum(AUDIENCES, { error: M.audienceRequired }),
});

/** What the list's admin writes with: a step (its delay in hours) and an announcement. */
export type ListAdminInput = {
  step: { id: string; delayHours: number; subject: string; body: string };
  announcement: z.infer<typeof announcementFormSchema>;
};

/** /admin/leads's 'Delete lead'; `q` is the search, kept on the way back. */
export const deleteLeadFormSchema = z.object({
  intent: z.literal("delete", { error: "Unknown action." }),
  id: z.string({ error: "Unknown action." }).check(z.refine((id) => isUuid(id), { error: "Unknown action." })),
  q: z._default(z.string(), ""),
});
