import { sql, type Kysely } from "kysely";

/**
 * A chapter's place in its course is unique, so concurrent moves can never leave two chapters
 * on one sort_order. The check runs at commit (DEFERRABLE INITIALLY DEFERRED) because a swap
 * passes through a moment where both rows hold the same value. Existing rows are renumbered
 * 1..n per course first, keeping their order, in case earlier writes left duplicates.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    UPDATE chapters SET sort_order = ranked.position
    FROM (
      SELECT id, row_number() OVER (PARTITION BY course_id ORDER BY sort_order, created_at, id) AS position
      FROM chapters
    ) AS ranked
    WHERE chapters.id = ranked.id AND chapters.sort_order <> ranked.position`.execute(db);
  await sql`DROP INDEX IF EXISTS chapters_course_order_idx`.execute(db);
  await sql`
    ALTER TABLE chapters ADD CONSTRAINT chapters_course_sort_order_key
      UNIQUE (course_id, sort_order) DEFERRABLE INITIALLY DEFERRED`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE chapters DROP CONSTRAINT IF EXISTS chapters_course_sort_order_key`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS chapters_course_order_idx ON chapters (course_id, sort_order)`.execute(db);
}
