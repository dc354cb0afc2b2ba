import * as z from "zod/mini";
import { isCatalogueKey } from "~/features/catalogue";

/**
 * /admin/products' 'Install the included course' (issue 40, decision 063): a form of one button
 * naming its product. Whether that product has an included course is the server's to say
 * (`installIncludedCourse`), in its own words.
 */
export const INCLUDED_COURSE_MESSAGES = {
  noProduct: "There is no such product: nothing was installed.",
  noCourse: "This product has no included course: nothing was installed.",
} as const;

export const installIncludedCourseSchema = z.object({
  product: z
    .string({ error: INCLUDED_COURSE_MESSAGES.noProduct })
    .check(z.refine(isCatalogueKey, { error: INCLUDED_COURSE_MESSAGES.noProduct })),
});
