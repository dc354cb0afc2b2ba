import { sql, type Kysely } from "kysely";

/**
 * Re-authentication for two-factor changes (issue 31 item 4, decision 047):
 *  - `sessions.password_verified_at`: when this session last proved the account's password (its
 *    sign-in, or a re-entry on /account). Two-factor changes need it within 10 minutes, or the
 *    password again. Sessions from before stay null: they are asked for the password.
 *  - `auth_factors.enrolment_session_hash`: the session that started a pending enrolment. Only it
 *    sees the pending secret and may confirm it; when that session ends the enrolment is orphaned
 *    (set null), and a new one must be started.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE sessions ADD COLUMN password_verified_at timestamptz`.execute(db);
  await sql`
    ALTER TABLE auth_factors ADD COLUMN enrolment_session_hash text
      REFERENCES sessions (id_hash) ON DELETE SET NULL`.execute(db);
  // Pending enrolments from before belong to no session: nobody can see or finish them any more.
  await sql`DELETE FROM auth_factors WHERE status = 'unverified'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE auth_factors DROP COLUMN enrolment_session_hash`.execute(db);
  await sql`ALTER TABLE sessions DROP COLUMN password_verified_at`.execute(db);
}
