import { describe, expect, it } from "vitest";
import { isCatalogueKey } from "~/features/catalogue";
import { sanitizeChapterHtml } from "~/features/learning/html-sanitizer.server";
import { INCLUDED_COURSE_MESSAGES, installIncludedCourseSchema } from "~/features/site/included-course-forms";
import { INCLUDED_COURSES, includedCourseOf, lackingIncludedCourses } from "~/features/site/included-courses";
import { submit, type PostedFields } from "../../support/form-submission";

const products = (courses: ReadonlyArray<{ product: string }>) => courses.map((course) => course.product);

describe("the included courses (decision 063)", () => {
  it("are the Starter, White-label and VIP courses, one per product, in the order an install lists them", () => {
    expect(products(INCLUDED_COURSES)).toEqual(["starter", "white_label", "vip"]);
    for (const course of INCLUDED_COURSES) expect(isCatalogueKey(course.product), course.product).toBe(true);
    expect(includedCourseOf("vip")?.title).toBe("VIP Priority Extras");
    for (const none of ["membership", "custom_saas", "early_bonus", "nope", "__proto__", undefined])
      expect(includedCourseOf(none), String(none)).toBeUndefined();
  });

  it("are lacking for the products no course opens, whatever other products' courses exist", () => {
    expect(products(lackingIncludedCourses({}))).toEqual(["starter", "white_label", "vip"]);
    expect(products(lackingIncludedCourses({ membership: 4, custom_saas: 1 }))).toEqual([
      "starter",
      "white_label",
      "vip",
    ]);
    expect(products(lackingIncludedCourses({ starter: 1, vip: 0 }))).toEqual(["white_label", "vip"]);
    expect(lackingIncludedCourses({ starter: 2, white_label: 1, vip: 1 })).toEqual([]);
  });

  it("hold real chapters that the chapter sanitiser keeps exactly as written", () => {
    for (const course of INCLUDED_COURSES) {
      expect(course.title.trim(), course.product).not.toBe("");
      expect(course.description.trim(), course.product).not.toBe("");
      expect(course.chapters.length, course.product).toBeGreaterThanOrEqual(3);
      for (const chapter of course.chapters) {
        expect(chapter.title.trim(), course.product).not.toBe("");
        expect(sanitizeChapterHtml(chapter.content), chapter.title).toBe(chapter.content);
      }
    }
    const vip = includedCourseOf("vip")!;
    expect(vip.chapters.length).toBeGreaterThanOrEqual(6);
    // Every extra ends with one thing to do.
    for (const chapter of vip.chapters.slice(1))
      expect(chapter.content, chapter.title).toContain("<strong>Action:</strong>");
    const whiteLabel = includedCourseOf("white_label")!;
    expect(whiteLabel.chapters.filter((chapter) => chapter.kit)).toHaveLength(12);
  });
});

describe("'Install the included course' form", () => {
  it("names a product of the catalogue", () => {
    expect(submit(installIncludedCourseSchema, { product: "vip" }).value).toEqual({ product: "vip" });
    // A catalogue product without a course passes the form; the server says it has none.
    expect(submit(installIncludedCourseSchema, { product: "membership" }).value).toEqual({ product: "membership" });
    const refused: PostedFields[] = [{}, { product: "" }, { product: "nope" }, { product: ["vip", "starter"] }];
    for (const fields of refused)
      expect(submit(installIncludedCourseSchema, fields).error, JSON.stringify(fields)).toEqual({
        product: [INCLUDED_COURSE_MESSAGES.noProduct],
      });
  });
});
