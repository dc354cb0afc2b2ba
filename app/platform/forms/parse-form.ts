import { safeParse, type $ZodType } from "zod/v4/core";
import type { FieldErrors } from "./field-errors";

/**
 * A flat form of text fields checked in the browser with the action's own zod schema, giving the
 * messages `parseWithZod` of `@conform-to/zod/v4` gives on the server, without its coercion layer
 * (which imports all of zod: issue 12). Like Conform's coercion, an empty field counts as missing.
 */
export function schemaErrors(payload: FormData | URLSearchParams, schema: $ZodType): FieldErrors {
  const fields: Record<string, string | undefined> = {};
  for (const [name, value] of payload.entries()) {
    if (typeof value === "string") fields[name] = value === "" ? undefined : value;
  }
  const result = safeParse(schema, fields);
  const errors: FieldErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) (errors[issue.path.map(String).join(".")] ??= []).push(issue.message);
  return errors;
}
