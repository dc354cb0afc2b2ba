import type { $ZodType, input } from "zod/v4/core";
import { schemaErrors } from "./parse-form";
import { useValidatedForm, type FormReply } from "./use-validated-form";

/**
 * A form validated in the browser by the same zod schema the action parses with (zod's mini build,
 * so the forms ship only what they use: issue 12). `lastResult` is the action's
 * `submission.reply()`, so the server's verdict shows with or without JavaScript.
 */
export function useSchemaForm<Schema extends $ZodType<Record<string, unknown>>>(
  schema: Schema,
  lastResult: FormReply | null | undefined,
) {
  return useValidatedForm<keyof input<Schema> & string>({
    lastResult,
    validate: (_form, formData) => schemaErrors(formData, schema),
  });
}
