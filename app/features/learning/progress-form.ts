import * as z from "zod/mini";

/**
 * A course page's progress forms (/course/:courseId): 'Mark as complete', 'Mark as not complete',
 * 'Complete and continue' and 'Get my certificate', each its `intent` with the chapter's id; a
 * fetcher adds `respond=data` to get data instead of a redirect. The progress code checks the
 * intent and the chapter itself (learning.server), with its own messages.
 */
export const progressForm = z.object({
  intent: z.optional(z.string()),
  chapterId: z.optional(z.string()),
  respond: z.optional(z.string()),
});
