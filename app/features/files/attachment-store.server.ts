import { sql } from "kysely";
import type { PublicationStatus } from "~/platform/db/db-schema";
import { db } from "~/platform/db/db.server";

/** A chapter's file as the reader and the admin editor list it. */
export type AttachmentSummary = { id: string; fileName: string; sizeBytes: number };

/** What the download route needs: the file, and the chapter and course it belongs to with their status. */
export type AttachmentRecord = {
  id: string;
  chapterId: string;
  courseId: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  storageKey: string;
  chapterStatus: PublicationStatus;
  courseStatus: PublicationStatus;
  /** The product that opens the chapter's course ('Who can open this course'). */
  requiredProduct: string;
};

export type NewAttachment = {
  chapterId: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  storageKey: string;
};

/** A chapter's files, oldest first (the order they were attached in). */
export async function listChapterAttachments(chapterId: string): Promise<AttachmentSummary[]> {
  return db()
    .selectFrom("chapter_attachments")
    .select(["id", "file_name as fileName", "size_bytes as sizeBytes"])
    .where("chapter_id", "=", chapterId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** An attachment only if it belongs to a chapter of this course, with both statuses. */
export async function findAttachmentInCourse(
  courseId: string,
  attachmentId: string,
): Promise<AttachmentRecord | undefined> {
  return db()
    .selectFrom("chapter_attachments as a")
    .innerJoin("chapters as ch", "ch.id", "a.chapter_id")
    .innerJoin("courses as c", "c.id", "ch.course_id")
    .select([
      "a.id",
      "a.chapter_id as chapterId",
      "c.id as courseId",
      "a.file_name as fileName",
      "a.content_type as contentType",
      "a.size_bytes as sizeBytes",
      "a.storage_key as storageKey",
      "ch.status as chapterStatus",
      "c.status as courseStatus",
      "c.required_product as requiredProduct",
    ])
    .where("a.id", "=", attachmentId)
    .where("c.id", "=", courseId)
    .executeTakeFirst();
}

/** Null when the chapter is gone (deleted while the file was on its way): one statement, no race. */
export async function insertAttachment(input: NewAttachment): Promise<string | null> {
  const row = await db()
    .insertInto("chapter_attachments")
    .columns(["chapter_id", "file_name", "content_type", "size_bytes", "storage_key"])
    .expression((eb) =>
      eb
        .selectFrom("chapters")
        // Typed casts: parameters in a SELECT list would otherwise be taken for text.
        .select([
          "chapters.id",
          sql<string>`${input.fileName}::text`.as("file_name"),
          sql<string>`${input.contentType}::text`.as("content_type"),
          sql<number>`${input.sizeBytes}::int`.as("size_bytes"),
          sql<string>`${input.storageKey}::text`.as("storage_key"),
        ])
        .where("chapters.id", "=", input.chapterId),
    )
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Removes an attachment of this chapter; returns its storage key, or null when there was none.
 * (In PostgreSQL's store the bytes go with the row, by the trigger of migration 0016.)
 */
export async function deleteAttachment(chapterId: string, attachmentId: string): Promise<string | null> {
  const row = await db()
    .deleteFrom("chapter_attachments")
    .where("id", "=", attachmentId)
    .where("chapter_id", "=", chapterId)
    .returning("storage_key")
    .executeTakeFirst();
  return row?.storage_key ?? null;
}
