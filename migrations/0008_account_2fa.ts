import { sql, type Kysely } from "kysely";

/**
 * Account settings and two-factor sign-in (issue 11): authentication factors (TOTP now, phone
 * reserved), recovery codes kept only as hashes, the half-signed-in challenges between a correct
 * password and a code, the assurance level of each session, email-change links, and the devices
 * an account has signed in from (for "new sign-in" notices).
 */
export async function up(db: Kysely<any>): Promise<void> {
  // One factor per type and user. A pending (unverified) factor is the enrolment in progress; the
  // step of the last accepted code makes each code usable once (replay protection).
  await sql`
    CREATE TABLE auth_factors (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      factor_type text NOT NULL CHECK (factor_type IN ('totp', 'phone')),
      status text NOT NULL CHECK (status IN ('unverified', 'verified')),
      secret text NOT NULL,
      last_used_step bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      verified_at timestamptz,
      UNIQUE (user_id, factor_type)
    )`.execute(db);

  await sql`
    CREATE TABLE recovery_codes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, code_hash)
    )`.execute(db);

  // A correct password for an account with a factor: the login waits here for its code.
  await sql`
    CREATE TABLE mfa_challenges (
      id_hash text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      redirect_to text,
      special_access boolean NOT NULL DEFAULT false,
      failures integer NOT NULL DEFAULT 0,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX mfa_challenges_user_idx ON mfa_challenges (user_id)`.execute(db);

  // NIST SP 800-63B authenticator assurance: aal1 = a password, aal2 = a password and a factor.
  await sql`ALTER TABLE sessions ADD COLUMN aal text NOT NULL DEFAULT 'aal1' CHECK (aal IN ('aal1', 'aal2'))`.execute(
    db,
  );

  await sql`
    CREATE TABLE email_change_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      new_email text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX email_change_tokens_user_idx ON email_change_tokens (user_id)`.execute(db);

  // The readable devices ("Chrome on macOS") an account has signed in from.
  await sql`
    CREATE TABLE known_devices (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      device text NOT NULL,
      first_seen_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, device)
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS known_devices`.execute(db);
  await sql`DROP TABLE IF EXISTS email_change_tokens`.execute(db);
  await sql`ALTER TABLE sessions DROP COLUMN aal`.execute(db);
  await sql`DROP TABLE IF EXISTS mfa_challenges`.execute(db);
  await sql`DROP TABLE IF EXISTS recovery_codes`.execute(db);
  await sql`DROP TABLE IF EXISTS auth_factors`.execute(db);
}
