import { sql, type Kysely } from "kysely";

/**
 * Issue 40, copy that says what is true:
 *
 * - `launch_settings.contest_prizes_cents`: the affiliate contest's prizes, first place first,
 *   now a launch setting (/admin/launch) instead of a constant; the default is the constant's.
 * - `legal_documents`: when each legal page's printed text last changed. The start records a
 *   fingerprint of the text as printed (its wording and the settings it prints); a new
 *   fingerprint moves `changed_at` to that start, and the page's "Last updated" is the later of
 *   it and the wording's own date in the code.
 * - The training's Day 3 email linked to /upgrades, which sold no membership, and promised members
 *   "the app kits" (the white-label upgrade's): a step the admin never saved links to the plan
 *   page instead and promises what the membership gives. A step an admin edited is left alone.
 */
const DAY_3_OLD =
  "Members of the full program get every lesson, the app kits and the templates behind these three days: {{site}}/upgrades";
const DAY_3_NEW =
  "Members of the full program get every lesson and the templates behind these three days: {{site}}/payment-options";

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE launch_settings
      ADD COLUMN contest_prizes_cents integer[] NOT NULL DEFAULT ARRAY[35000, 25000, 15000]
        CHECK (cardinality(contest_prizes_cents) BETWEEN 1 AND 10
               AND 0 <= ALL (contest_prizes_cents) AND 100000000 >= ALL (contest_prizes_cents))`.execute(db);
  await sql`
    COMMENT ON COLUMN launch_settings.contest_prizes_cents IS
      'The affiliate contest''s prizes in cents, first place first (/admin/launch ''Contest prizes''; issue 40).'`.execute(
    db,
  );

  await sql`
    CREATE TABLE legal_documents (
      path text PRIMARY KEY,
      fingerprint text NOT NULL,
      changed_at timestamptz NOT NULL
    )`.execute(db);
  await sql`
    COMMENT ON TABLE legal_documents IS
      'When each legal page''s printed text (its wording and the settings it prints) last changed (migration 0026, issue 40).'`.execute(
    db,
  );
  await sql`COMMENT ON COLUMN legal_documents.fingerprint IS 'SHA-256 of the page as printed, without its date.'`.execute(
    db,
  );
  await sql`COMMENT ON COLUMN legal_documents.changed_at IS 'The start that first printed this fingerprint.'`.execute(
    db,
  );

  await sql`
    UPDATE email_sequence_steps SET body = replace(body, ${DAY_3_OLD}, ${DAY_3_NEW})
    WHERE sequence_key = 'lead_training' AND updated_by IS NULL AND strpos(body, ${DAY_3_OLD}) > 0`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    UPDATE email_sequence_steps SET body = replace(body, ${DAY_3_NEW}, ${DAY_3_OLD})
    WHERE sequence_key = 'lead_training' AND updated_by IS NULL AND strpos(body, ${DAY_3_NEW}) > 0`.execute(db);
  await sql`DROP TABLE legal_documents`.execute(db);
  await sql`ALTER TABLE launch_settings DROP COLUMN contest_prizes_cents`.execute(db);
}
