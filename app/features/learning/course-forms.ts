import * as z from "zod/mini";
import { adminMessages } from "./admin-messages";
import { COURSE_AUDIENCES } from "~/features/catalogue";

/**
 * Course and chapter input (docs/product.md §5), shared by the admin actions and their forms. zod's mini
 * build, like every schema the browser loads: one use of full zod in a bundle puts all of it
 * (and its 60 locales) into the chunks that the account pages share (issue 12).
 */
const requiredTitle = (message: string) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, { error: message }));

const AUDIENCE_KEYS = COURSE_AUDIENCES.map((audience) => audience.key) as [string, ...string[]];

export const courseSchema = z.object({
  title: requiredTitle(adminMessages.courseTitleRequired),
  description: z._default(z.string().check(z.trim()), ""),
  /** 'Who can open this course' (decision 051): one of the listed products, nothing else. */
  required_product: z._default(z.enum(AUDIENCE_KEYS, { error: adminMessages.courseAudienceInvalid }), "membership"),
});

export const chapterSchema = z.object({
  title: requiredTitle(adminMessages.chapterTitleRequired),
  content: z._default(z.string(), ""),
});
