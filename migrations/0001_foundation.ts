import { sql, type Kysely } from "kysely";

/**
 * Accounts, sessions, courses, payments and the single paid-access function.
 * Every table of docs/product.md §3 lives here; later migrations add what their features need.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const timestamps = sql`created_at timestamptz NOT NULL DEFAULT now()`;

  await sql`
    CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
      name text NOT NULL DEFAULT '',
      password_hash text,
      is_admin boolean NOT NULL DEFAULT false,
      ${timestamps},
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX users_email_key ON users (lower(email))`.execute(db);

  await sql`
    CREATE TABLE sessions (
      id text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      user_agent text,
      ${timestamps}
    )`.execute(db);
  await sql`CREATE INDEX sessions_user_id_idx ON sessions (user_id)`.execute(db);

  await sql`
    CREATE TABLE password_reset_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      ${timestamps}
    )`.execute(db);

  await sql`
    CREATE TABLE courses (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      title text NOT NULL CHECK (length(trim(title)) > 0),
      description text NOT NULL DEFAULT '',
      ${timestamps},
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE chapters (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      course_id uuid NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
      title text NOT NULL CHECK (length(trim(title)) > 0),
      content text NOT NULL DEFAULT '',
      sort_order integer NOT NULL,
      ${timestamps},
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX chapters_course_order_idx ON chapters (course_id, sort_order)`.execute(db);

  await sql`
    CREATE TABLE stripe_customers (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
      customer_id text NOT NULL UNIQUE,
      ${timestamps}
    )`.execute(db);

  await sql`
    CREATE TABLE stripe_orders (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      checkout_session_id text NOT NULL UNIQUE,
      payment_intent_id text,
      customer_id text NOT NULL REFERENCES stripe_customers (customer_id) ON DELETE CASCADE,
      product_key text,
      amount_subtotal integer,
      amount_total integer,
      currency text,
      payment_status text,
      status text NOT NULL CHECK (status IN ('pending', 'completed', 'refunded', 'canceled')),
      ${timestamps},
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX stripe_orders_customer_idx ON stripe_orders (customer_id, status)`.execute(db);
  await sql`CREATE INDEX stripe_orders_payment_intent_idx ON stripe_orders (payment_intent_id)`.execute(db);

  await sql`
    CREATE TABLE stripe_subscriptions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      customer_id text NOT NULL REFERENCES stripe_customers (customer_id) ON DELETE CASCADE,
      subscription_id text NOT NULL UNIQUE,
      price_id text,
      status text NOT NULL,
      current_period_end timestamptz,
      cancel_at_period_end boolean NOT NULL DEFAULT false,
      ${timestamps},
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX stripe_subscriptions_customer_idx ON stripe_subscriptions (customer_id, status)`.execute(db);

  await sql`
    CREATE VIEW stripe_user_orders AS
      SELECT c.user_id, o.customer_id, o.checkout_session_id, o.payment_intent_id,
             o.amount_total, o.currency, o.status, o.created_at
      FROM stripe_orders o JOIN stripe_customers c ON c.customer_id = o.customer_id`.execute(db);
  await sql`
    CREATE VIEW stripe_user_subscriptions AS
      SELECT c.user_id, s.customer_id, s.subscription_id, s.status, s.current_period_end
      FROM stripe_subscriptions s JOIN stripe_customers c ON c.customer_id = s.customer_id`.execute(db);

  await sql`
    CREATE TABLE warriorplus_orders (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid REFERENCES users (id) ON DELETE SET NULL,
      sale_id text NOT NULL UNIQUE,
      txn_id text,
      item_number text,
      item_name text,
      buyer_email text NOT NULL,
      buyer_name text,
      affiliate_id text,
      amount_cents integer,
      currency text,
      grants_membership boolean NOT NULL DEFAULT true,
      refunded_at timestamptz,
      ${timestamps}
    )`.execute(db);
  await sql`CREATE INDEX warriorplus_orders_user_idx ON warriorplus_orders (user_id)`.execute(db);

  await sql`
    CREATE TABLE webhook_events (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      provider text NOT NULL,
      event_id text NOT NULL,
      event_type text NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (provider, event_id)
    )`.execute(db);

  await sql`
    CREATE TABLE rate_limits (
      key text PRIMARY KEY,
      hits integer NOT NULL,
      reset_at timestamptz NOT NULL
    )`.execute(db);

  // The one definition of "paid" (docs/product.md §6). Every paid check in the app calls this.
  // Active and trialing subscriptions count; cancelled ones do not (docs/decisions/007-has-paid-access-is-the-one-definition-of-paid.md).
  await sql`
    CREATE FUNCTION has_paid_access(user_uuid uuid) RETURNS boolean
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

  await sql`
    CREATE VIEW user_payment_status AS
      SELECT u.id AS user_id, has_paid_access(u.id) AS has_paid FROM users u`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP VIEW IF EXISTS user_payment_status`.execute(db);
  await sql`DROP FUNCTION IF EXISTS has_paid_access(uuid)`.execute(db);
  await sql`DROP VIEW IF EXISTS stripe_user_subscriptions`.execute(db);
  await sql`DROP VIEW IF EXISTS stripe_user_orders`.execute(db);
  for (const table of [
    "rate_limits",
    "webhook_events",
    "warriorplus_orders",
    "stripe_subscriptions",
    "stripe_orders",
    "stripe_customers",
    "chapters",
    "courses",
    "password_reset_tokens",
    "sessions",
    "users",
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
