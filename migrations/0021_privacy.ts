import { sql, type Kysely } from "kysely";

/**
 * Privacy (issue 29, decision 056): erasure keeps orders for accounting under a pseudonym, and
 * housekeeping applies the retention periods the privacy policy states.
 *
 * - `erasures`: one row per erased person, the random pseudonym and nothing else that names them.
 * - Orders and Stripe customers outlive their user: the foreign keys that deleted them with the
 *   user (`ON DELETE CASCADE`) now set the user to null, and `erased_as` names the pseudonym.
 * - `cookie_consents.user_id`: a proof made while signed in belongs to that account (exported
 *   with it, deleted with it).
 * - `email_outbox.forget_when_sent`: the farewell after an erasure is the one message to the
 *   address; its row is deleted once delivered, so nothing names the person afterwards.
 * - `single_use_tokens.purpose` 'account_deletion': the link that confirms 'Delete my account' for
 *   an account without a password.
 * - `leads.unsubscribed_at`: shared with the list issue (27), which adds it the same way.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE leads ADD COLUMN IF NOT EXISTS unsubscribed_at timestamptz`.execute(db);
  await sql`
    CREATE TABLE erasures (
      pseudonym text PRIMARY KEY,
      requested_by text NOT NULL CHECK (requested_by IN ('member', 'admin')),
      erased_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`ALTER TABLE stripe_customers ALTER COLUMN user_id DROP NOT NULL`.execute(db);
  await sql`ALTER TABLE stripe_customers DROP CONSTRAINT stripe_customers_user_id_fkey`.execute(db);
  await sql`
    ALTER TABLE stripe_customers ADD CONSTRAINT stripe_customers_user_id_fkey
      FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL`.execute(db);
  await sql`ALTER TABLE stripe_orders DROP CONSTRAINT stripe_orders_user_id_fkey`.execute(db);
  await sql`
    ALTER TABLE stripe_orders ADD CONSTRAINT stripe_orders_user_id_fkey
      FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL`.execute(db);
  for (const table of ["stripe_customers", "stripe_orders", "warriorplus_orders"]) {
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN erased_as text REFERENCES erasures (pseudonym)`.execute(db);
  }

  await sql`ALTER TABLE cookie_consents ADD COLUMN user_id uuid REFERENCES users (id) ON DELETE CASCADE`.execute(db);
  await sql`CREATE INDEX cookie_consents_user_idx ON cookie_consents (user_id) WHERE user_id IS NOT NULL`.execute(db);
  // 'Delete my account' of an account without a password is confirmed by a link mailed to it.
  await sql`ALTER TABLE single_use_tokens DROP CONSTRAINT single_use_tokens_purpose_check`.execute(db);
  await sql`
    ALTER TABLE single_use_tokens ADD CONSTRAINT single_use_tokens_purpose_check CHECK (
      purpose IN ('password_reset', 'email_verification', 'email_change', 'invitation', 'sign_in', 'claim',
                  'account_deletion'))`.execute(db);
  await sql`ALTER TABLE email_outbox ADD COLUMN forget_when_sent boolean NOT NULL DEFAULT false`.execute(db);
  // Retention passes and exports look these up by address and age.
  await sql`CREATE INDEX email_outbox_to_lower_idx ON email_outbox (lower(to_address))`.execute(db);
  await sql`CREATE INDEX admin_audit_log_created_idx ON admin_audit_log (created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS admin_audit_log_created_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS email_outbox_to_lower_idx`.execute(db);
  await sql`ALTER TABLE email_outbox DROP COLUMN forget_when_sent`.execute(db);
  await sql`DELETE FROM single_use_tokens WHERE purpose = 'account_deletion'`.execute(db);
  await sql`ALTER TABLE single_use_tokens DROP CONSTRAINT single_use_tokens_purpose_check`.execute(db);
  await sql`
    ALTER TABLE single_use_tokens ADD CONSTRAINT single_use_tokens_purpose_check CHECK (
      purpose IN ('password_reset', 'email_verification', 'email_change', 'invitation', 'sign_in', 'claim'))`.execute(
    db,
  );
  await sql`ALTER TABLE cookie_consents DROP COLUMN user_id`.execute(db);
  for (const table of ["stripe_customers", "stripe_orders", "warriorplus_orders"]) {
    await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN erased_as`.execute(db);
  }
  // Orders of erased people have no user: they cannot go back under a NOT NULL cascade.
  await sql`ALTER TABLE stripe_orders DROP CONSTRAINT stripe_orders_user_id_fkey`.execute(db);
  await sql`
    ALTER TABLE stripe_orders ADD CONSTRAINT stripe_orders_user_id_fkey
      FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE`.execute(db);
  await sql`ALTER TABLE stripe_customers DROP CONSTRAINT stripe_customers_user_id_fkey`.execute(db);
  await sql`
    ALTER TABLE stripe_customers ADD CONSTRAINT stripe_customers_user_id_fkey
      FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE`.execute(db);
  await sql`DROP TABLE erasures`.execute(db);
}
