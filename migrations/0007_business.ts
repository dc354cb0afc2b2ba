import { sql, type Kysely } from "kysely";

/**
 * Running the business (issue 14): complimentary access, the admin audit log, one ledger of
 * orders from both sources, HTML mail bodies and Stripe receipts sent once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Complimentary access given by an admin. Active while neither revoked nor expired; kept
  // afterwards as history.
  await sql`
    CREATE TABLE access_grants (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      reason text NOT NULL CHECK (length(trim(reason)) BETWEEN 1 AND 500),
      expires_at timestamptz,
      granted_by uuid REFERENCES users (id) ON DELETE SET NULL,
      revoked_at timestamptz,
      revoked_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX access_grants_user_idx ON access_grants (user_id) WHERE revoked_at IS NULL`.execute(db);

  // What admins did, one row per action, written in the action's own transaction. The admin's
  // email is copied so the row still says who after that account is gone.
  await sql`
    CREATE TABLE admin_audit_log (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      admin_id uuid REFERENCES users (id) ON DELETE SET NULL,
      admin_email text NOT NULL,
      action text NOT NULL,
      member_id uuid REFERENCES users (id) ON DELETE SET NULL,
      details jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX admin_audit_log_member_idx ON admin_audit_log (member_id, created_at DESC)`.execute(db);

  // Stripe orders learn when they were refunded (the marketplace's already do), and whether
  // their receipt was queued, so a replayed or concurrent fulfilment sends it exactly once.
  await sql`ALTER TABLE stripe_orders ADD COLUMN refunded_at timestamptz, ADD COLUMN receipt_queued_at timestamptz`.execute(
    db,
  );
  await sql`UPDATE stripe_orders SET refunded_at = updated_at WHERE status = 'refunded'`.execute(db);

  // Mail gets a simple HTML part beside the plain text one (older rows have none).
  await sql`ALTER TABLE email_outbox ADD COLUMN html_body text`.execute(db);
  await sql`CREATE INDEX email_outbox_to_idx ON email_outbox (to_address, created_at DESC)`.execute(db);
  await sql`CREATE INDEX email_outbox_created_idx ON email_outbox (created_at DESC)`.execute(db);
  await sql`CREATE INDEX warriorplus_orders_created_idx ON warriorplus_orders (created_at)`.execute(db);
  await sql`CREATE INDEX stripe_orders_created_idx ON stripe_orders (created_at)`.execute(db);

  // Every order from both sources in one shape: the member page, the buyer's purchases and
  // receipts, the sales report and the orders export all read this. Paid = completed or refunded.
  await sql`
    CREATE VIEW order_ledger AS
      SELECT 'stripe'::text AS source, o.id, c.user_id, o.created_at, o.product_key AS product,
             o.amount_total AS amount_cents, upper(o.currency) AS currency, o.status, o.refunded_at,
             o.checkout_session_id AS reference, NULL::text AS affiliate_id
      FROM stripe_orders o JOIN stripe_customers c ON c.customer_id = o.customer_id
      UNION ALL
      SELECT 'warriorplus'::text, w.id, w.user_id, w.created_at, coalesce(w.item_name, w.item_number),
             w.amount_cents, upper(w.currency),
             CASE WHEN w.refunded_at IS NULL THEN 'completed' ELSE 'refunded' END, w.refunded_at,
             w.sale_id, w.affiliate_id
      FROM warriorplus_orders w`.execute(db);

  // Where a user's access comes from, as labels; has_paid_access is "any source at all", so paid
  // keeps ONE definition and now includes an active complimentary grant.
  await sql`
    CREATE FUNCTION paid_access_sources(user_uuid uuid) RETURNS text[]
    LANGUAGE sql STABLE AS $$
      SELECT array_remove(ARRAY[
        CASE WHEN EXISTS (
               SELECT 1 FROM stripe_orders o JOIN stripe_customers c ON c.customer_id = o.customer_id
               WHERE c.user_id = user_uuid AND o.status = 'completed')
          OR EXISTS (
               SELECT 1 FROM stripe_subscriptions s JOIN stripe_customers c ON c.customer_id = s.customer_id
               WHERE c.user_id = user_uuid AND s.status IN ('active', 'trialing'))
          THEN 'Stripe' END,
        CASE WHEN EXISTS (
               SELECT 1 FROM warriorplus_orders w
               WHERE w.user_id = user_uuid AND w.refunded_at IS NULL AND w.grants_membership)
          THEN 'WarriorPlus' END,
        CASE WHEN EXISTS (
               SELECT 1 FROM access_grants g
               WHERE g.user_id = user_uuid AND g.revoked_at IS NULL AND (g.expires_at IS NULL OR g.expires_at > now()))
          THEN 'Complimentary' END
      ], NULL)
    $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION has_paid_access(user_uuid uuid) RETURNS boolean
    LANGUAGE sql STABLE AS $$
      SELECT cardinality(paid_access_sources(user_uuid)) > 0
    $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // The definition of 0001_foundation, without complimentary grants.
  await sql`
    CREATE OR REPLACE FUNCTION has_paid_access(user_uuid uuid) RETURNS boolean
    LANGUAGE sql STABLE AS $$
      SELECT EXISTS (
               SELECT 1 FROM warriorplus_orders w
               WHERE w.user_id = user_uuid AND w.refunded_at IS NULL AND w.grants_membership)
          OR EXISTS (
               SELECT 1 FROM stripe_orders o JOIN stripe_customers c ON c.customer_id = o.customer_id
               WHERE c.user_id = user_uuid AND o.status = 'completed')
          OR EXISTS (
               SELECT 1 FROM stripe_subscriptions s JOIN stripe_customers c ON c.customer_id = s.customer_id
               WHERE c.user_id = user_uuid AND s.status IN ('active', 'trialing'))
    $$`.execute(db);
  await sql`DROP FUNCTION IF EXISTS paid_access_sources(uuid)`.execute(db);
  await sql`DROP VIEW IF EXISTS order_ledger`.execute(db);
  await sql`DROP INDEX IF EXISTS stripe_orders_created_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS warriorplus_orders_created_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS email_outbox_created_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS email_outbox_to_idx`.execute(db);
  await sql`ALTER TABLE email_outbox DROP COLUMN IF EXISTS html_body`.execute(db);
  await sql`ALTER TABLE stripe_orders DROP COLUMN IF EXISTS receipt_queued_at, DROP COLUMN IF EXISTS refunded_at`.execute(
    db,
  );
  await sql`DROP TABLE IF EXISTS admin_audit_log`.execute(db);
  await sql`DROP TABLE IF EXISTS access_grants`.execute(db);
}
