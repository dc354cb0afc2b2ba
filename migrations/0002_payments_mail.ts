import { sql, type Kysely } from "kysely";

/**
 * Payments and mail: the email outbox, and what fulfilment needs beyond the foundation.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Mail is written in the same transaction as what triggers it, then delivered by the
  // in-process sender; a failed send stays here with its next attempt time, so nothing is lost.
  await sql`
    CREATE TABLE email_outbox (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      to_address text NOT NULL,
      subject text NOT NULL,
      text_body text NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      last_error text,
      sent_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX email_outbox_due_idx ON email_outbox (next_attempt_at) WHERE sent_at IS NULL`.execute(db);

  // Checkout creates a new Stripe customer per purchase (guest checkouts, two tabs paid at once),
  // so one user may own several customers; each customer still belongs to exactly one user.
  await sql`ALTER TABLE stripe_customers DROP CONSTRAINT stripe_customers_user_id_key`.execute(db);
  await sql`CREATE INDEX stripe_customers_user_idx ON stripe_customers (user_id)`.execute(db);

  // A reset ends every other outstanding link of the user.
  await sql`CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS password_reset_tokens_user_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS stripe_customers_user_idx`.execute(db);
  await sql`ALTER TABLE stripe_customers ADD CONSTRAINT stripe_customers_user_id_key UNIQUE (user_id)`.execute(db);
  await sql`DROP TABLE IF EXISTS email_outbox`.execute(db);
}
