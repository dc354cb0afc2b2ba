import { jsonArrayFrom } from "kysely/helpers/postgres";
import type { PublicationStatus } from "~/platform/db/db-schema";
import { db } from "~/platform/db/db.server";

export type CourseSummary = {
  id: string;
  title: string;
  description: string;
  status: PublicationStatus;
  /** 'Who can open this course': the catalogue product it needs (decision 051). */
  required_product: string;
};
export type ChapterHeading = { id: string; title: string; sort_order: number; status: PublicationStatus };
export type CourseOutline = CourseSummary & { chapters: ChapterHeading[] };
export type CourseInput = { title: string; description: string; required_product: string };

export async function countCourses(): Promise<number> {
  const row = await db()
    .selectFrom("courses")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * How many courses (drafts included) each product opens: the seed installs an included course
 * for a product none opens, and /admin/products says how many open it today.
 */
export async function coursesPerProduct(): Promise<Record<string, number>> {
  const rows = await db()
    .selectFrom("courses")
    .select((eb) => ["required_product", eb.fn.countAll<string>().as("count")])
    .groupBy("required_product")
    .execute();
  return Object.fromEntries(rows.map((row) => [row.required_product, Number(row.count)]));
}

/** Every course, drafts included (the admin panel), oldest first, so the order stays stable as courses are added. */
export async function listCourses(): Promise<CourseSummary[]> {
  return db()
    .selectFrom("courses")
    .select(["id", "title", "description", "status", "required_product"])
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** A course with its chapters' titles in sort_order, drafts included (the admin panel), in one query; undefined when there is none. */
export async function getCourseOutline(courseId: string): Promise<CourseOutline | undefined> {
  return db()
    .selectFrom("courses")
    .select((eb) => [
      "courses.id",
      "courses.title",
      "courses.description",
      "courses.status",
      "courses.required_product",
      jsonArrayFrom(
        eb
          .selectFrom("chapters")
          .select(["chapters.id", "chapters.title", "chapters.sort_order", "chapters.status"])
          .whereRef("chapters.course_id", "=", "courses.id")
          .orderBy("chapters.sort_order"),
      ).as("chapters"),
    ])
    .where("courses.id", "=", courseId)
    .executeTakeFirst();
}

/** A new course is published unless its form's 'Save as draft' was used. */
export async function createCourse(input: CourseInput, status: PublicationStatus = "published"): Promise<string> {
  const row = await db()
    .insertInto("courses")
    .values({ ...input, status })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** 'Publish' and 'Unpublish'. False when the course no longer exists. */
export async function setCourseStatus(courseId: string, status: PublicationStatus): Promise<boolean> {
  const result = await db()
    .updateTable("courses")
    .set({ status, updated_at: new Date() })
    .where("id", "=", courseId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Creates a course (published unless said otherwise) with its chapters in order, in one
 * transaction; returns their ids, chapters in order.
 */
export async function createCourseWithChapters(input: {
  title: string;
  description: string;
  requiredProduct?: string;
  status?: PublicationStatus;
  chapters: Array<{ title: string; content: string }>;
}): Promise<{ courseId: string; chapterIds: string[] }> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const course = await trx
        .insertInto("courses")
        .values({
          title: input.title,
          description: input.description,
          required_product: input.requiredProduct ?? "membership",
          status: input.status ?? "published",
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (input.chapters.length === 0) return { courseId: course.id, chapterIds: [] };
      const chapters = await trx
        .insertInto("chapters")
        .values(
          input.chapters.map((chapter, index) => ({
            title: chapter.title,
            content: chapter.content,
            course_id: course.id,
            sort_order: index + 1,
          })),
        )
        .returning(["id", "sort_order"])
        .execute();
      return {
        courseId: course.id,
        chapterIds: chapters.sort((a, b) => a.sort_order - b.sort_order).map((chapter) => chapter.id),
      };
    });
}

/** False when the course no longer exists. */
export async function updateCourse(courseId: string, input: CourseInput): Promise<boolean> {
  const result = await db()
    .updateTable("courses")
    .set({ ...input, updated_at: new Date() })
    .where("id", "=", courseId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes the course's chapters, then the course (docs/product.md §7), in one transaction. False when it was already gone. */
export async function deleteCourse(courseId: string): Promise<boolean> {
  return db()
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom("chapters").where("course_id", "=", courseId).execute();
      const result = await trx.deleteFrom("courses").where("id", "=", courseId).executeTakeFirst();
      return result.numDeletedRows > 0n;
    });
}
