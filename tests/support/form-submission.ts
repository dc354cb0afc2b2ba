import { parseWithZod } from "@conform-to/zod/v4";
import type { $ZodType } from "zod/v4/core";

/** A posted form of text fields (and files), as a browser sends it. */
export function formOf(fields: Record<string, string | File>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

/**
 * What an action's `parseWithZod` makes of a form: the value it takes, or the messages by field
 * it answers with ("" for the form's own).
 */
export function submit<Schema extends $ZodType>(schema: Schema, fields: Record<string, string | File> | FormData) {
  const submission = parseWithZod(fields instanceof FormData ? fields : formOf(fields), { schema });
  return submission.status === "success"
    ? { value: submission.value, error: undefined }
    : { value: undefined, error: submission.error ?? {} };
}
