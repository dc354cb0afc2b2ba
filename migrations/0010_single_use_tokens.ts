import { sql, type Kysely } from "kysely";

/**
 * One table for every emailed single-use link (issue 24, decision 038), in place of one table per
 * kind: password reset (0001), email verification (0005) and email change (0008), and the
 * invitations, sign-in links and claim links still to come. `users.credential_epoch` counts the
 * changes of a user's credentials; a link works only while the epoch it was issued in is still the
 * user's, so raising it voids every outstanding link of the user, of every purpose, at once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN credential_epoch integer NOT NULL DEFAULT 0`.execute(db);

  await sql`
    CREATE TABLE single_use_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      purpose text NOT NULL CHECK (
        purpose IN ('password_reset', 'email_verification', 'email_change', 'invitation', 'sign_in', 'claim')
      ),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      data jsonb,
      credential_epoch integer NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // Issuing a link ends the user's older unused ones of its purpose; the epoch check joins on user_id.
  await sql`CREATE INDEX single_use_tokens_user_purpose_idx ON single_use_tokens (user_id, purpose)`.execute(db);

  // Every outstanding link keeps working: the hashes are the same SHA-256, and every user starts at
  // epoch 0.
  await sql`
    INSERT INTO single_use_tokens
      (id, purpose, user_id, token_hash, data, credential_epoch, expires_at, used_at, created_at)
    SELECT id, 'password_reset', user_id, token_hash, NULL::jsonb, 0, expires_at, used_at, created_at
      FROM password_reset_tokens
    UNION ALL
    SELECT id, 'email_verification', user_id, token_hash, NULL::jsonb, 0, expires_at, used_at, created_at
      FROM email_verification_tokens
    UNION ALL
    SELECT id, 'email_change', user_id, token_hash, jsonb_build_object('newEmail', new_email), 0,
           expires_at, used_at, created_at
      FROM email_change_tokens`.execute(db);
  await sql`DROP TABLE password_reset_tokens, email_verification_tokens, email_change_tokens`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // The three tables as 0001/0002, 0005 and 0008 left them.
  await sql`
    CREATE TABLE password_reset_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id)`.execute(db);
  await sql`
    CREATE TABLE email_verification_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX email_verification_tokens_user_idx ON email_verification_tokens (user_id)`.execute(db);
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

  // Only links the epoch has not voided go back: the old tables have no epoch, so a voided link
  // copied back would work again. Links of the newer purposes have no table to go to.
  const live = sql`FROM single_use_tokens t JOIN users u ON u.id = t.user_id
    WHERE t.credential_epoch = u.credential_epoch`;
  await sql`
    INSERT INTO password_reset_tokens (id, user_id, token_hash, expires_at, used_at, created_at)
    SELECT t.id, t.user_id, t.token_hash, t.expires_at, t.used_at, t.created_at ${live}
      AND t.purpose = 'password_reset'`.execute(db);
  await sql`
    INSERT INTO email_verification_tokens (id, user_id, token_hash, expires_at, used_at, created_at)
    SELECT t.id, t.user_id, t.token_hash, t.expires_at, t.used_at, t.created_at ${live}
      AND t.purpose = 'email_verification'`.execute(db);
  await sql`
    INSERT INTO email_change_tokens (id, user_id, new_email, token_hash, expires_at, used_at, created_at)
    SELECT t.id, t.user_id, t.data ->> 'newEmail', t.token_hash, t.expires_at, t.used_at, t.created_at ${live}
      AND t.purpose = 'email_change' AND t.data ->> 'newEmail' IS NOT NULL`.execute(db);

  await sql`DROP TABLE single_use_tokens`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN credential_epoch`.execute(db);
}
