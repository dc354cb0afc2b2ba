import crypto from "node:crypto";
import { sql } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import type { PublicationStatus } from "~/platform/db/db-schema";
import { db } from "~/platform/db/db.server";

/**
 * Learning progress (issue 15). Members see only published courses and the published chapters
 * of those, and their counts come from the same rows; admins (`includeDrafts`) see everything.
 */
export type Visibility = { includeDrafts: boolean };

export type CourseProgressRow = {
  id: string;
  title: string;
  description: string;
  status: PublicationStatus;
  /** The product that opens the course (decision 051). */
  requiredProduct: string;
  /** Visible chapters, and how many of them this user completed or ever opened. */
  total: number;
  completed: number;
  viewed: number;
  /** The chapter of this course the user opened last, if any. */
  lastViewed: { chapterId: string; chapterTitle: string; at: Date } | null;
  certificate: { code: string; completedAt: Date } | null;
};

type RawCourseProgress = {
  id: string;
  title: string;
  description: string;
  status: PublicationStatus;
  required_product: string;
  total: number;
  completed: number;
  viewed: number;
  last_viewed_at: Date | string | null;
  last_chapter_id: string | null;
  last_chapter_title: string | null;
  certificate_code: string | null;
  certificate_completed_at: Date | string | null;
};

/**
 * Every course the user may see, with their progress in each: ONE statement however many
 * courses there are, so the dashboard costs the session lookup plus this (issue 15 item 5).
 */
export async function listCourseProgress(userId: string, { includeDrafts }: Visibility): Promise<CourseProgressRow[]> {
  const { rows } = await sql<RawCourseProgress>`
    SELECT c.id, c.title, c.description, c.status, c.required_product,
      count(ch.id)::int AS total,
      count(p.completed_at)::int AS completed,
      count(p.chapter_id)::int AS viewed,
      max(p.last_viewed_at) AS last_viewed_at,
      (array_agg(ch.id ORDER BY p.last_viewed_at DESC NULLS LAST))[1] AS last_chapter_id,
      (array_agg(ch.title ORDER BY p.last_viewed_at DESC NULLS LAST))[1] AS last_chapter_title,
      cert.code AS certificate_code,
      cert.completed_at AS certificate_completed_at
    FROM courses c
    LEFT JOIN chapters ch ON ch.course_id = c.id AND (${includeDrafts} OR ch.status = 'published')
    LEFT JOIN chapter_progress p ON p.chapter_id = ch.id AND p.user_id = ${userId}
    LEFT JOIN certificates cert ON cert.course_id = c.id AND cert.user_id = ${userId}
    WHERE ${includeDrafts} OR c.status = 'published'
    GROUP BY c.id, cert.code, cert.completed_at
    ORDER BY c.created_at, c.id`.execute(db());
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    status: row.status,
    requiredProduct: row.required_product,
    total: row.total,
    completed: row.completed,
    viewed: row.viewed,
    lastViewed:
      row.last_viewed_at && row.last_chapter_id && row.last_chapter_title !== null
        ? { chapterId: row.last_chapter_id, chapterTitle: row.last_chapter_title, at: new Date(row.last_viewed_at) }
        : null,
    certificate:
      row.certificate_code && row.certificate_completed_at
        ? { code: row.certificate_code, completedAt: new Date(row.certificate_completed_at) }
        : null,
  }));
}

export type ViewerChapter = {
  id: string;
  title: string;
  status: PublicationStatus;
  completed_at: string | null;
  last_viewed_at: string | null;
};

export type ViewerCourse = {
  id: string;
  title: string;
  description: string;
  status: PublicationStatus;
  required_product: string;
  certificate_code: string | null;
  certificate_completed_at: Date | string | null;
  chapters: ViewerChapter[];
};

/** A course as the course viewer shows it to this user: its visible chapters in order, with their progress. */
export async function getCourseForViewer(
  courseId: string,
  userId: string,
  { includeDrafts }: Visibility,
): Promise<ViewerCourse | undefined> {
  return db()
    .selectFrom("courses")
    .leftJoin("certificates", (join) =>
      join.onRef("certificates.course_id", "=", "courses.id").on("certificates.user_id", "=", userId),
    )
    .select((eb) => [
      "courses.id",
      "courses.title",
      "courses.description",
      "courses.status",
      "courses.required_product",
      "certificates.code as certificate_code",
      "certificates.completed_at as certificate_completed_at",
      jsonArrayFrom(
        eb
          .selectFrom("chapters")
          .leftJoin("chapter_progress", (join) =>
            join.onRef("chapter_progress.chapter_id", "=", "chapters.id").on("chapter_progress.user_id", "=", userId),
          )
          .select([
            "chapters.id",
            "chapters.title",
            "chapters.status",
            sql<string | null>`chapter_progress.completed_at`.as("completed_at"),
            sql<string | null>`chapter_progress.last_viewed_at`.as("last_viewed_at"),
          ])
          .whereRef("chapters.course_id", "=", "courses.id")
          .$if(!includeDrafts, (query) => query.where("chapters.status", "=", "published"))
          .orderBy("chapters.sort_order"),
      ).as("chapters"),
    ])
    .where("courses.id", "=", courseId)
    .$if(!includeDrafts, (query) => query.where("courses.status", "=", "published"))
    .executeTakeFirst();
}

/** Viewing a chapter: creates the member's row for it on the first view, then moves last_viewed_at. */
export async function recordChapterView(userId: string, chapterId: string): Promise<void> {
  await db()
    .insertInto("chapter_progress")
    .values({ user_id: userId, chapter_id: chapterId, last_viewed_at: new Date() })
    .onConflict((conflict) => conflict.columns(["user_id", "chapter_id"]).doUpdateSet({ last_viewed_at: new Date() }))
    .execute();
}

/**
 * 'Mark as complete' (keeps the first completion time if it was already complete) and 'Mark as
 * not complete'. Marking also counts as a view, so the row exists either way.
 */
export async function setChapterCompleted(userId: string, chapterId: string, completed: boolean): Promise<void> {
  const now = new Date();
  await db()
    .insertInto("chapter_progress")
    .values({ user_id: userId, chapter_id: chapterId, completed_at: completed ? now : null, last_viewed_at: now })
    .onConflict((conflict) =>
      conflict.columns(["user_id", "chapter_id"]).doUpdateSet({
        completed_at: completed ? sql`coalesce(chapter_progress.completed_at, ${now})` : null,
        last_viewed_at: now,
      }),
    )
    .execute();
}

/**
 * The member's certificate for a course they have just completed; issued once (a later
 * completion, after new chapters, keeps the first). The printed facts are copied in, so the
 * certificate outlives a refund, revoked access, a renamed or deleted course. Returns its code.
 */
/** Printed when an account has no name (a marketplace buyer may have none); never the email address. */
const UNNAMED_RECIPIENT = "Course participant";

export async function issueCertificate(userId: string, courseId: string): Promise<string | null> {
  // 128 random bits: the public URL cannot be guessed or enumerated.
  const code = crypto.randomBytes(16).toString("base64url");
  await sql`
    INSERT INTO certificates (code, user_id, course_id, recipient_name, course_title, completed_at)
    SELECT ${code}, u.id, c.id, coalesce(nullif(btrim(u.name), ''), ${UNNAMED_RECIPIENT}), c.title, now()
    FROM users u, courses c
    WHERE u.id = ${userId} AND c.id = ${courseId}
    ON CONFLICT (user_id, course_id) DO NOTHING`.execute(db());
  const row = await db()
    .selectFrom("certificates")
    .select("code")
    .where("user_id", "=", userId)
    .where("course_id", "=", courseId)
    .executeTakeFirst();
  return row?.code ?? null;
}

export type PrintedCertificate = { code: string; recipientName: string; courseTitle: string; completedAt: Date };

/** Only what is printed on the certificate: never the user's email, id or payments. */
export async function findCertificate(code: string): Promise<PrintedCertificate | undefined> {
  const row = await db()
    .selectFrom("certificates")
    .select(["code", "recipient_name", "course_title", "completed_at"])
    .where("code", "=", code)
    .executeTakeFirst();
  return row
    ? {
        code: row.code,
        recipientName: row.recipient_name,
        courseTitle: row.course_title,
        completedAt: new Date(row.completed_at),
      }
    : undefined;
}

export type CourseEngagement = { courseId: string; started: number; completed: number };
export type ChapterEngagement = { chapterId: string; completedBy: number };

/**
 * For the admin panel: per course, how many members started it (opened a published chapter)
 * and completed it (every published chapter complete, now). Admins' own progress (previews)
 * is left out.
 */
export async function courseEngagement(): Promise<CourseEngagement[]> {
  const { rows } = await sql<{ course_id: string; started: number; completed: number }>`
    WITH visible AS (
      SELECT id, course_id FROM chapters WHERE status = 'published'
    ), totals AS (
      SELECT course_id, count(*)::int AS total FROM visible GROUP BY course_id
    ), per_member AS (
      SELECT v.course_id, p.user_id, count(p.completed_at)::int AS done
      FROM chapter_progress p
      JOIN visible v ON v.id = p.chapter_id
      JOIN users u ON u.id = p.user_id AND NOT u.is_admin
      GROUP BY v.course_id, p.user_id
    )
    SELECT c.id AS course_id,
      count(m.user_id)::int AS started,
      (count(m.user_id) FILTER (WHERE m.done = t.total))::int AS completed
    FROM courses c
    LEFT JOIN totals t ON t.course_id = c.id
    LEFT JOIN per_member m ON m.course_id = c.id
    GROUP BY c.id`.execute(db());
  return rows.map((row) => ({ courseId: row.course_id, started: row.started, completed: row.completed }));
}

/** For the admin's drop-off bars: how many members (admins left out) completed each chapter of a course. */
export async function chapterEngagement(courseId: string): Promise<ChapterEngagement[]> {
  const { rows } = await sql<{ chapter_id: string; completed_by: number }>`
    SELECT ch.id AS chapter_id, count(u.id)::int AS completed_by
    FROM chapters ch
    LEFT JOIN chapter_progress p ON p.chapter_id = ch.id AND p.completed_at IS NOT NULL
    LEFT JOIN users u ON u.id = p.user_id AND NOT u.is_admin
    WHERE ch.course_id = ${courseId}
    GROUP BY ch.id`.execute(db());
  return rows.map((row) => ({ chapterId: row.chapter_id, completedBy: row.completed_by }));
}
