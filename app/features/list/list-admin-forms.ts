import { isAudience, type Audience } from "./marketing-email";
import { isUuid } from "~/platform/uuid";

/** The list's admin forms (decision 054): a training step and an announcement. */
export type ListAdminInput = {
  step: { id: string; delayHours: number; subject: string; body: string };
  announcement: { subject: string; body: string; audience: Audience };
};

type Parsed<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string> };

const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value.trim() : "");
export const SUBJECT_MAX = 200;
export const BODY_MAX = 20_000;
/** A year: a later step is a mistake. */
export const DELAY_MAX_HOURS = 8760;

function subjectAndBody(form: FormData, errors: Record<string, string>) {
  const subject = text(form.get("subject"));
  const body = text(form.get("body"));
  if (!subject) errors.subject = "Enter a subject.";
  else if (subject.length > SUBJECT_MAX) errors.subject = `The subject must be at most ${SUBJECT_MAX} characters.`;
  // A line break in a subject would be a header injection; the subject is one line.
  else if (/[\r\n]/.test(subject)) errors.subject = "The subject must be one line.";
  if (!body) errors.body = "Enter the body.";
  else if (body.length > BODY_MAX) errors.body = `The body must be at most ${BODY_MAX} characters.`;
  return { subject, body };
}

export function parseStepForm(form: FormData): Parsed<ListAdminInput["step"]> {
  const errors: Record<string, string> = {};
  const id = form.get("id");
  if (!isUuid(id)) errors.form = "Unknown step.";
  const amount = Number(text(form.get("delay")));
  const unit = form.get("unit") === "days" ? 24 : 1;
  const delayHours = amount * unit;
  if (!Number.isInteger(amount) || amount < 0 || delayHours > DELAY_MAX_HOURS)
    errors.delay = "Send after a whole number of hours or days, at most a year.";
  const { subject, body } = subjectAndBody(form, errors);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { id: id as string, delayHours, subject, body } };
}

export function parseAnnouncementForm(form: FormData): Parsed<ListAdminInput["announcement"]> {
  const errors: Record<string, string> = {};
  const { subject, body } = subjectAndBody(form, errors);
  const audience = form.get("audience");
  if (!isAudience(audience)) errors.audience = "Choose who receives it.";
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { subject, body, audience: audience as Audience } };
}
