import { db } from "~/lib/db.server";

export async function countCourses(): Promise<number> {
  const row = await db()
    .selectFrom("courses")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Creates a course with its chapters in order, in one transaction. */
export async function createCourseWithChapters(input: {
  title: string;
  description: string;
  chapters: Array<{ title: string; content: string }>;
}): Promise<string> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const course = await trx
        .insertInto("courses")
        .values({ title: input.title, description: input.description })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (input.chapters.length > 0) {
        await trx
          .insertInto("chapters")
          .values(input.chapters.map((chapter, index) => ({ ...chapter, course_id: course.id, sort_order: index + 1 })))
          .execute();
      }
      return course.id;
    });
}
