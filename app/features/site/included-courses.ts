import type { CatalogueKey } from "~/features/catalogue";
import { starterCourse } from "./starter-course";
import { vipCourse } from "./vip-course";
import { whiteLabelCourse } from "./white-label-course";

/**
 * The included courses (issue 40, decision 063): the course each product delivers, product
 * content that every install has, production included, unlike the demo course. A chapter may
 * carry a kit, zipped into its attachment when the course is installed.
 */
export type IncludedChapter = {
  title: string;
  content: string;
  kit?: { fileName: string; folder: string; files: Record<string, string> };
};
export type IncludedCourse = {
  product: CatalogueKey;
  title: string;
  description: string;
  chapters: IncludedChapter[];
};

/** In the order a fresh install lists them. */
export const INCLUDED_COURSES: readonly IncludedCourse[] = [starterCourse, whiteLabelCourse, vipCourse];

/** The included course of a product, if it has one. */
export function includedCourseOf(product: unknown): IncludedCourse | undefined {
  return INCLUDED_COURSES.find((course) => course.product === product);
}

/**
 * The included courses an install lacks: those of the products no course opens (drafts count).
 * A course an admin edited, renamed or unpublished still opens its product, so it is never
 * doubled; a product whose every course was deleted or moved to another product gets its course
 * again.
 */
export function lackingIncludedCourses(coursesPerProduct: Readonly<Record<string, number>>): IncludedCourse[] {
  return INCLUDED_COURSES.filter((course) => (coursesPerProduct[course.product] ?? 0) === 0);
}
