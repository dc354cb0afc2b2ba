import { sql, type Kysely } from "kysely";

/**
 * Security hardening (issue 10): verified emails, hashed session ids with an idle timeout,
 * growing login delays, pending Stripe orders written when checkout starts, and refunds or
 * disputes that arrive before the order they revoke.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Signup does not prove an email; a mailed link does. Admins are named by the operator.
  await sql`ALTER TABLE users ADD COLUMN email_verified_at timestamptz`.execute(db);
  await sql`UPDATE users SET email_verified_at = now() WHERE is_admin`.execute(db);

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

  // Only a SHA-256 of the session id is kept, so reading the table signs no one in. Existing
  // sessions keep working: their ids are hashed in place.
  await sql`UPDATE sessions SET id = encode(sha256(convert_to(id, 'UTF8')), 'hex')`.execute(db);
  await sql`ALTER TABLE sessions RENAME COLUMN id TO id_hash`.execute(db);
  await sql`ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now()`.execute(db);

  // Growing delays: when the latest failure was counted.
  await sql`ALTER TABLE rate_limits ADD COLUMN last_hit_at timestamptz NOT NULL DEFAULT now()`.execute(db);

  // A pending order is written when this site creates a Checkout Session; fulfilment only moves
  // such a row forward, so a session made elsewhere on the Stripe account grants nothing.
  await sql`ALTER TABLE stripe_orders ALTER COLUMN customer_id DROP NOT NULL`.execute(db);
  await sql`ALTER TABLE stripe_orders ADD COLUMN user_id uuid REFERENCES users (id) ON DELETE CASCADE`.execute(db);
  await sql`ALTER TABLE stripe_orders ADD COLUMN price_id text`.execute(db);
  await sql`
    UPDATE stripe_orders o SET user_id = c.user_id
    FROM stripe_customers c WHERE c.customer_id = o.customer_id`.execute(db);
  await sql`CREATE INDEX stripe_orders_user_idx ON stripe_orders (user_id)`.execute(db);
  await sql`ALTER TABLE stripe_orders DROP CONSTRAINT stripe_orders_status_check`.execute(db);
  await sql`
    ALTER TABLE stripe_orders ADD CONSTRAINT stripe_orders_status_check
      CHECK (status IN ('pending', 'completed', 'refunded', 'disputed', 'canceled'))`.execute(db);

  // A full refund or a dispute, by payment intent, kept even when no order has it yet.
  await sql`
    CREATE TABLE stripe_payment_reversals (
      payment_intent_id text PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('refunded', 'disputed')),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS stripe_payment_reversals`.execute(db);
  await sql`UPDATE stripe_orders SET status = 'refunded' WHERE status = 'disputed'`.execute(db);
  await sql`ALTER TABLE stripe_orders DROP CONSTRAINT stripe_orders_status_check`.execute(db);
  await sql`
    ALTER TABLE stripe_orders ADD CONSTRAINT stripe_orders_status_check
      CHECK (status IN ('pending', 'completed', 'refunded', 'canceled'))`.execute(db);
  await sql`DROP INDEX IF EXISTS stripe_orders_user_idx`.execute(db);
  await sql`DELETE FROM stripe_orders WHERE customer_id IS NULL`.execute(db);
  await sql`ALTER TABLE stripe_orders DROP COLUMN price_id`.execute(db);
  await sql`ALTER TABLE stripe_orders DROP COLUMN user_id`.execute(db);
  await sql`ALTER TABLE stripe_orders ALTER COLUMN customer_id SET NOT NULL`.execute(db);
  await sql`ALTER TABLE rate_limits DROP COLUMN last_hit_at`.execute(db);
  // Hashed ids cannot be turned back into cookies: everyone signs in again.
  await sql`DELETE FROM sessions`.execute(db);
  await sql`ALTER TABLE sessions DROP COLUMN last_seen_at`.execute(db);
  await sql`ALTER TABLE sessions RENAME COLUMN id_hash TO id`.execute(db);
  await sql`DROP TABLE IF EXISTS email_verification_tokens`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN email_verified_at`.execute(db);
}
