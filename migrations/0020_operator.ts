import { sql, type Kysely } from "kysely";

/**
 * Issue 28 (decision 055). A refund asked for from the admin panel is recorded on its order
 * before Stripe is called (`refund_requested_at`, cleared again when Stripe refuses), so a
 * second submit finds it taken and never calls Stripe twice; `refund_id` is Stripe's answer.
 * The order's status still moves only when Stripe's `charge.refunded` arrives.
 *
 * `community_settings`: the admin's override of COMMUNITY_INVITE_URL, one row at most.
 *
 * `mfa_challenges.password_typed`: false for a sign-in begun with an emailed link, so finishing
 * it with a code does not count as a password typed just now (decision 047's re-authentication).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE stripe_orders ADD COLUMN refund_requested_at timestamptz`.execute(db);
  await sql`ALTER TABLE stripe_orders ADD COLUMN refund_id text`.execute(db);
  await sql`ALTER TABLE mfa_challenges ADD COLUMN password_typed boolean NOT NULL DEFAULT true`.execute(db);
  await sql`
    CREATE TABLE community_settings (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      invite_url text,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE community_settings`.execute(db);
  await sql`ALTER TABLE mfa_challenges DROP COLUMN password_typed`.execute(db);
  await sql`ALTER TABLE stripe_orders DROP COLUMN refund_id`.execute(db);
  await sql`ALTER TABLE stripe_orders DROP COLUMN refund_requested_at`.execute(db);
}
