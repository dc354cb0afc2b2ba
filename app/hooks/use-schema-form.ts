import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/**
 * A Conform form validated in the browser by the same zod schema the action parses with: first
 * on leaving a field, then on every keystroke once it showed an error. `lastResult` is the
 * action's `submission.reply()`, so the server's verdict shows with or without JavaScript.
 * `defaultValue` fills fields in on first render (the signup form's email from a link, say).
 */
export function useSchemaForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: Schema,
  lastResult: SubmissionResult<string[]> | null | undefined,
  defaultValue?: Parameters<typeof useForm<z.input<Schema>, z.output<Schema>, string[]>>[0]["defaultValue"]
) {
  return useForm<z.input<Schema>, z.output<Schema>, string[]>({
    lastResult,
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}
