import { sql } from "kysely";
import type { PublicationStatus } from "~/platform/db/db-schema";
import { db } from "~/platform/db/db.server";

/** What serving an image needs: its bytes' key and type, and its course's status and product. */
export type ImageRecord = {
  id: string;
  courseId: string;
  contentType: string;
  sizeBytes: number;
  storageKey: string;
  courseStatus: PublicationStatus;
  /** The product that opens the course ('Who can open this course'). */
  requiredProduct: string;
};

export type NewImage = {
  courseId: string;
  contentType: string;
  width: number;
  height: number;
  sizeBytes: number;
  storageKey: string;
};

/** Null when the course is gone (deleted while the image was on its way): one statement, no race. */
export async function insertImage(input: NewImage): Promise<string | null> {
  const row = await db()
    .insertInto("chapter_images")
    .columns(["course_id", "content_type", "width", "height", "size_bytes", "storage_key"])
    .expression((eb) =>
      eb
        .selectFrom("courses")
        // Typed casts: parameters in a SELECT list would otherwise be taken for text.
        .select([
          "courses.id",
          sql<string>`${input.contentType}::text`.as("content_type"),
          sql<number>`${input.width}::int`.as("width"),
          sql<number>`${input.height}::int`.as("height"),
          sql<number>`${input.sizeBytes}::int`.as("size_bytes"),
          sql<string>`${input.storageKey}::text`.as("storage_key"),
        ])
        .where("courses.id", "=", input.courseId),
    )
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
}

/** An image only if it belongs to this course, with the course's status and product. */
export async function findImageInCourse(courseId: string, imageId: string): Promise<ImageRecord | undefined> {
  return db()
    .selectFrom("chapter_images as i")
    .innerJoin("courses as c", "c.id", "i.course_id")
    .select([
      "i.id",
      "c.id as courseId",
      "i.content_type as contentType",
      "i.size_bytes as sizeBytes",
      "i.storage_key as storageKey",
      "c.status as courseStatus",
      "c.required_product as requiredProduct",
    ])
    .where("i.id", "=", imageId)
    .where("c.id", "=", courseId)
    .executeTakeFirst();
}
