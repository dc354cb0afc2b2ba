import { parseWithZod } from "@conform-to/zod/v4";
import { linkTokenSchema } from "./auth-forms";

/**
 * The token of an emailed link: from the link's query when its page is shown, from the page's
 * one-button form when it is used. null when there is none or it cannot be one of ours (each
 * page then says its link is unusable).
 */
export function linkToken(payload: URLSearchParams | FormData): string | null {
  const submission = parseWithZod(payload, { schema: linkTokenSchema });
  return submission.status === "success" ? submission.value.token : null;
}
