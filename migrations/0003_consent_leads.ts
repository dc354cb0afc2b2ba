import { sql, type Kysely } from "kysely";

/**
 * Proof of cookie consent (one row per choice made, never updated: an audit trail) and the
 * leads captured by /special-access (one row per email address).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE cookie_consents (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      choice text NOT NULL CHECK (choice IN ('all', 'essential', 'none')),
      banner_version text NOT NULL,
      client_hash text,
      user_agent text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX cookie_consents_created_at_idx ON cookie_consents (created_at)`.execute(db);

  await sql`
    CREATE TABLE leads (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
      name text NOT NULL DEFAULT '',
      source text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX leads_email_key ON leads (email)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS leads`.execute(db);
  await sql`DROP TABLE IF EXISTS cookie_consents`.execute(db);
}
