import { formatDay } from "~/platform/dates";

export const GRANT_REASON_MAX = 500;

export type GrantForm = { reason: string; expiresOn: string };

export type GrantInput = { reason: string; expiresAt: Date | null };

/**
 * The 'Grant complimentary access' form. A reason is required; 'Expires on' is optional and
 * means access lasts through that day (UTC), so it must be today or later.
 */
export function parseGrantForm(
  form: GrantForm,
  now: Date,
): { ok: true; value: GrantInput } | { ok: false; error: string } {
  const reason = form.reason.trim();
  if (!reason) return { ok: false, error: "Please give a reason for the complimentary access." };
  if (reason.length > GRANT_REASON_MAX)
    return { ok: false, error: `The reason must be at most ${GRANT_REASON_MAX} characters.` };
  const day = form.expiresOn.trim();
  if (!day) return { ok: true, value: { reason, expiresAt: null } };
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const start = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!start || Number.isNaN(start.getTime()) || start.toISOString().slice(0, 10) !== day) {
    return { ok: false, error: "Enter 'Expires on' as a date (YYYY-MM-DD)." };
  }
  const expiresAt = new Date(start.getTime() + 24 * 60 * 60 * 1000);
  if (expiresAt <= now) return { ok: false, error: "'Expires on' must be today or a later date." };
  return { ok: true, value: { reason, expiresAt } };
}

/** The last day a grant still gives access ('Expires on'): the day before the moment it ends. */
export const lastDay = (expiresAt: string | Date) => formatDay(new Date(new Date(expiresAt).getTime() - 1));
