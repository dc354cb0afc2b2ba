import { useForm, type SubmissionResult } from "@conform-to/react";
import type { $ZodType, input, output } from "zod/v4/core";
import { parseFlatForm } from "~/lib/validation/parse-form";

/**
 * A Conform form validated in the browser by the same zod schema the action parses with: first
 * on leaving a field, then on every keystroke once it showed an error. `lastResult` is the
 * action's `submission.reply()`, so the server's verdict shows with or without JavaScript. The
 * browser parses with `parseFlatForm` (no Conform zod coercion layer, which imports all of zod)
 * and the schemas are zod's mini build, so the forms ship only what they use (issue 12).
 */
export function useSchemaForm<Schema extends $ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: Schema,
  lastResult: SubmissionResult<string[]> | null | undefined,
) {
  return useForm<input<Schema>, output<Schema>, string[]>({
    lastResult,
    onValidate: ({ formData }) => parseFlatForm(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}
