import type { Transaction } from "kysely";
import type { DB, PublicationStatus } from "~/platform/db/db-schema";
import { db } from "~/platform/db/db.server";

export type Chapter = {
  id: string;
  course_id: string;
  title: string;
  content: string;
  sort_order: number;
  status: PublicationStatus;
};
export type ChapterInput = { title: string; content: string };
export type MoveDirection = "up" | "down";

const CHAPTER_COLUMNS = ["id", "course_id", "title", "content", "sort_order", "status"] as const;

export async function getChapter(chapterId: string): Promise<Chapter | undefined> {
  return db().selectFrom("chapters").select(CHAPTER_COLUMNS).where("id", "=", chapterId).executeTakeFirst();
}

/** A chapter only if it belongs to this course (drafts included: the caller decides who may see one). */
export async function findChapterInCourse(courseId: string, chapterId: string): Promise<Chapter | undefined> {
  return db()
    .selectFrom("chapters")
    .select(CHAPTER_COLUMNS)
    .where("course_id", "=", courseId)
    .where("id", "=", chapterId)
    .executeTakeFirst();
}

/**
 * Every change to a course's chapter order takes a lock on the course row first, so inserts,
 * moves and deletes in one course run one after another and always read the current order.
 * False when the course does not exist. Inside the transaction only `trx` is used: PGlite has a
 * single connection, and a query on another handle would wait for this transaction forever.
 */
async function lockCourse(trx: Transaction<DB>, courseId: string): Promise<boolean> {
  const row = await trx.selectFrom("courses").select("id").where("id", "=", courseId).forUpdate().executeTakeFirst();
  return row !== undefined;
}

/**
 * Adds a chapter at the end of its course (current maximum sort_order + 1), published unless
 * its form's 'Save as draft' was used; null when the course is gone.
 */
export async function createChapter(
  courseId: string,
  input: ChapterInput,
  status: PublicationStatus = "published",
): Promise<string | null> {
  return db()
    .transaction()
    .execute(async (trx) => {
      if (!(await lockCourse(trx, courseId))) return null;
      const { last } = await trx
        .selectFrom("chapters")
        .select((eb) => eb.fn.max("sort_order").as("last"))
        .where("course_id", "=", courseId)
        .executeTakeFirstOrThrow();
      const row = await trx
        .insertInto("chapters")
        .values({ ...input, status, course_id: courseId, sort_order: (last ?? 0) + 1 })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    });
}

/** False when the chapter no longer exists. */
export async function updateChapter(chapterId: string, input: ChapterInput): Promise<boolean> {
  const result = await db()
    .updateTable("chapters")
    .set({ ...input, updated_at: new Date() })
    .where("id", "=", chapterId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** 'Publish' and 'Unpublish'; returns the chapter's course id, or null when the chapter is gone. */
export async function setChapterStatus(chapterId: string, status: PublicationStatus): Promise<string | null> {
  const row = await db()
    .updateTable("chapters")
    .set({ status, updated_at: new Date() })
    .where("id", "=", chapterId)
    .returning("course_id")
    .executeTakeFirst();
  return row?.course_id ?? null;
}

/** Deletes a chapter; returns its course id, or null when it was already gone. */
export async function deleteChapter(chapterId: string): Promise<string | null> {
  const chapter = await getChapter(chapterId);
  if (!chapter) return null;
  return db()
    .transaction()
    .execute(async (trx) => {
      await lockCourse(trx, chapter.course_id);
      const result = await trx.deleteFrom("chapters").where("id", "=", chapterId).executeTakeFirst();
      return result.numDeletedRows > 0n ? chapter.course_id : null;
    });
}

/**
 * Swaps a chapter's sort_order with its neighbour above or below, in one transaction under the
 * course lock (two moves at once queue up instead of both reading the old order). Returns false
 * when there is no such neighbour (up on the first chapter, down on the last) or no such chapter.
 */
export async function moveChapter(chapterId: string, direction: MoveDirection): Promise<boolean> {
  const chapter = await getChapter(chapterId);
  if (!chapter) return false;
  return db()
    .transaction()
    .execute(async (trx) => {
      await lockCourse(trx, chapter.course_id);
      // Read again under the lock: another move may have changed this chapter's place meanwhile.
      const current = await trx
        .selectFrom("chapters")
        .select("sort_order")
        .where("id", "=", chapterId)
        .executeTakeFirst();
      if (!current) return false;
      const neighbour = await trx
        .selectFrom("chapters")
        .select(["id", "sort_order"])
        .where("course_id", "=", chapter.course_id)
        .where("sort_order", direction === "up" ? "<" : ">", current.sort_order)
        .orderBy("sort_order", direction === "up" ? "desc" : "asc")
        .limit(1)
        .executeTakeFirst();
      if (!neighbour) return false;
      const now = new Date();
      await trx
        .updateTable("chapters")
        .set({ sort_order: neighbour.sort_order, updated_at: now })
        .where("id", "=", chapterId)
        .execute();
      await trx
        .updateTable("chapters")
        .set({ sort_order: current.sort_order, updated_at: now })
        .where("id", "=", neighbour.id)
        .execute();
      return true;
    });
}
