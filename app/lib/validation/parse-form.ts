import { formatPaths, parse, type Submission } from "@conform-to/dom";
import { safeParse, type $ZodType, type output } from "zod/v4/core";

/**
 * Conform's parse with a zod schema, for the browser: what `parseWithZod` from
 * `@conform-to/zod/v4` does for our flat forms of text fields, without its coercion layer, which
 * imports all of zod (issue 12: /login and /signup carried 100 KiB of it). Like Conform's default
 * coercion, an empty field counts as missing, so the messages are the server's exactly.
 */
export function parseFlatForm<Schema extends $ZodType>(
  payload: FormData | URLSearchParams,
  { schema }: { schema: Schema },
): Submission<output<Schema>> {
  return parse(payload, {
    resolve(value) {
      const fields = Object.fromEntries(
        Object.entries(value).map(([name, field]) => [name, field === "" ? undefined : field]),
      );
      const result = safeParse(schema, fields);
      if (result.success) return { value: result.data as output<Schema> };
      const error: Record<string, string[]> = {};
      for (const issue of result.error.issues) {
        const name = formatPaths(issue.path.filter((part): part is string | number => typeof part !== "symbol"));
        (error[name] ??= []).push(issue.message);
      }
      return { error };
    },
  });
}
