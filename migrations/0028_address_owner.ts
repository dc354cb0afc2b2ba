import { sql, type Kysely } from "kysely";

/**
 * The address's owner, not whoever holds the account (issue 41, decision 067):
 *
 * - `held_grants`: an admin's grant ('Add member', 'Import members') for an address whose account
 *   is held by someone not proven to own it waits here, by address, until the owner claims it
 *   (as marketplace sales wait in `warriorplus_orders` without a user, decision 048).
 * - Claim links belong to the address: a `claim` row of `single_use_tokens` has no user and no
 *   credential epoch (the address it was mailed to is in `data`), so it outlives the account
 *   that used the address, and nothing done to that account ends it. The claim links still
 *   usable keep working; those already ended by their account's epoch are deleted.
 * - Announcements get the audience `accounts` (everyone with an account); `members` now means
 *   the members with paid access.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE held_grants (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL CHECK (email = lower(email)),
      product_key text NOT NULL REFERENCES products (key),
      reason text NOT NULL,
      expires_at timestamptz,
      granted_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX held_grants_email_idx ON held_grants (email)`.execute(db);
  await sql`COMMENT ON TABLE held_grants IS 'An admin''s grant held for an address whose account holder has not proven to own it (decision 067): it joins the account when the address''s owner claims it.'`.execute(
    db,
  );
  await sql`COMMENT ON COLUMN held_grants.email IS 'The address the grant was made for (lower case); the claim link was mailed to it.'`.execute(
    db,
  );
  await sql`COMMENT ON COLUMN held_grants.granted_by IS 'The admin who made the grant; null once that account is gone.'`.execute(
    db,
  );

  await sql`
    DELETE FROM single_use_tokens t USING users u
    WHERE t.purpose = 'claim' AND u.id = t.user_id AND t.credential_epoch <> u.credential_epoch`.execute(db);
  await sql`ALTER TABLE single_use_tokens ALTER COLUMN user_id DROP NOT NULL, ALTER COLUMN credential_epoch DROP NOT NULL`.execute(
    db,
  );
  await sql`UPDATE single_use_tokens SET user_id = NULL, credential_epoch = NULL WHERE purpose = 'claim'`.execute(db);
  await sql`
    ALTER TABLE single_use_tokens ADD CONSTRAINT single_use_tokens_claim_by_address CHECK (
      (purpose = 'claim') = (user_id IS NULL) AND (user_id IS NULL) = (credential_epoch IS NULL))`.execute(db);
  await sql`COMMENT ON COLUMN single_use_tokens.user_id IS 'The link''s account; null for a claim link, which belongs to the address in data (decision 067).'`.execute(
    db,
  );

  await sql`ALTER TABLE announcements DROP CONSTRAINT announcements_audience_check`.execute(db);
  await sql`ALTER TABLE announcements ADD CONSTRAINT announcements_audience_check
    CHECK (audience IN ('members', 'accounts', 'leads', 'service'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE announcements DROP CONSTRAINT announcements_audience_check`.execute(db);
  await sql`UPDATE announcements SET audience = 'service' WHERE audience = 'accounts'`.execute(db);
  await sql`ALTER TABLE announcements ADD CONSTRAINT announcements_audience_check
    CHECK (audience IN ('members', 'leads', 'service'))`.execute(db);
  // A claim link without an account cannot be kept in the earlier shape.
  await sql`ALTER TABLE single_use_tokens DROP CONSTRAINT single_use_tokens_claim_by_address`.execute(db);
  await sql`DELETE FROM single_use_tokens WHERE user_id IS NULL`.execute(db);
  await sql`ALTER TABLE single_use_tokens ALTER COLUMN user_id SET NOT NULL, ALTER COLUMN credential_epoch SET NOT NULL`.execute(
    db,
  );
  await sql`DROP TABLE held_grants`.execute(db);
}
