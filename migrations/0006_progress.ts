import { sql, type Kysely } from "kysely";

/**
 * Learning progress (issue 15):
 * - `chapter_progress`: one row per member and chapter, created on the first view. Deleting a
 *   chapter (or a user) deletes its rows, so a deleted chapter drops out of every count; a
 *   reorder changes nothing here because rows point at chapters, not at places.
 * - `certificates`: issued once per member and course when its last chapter is completed. The
 *   printed facts (name, course title, date) are copied in, and the links to the user and the
 *   course are kept loosely (SET NULL), so a refund, revoked access or a deleted course never
 *   takes a shared certificate down. `code` is the random id of its public URL.
 * - `status` on courses and chapters ('draft' | 'published'): everything that exists today is
 *   published, so nothing disappears for today's members.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE chapter_progress (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      chapter_id uuid NOT NULL REFERENCES chapters (id) ON DELETE CASCADE,
      completed_at timestamptz,
      last_viewed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, chapter_id)
    )`.execute(db);
  // The resume lookup (a member's latest view) and the admin's per-chapter counts.
  await sql`CREATE INDEX chapter_progress_user_viewed_idx ON chapter_progress (user_id, last_viewed_at DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX chapter_progress_chapter_idx ON chapter_progress (chapter_id) INCLUDE (completed_at)`.execute(
    db,
  );

  await sql`
    CREATE TABLE certificates (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      code text NOT NULL UNIQUE,
      user_id uuid REFERENCES users (id) ON DELETE SET NULL,
      course_id uuid REFERENCES courses (id) ON DELETE SET NULL,
      recipient_name text NOT NULL,
      course_title text NOT NULL,
      completed_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, course_id)
    )`.execute(db);

  for (const table of ["courses", "chapters"]) {
    await sql`
      ALTER TABLE ${sql.table(table)}
        ADD COLUMN status text NOT NULL DEFAULT 'published' CHECK (status IN ('draft', 'published'))`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE chapters DROP COLUMN IF EXISTS status`.execute(db);
  await sql`ALTER TABLE courses DROP COLUMN IF EXISTS status`.execute(db);
  await sql`DROP TABLE IF EXISTS certificates`.execute(db);
  await sql`DROP TABLE IF EXISTS chapter_progress`.execute(db);
}
