import { parseWithZod } from "@conform-to/zod/v4";
import type { $ZodType } from "zod/v4/core";

/** A posted form as a browser sends it: each field by name, a list for a repeated one. */
export function formData(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) data.append(name, one);
  return data;
}

/** What an action reads from `fields` with `schema`: Conform's parse, as the server does it. */
export function submit<Schema extends $ZodType>(schema: Schema, fields: Record<string, string | string[]>) {
  return parseWithZod(formData(fields), { schema });
}

/** The messages of a refused form by field name (Conform's `submission.error`); {} when it was accepted. */
export function errorsOf<Schema extends $ZodType>(schema: Schema, fields: Record<string, string | string[]>) {
  const submission = submit(schema, fields);
  return submission.status === "success" ? {} : (submission.error ?? {});
}

/** The values of an accepted form; throws with its messages when the form was refused. */
export function valueOf<Schema extends $ZodType>(schema: Schema, fields: Record<string, string | string[]>) {
  const submission = submit(schema, fields);
  if (submission.status !== "success") throw new Error(`refused: ${JSON.stringify(submission.error)}`);
  return submission.value;
}
