import { parseWithZod } from "@conform-to/zod/v4";
import type { $ZodType } from "zod/v4/core";

/** A form's fields: text (a list for a repeated field) or a file. */
export type PostedFields = Record<string, string | string[] | File>;

/** A posted form as a browser sends it: each field by name, a list for a repeated one. */
export function formOf(fields: PostedFields): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) data.append(name, one);
  return data;
}

/**
 * What an action's `parseWithZod` makes of a form: the value it takes, or the messages by field
 * it answers with ("" for the form's own).
 */
export function submit<Schema extends $ZodType>(schema: Schema, fields: PostedFields | FormData) {
  const submission = parseWithZod(fields instanceof FormData ? fields : formOf(fields), { schema });
  return submission.status === "success"
    ? { value: submission.value, error: undefined }
    : { value: undefined, error: submission.error ?? {} };
}

/** The messages of a refused form by field name; {} when it was accepted. */
export function errorsOf<Schema extends $ZodType>(schema: Schema, fields: PostedFields) {
  return submit(schema, fields).error ?? {};
}

/** The values of an accepted form; throws with its messages when the form was refused. */
export function valueOf<Schema extends $ZodType>(schema: Schema, fields: PostedFields) {
  const result = submit(schema, fields);
  if (result.error) throw new Error(`refused: ${JSON.stringify(result.error)}`);
  return result.value;
}
