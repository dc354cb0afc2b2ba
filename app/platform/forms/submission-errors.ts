/** The errors of a refused Conform submission (`submission.error`): messages by field name, "" for the form's own. */
export type SubmissionErrors = Record<string, string[] | null> | null | undefined;

/**
 * The first message of a refused submission, in the order the schema checks its fields: what a
 * form that shows one message at a time (a flash, an alert above the form) says.
 */
export function firstError(errors: SubmissionErrors): string {
  return Object.values(errors ?? {}).find((messages) => messages?.length)?.[0] ?? "";
}

/** The first message of each field of a refused submission (forms that show one message per field). */
export function fieldErrors(errors: SubmissionErrors): Record<string, string> {
  const first: Record<string, string> = {};
  for (const [name, messages] of Object.entries(errors ?? {})) if (messages?.[0]) first[name] = messages[0];
  return first;
}
