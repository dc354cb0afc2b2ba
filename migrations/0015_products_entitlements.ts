import { sql, type Kysely } from "kysely";

/**
 * Every product unlocks what it sells (issue 25, decision 051): the catalogue as data
 * (`products`), one table of who owns which product and why (`entitlements`), and courses that
 * name the product that opens them.
 *
 * Entitlements are derived from the records of what happened (a Stripe order, a subscription, a
 * marketplace order, an admin's grant) by triggers on those tables, in the transaction that
 * writes them: whichever code records a sale, a refund or an attachment to an account, the sale
 * grants exactly one entitlement (unique by its source) and its refund revokes that one only.
 * The backfill below is the same functions applied to every existing row.
 * `has_paid_access` keeps its name and callers (decision 007): an active `membership` entitlement.
 */

/** The code defaults of app/features/catalogue/catalogue.ts as they were when this migration was written. */
const DEFAULT_PRODUCTS = sql`
  ('membership', 'AI Profit Labs Lifetime Access', 2500, 19700, 1),
  ('vip', 'VIP Upgrade', 495, NULL, 2),
  ('white_label', '12-in-1 White-Label AI SaaS', 3700, 99700, 3),
  ('custom_saas', 'Custom AI SaaS and 1-on-1 Coaching', 99700, 199700, 4),
  ('early_bonus', 'First 50 Customers Bonus Bundle', 0, 29700, 5),
  ('starter', 'AI SaaS Starter Kit', 0, NULL, 6)`;

/** The stripe_orders.product_key values of the plan page's two offers: both sell the membership. */
const MEMBERSHIP_OFFERS = sql`('AI_PROFIT_LABS', 'AI_PROFIT_LABS_TRIAL')`;

const PAID_ACCESS_SOURCES_0009 = `
  array_remove(ARRAY[
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
  ], NULL)`;

export async function up(db: Kysely<any>): Promise<void> {
  // The catalogue. `edited_at` stays null until an admin saves the product: until then the start
  // fills the Stripe price and the marketplace items from STRIPE_PRICE_* and
  // WARRIORPLUS_MEMBERSHIP_ITEMS (seeds); afterwards what the admin saved wins.
  await sql`
    CREATE TABLE products (
      key text PRIMARY KEY CHECK (key ~ '^[a-z][a-z0-9_]{1,39}$'),
      name text NOT NULL CHECK (length(trim(name)) BETWEEN 1 AND 120),
      price_cents integer NOT NULL CHECK (price_cents BETWEEN 0 AND 100000000),
      list_price_cents integer CHECK (list_price_cents BETWEEN 0 AND 100000000),
      stripe_price_id text CHECK (stripe_price_id ~ '^price_[A-Za-z0-9_]{1,200}$'),
      marketplace_items text[] NOT NULL DEFAULT '{}',
      sort_order integer NOT NULL,
      edited_at timestamptz,
      edited_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    INSERT INTO products (key, name, price_cents, list_price_cents, sort_order)
    VALUES ${DEFAULT_PRODUCTS}`.execute(db);

  await sql`
    CREATE TABLE entitlements (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      product_key text NOT NULL REFERENCES products (key),
      source_kind text NOT NULL CHECK (source_kind IN
        ('stripe_order', 'stripe_subscription', 'marketplace_order', 'grant', 'lead_signup', 'launch_bonus')),
      source_ref text NOT NULL,
      granted_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz,
      revoked_at timestamptz,
      revoke_reason text CHECK (length(revoke_reason) <= 500)
    )`.execute(db);
  // Exactly one entitlement per sale (or grant, or subscription).
  await sql`CREATE UNIQUE INDEX entitlements_source_idx ON entitlements (source_kind, source_ref)`.execute(db);
  await sql`CREATE INDEX entitlements_user_idx ON entitlements (user_id, product_key)`.execute(db);

  // Which product a marketplace sale is of (null: an item the catalogue does not list), and which
  // product an admin's grant gives (every grant so far gave the membership).
  await sql`ALTER TABLE warriorplus_orders ADD COLUMN product_key text REFERENCES products (key)`.execute(db);
  await sql`UPDATE warriorplus_orders SET product_key = 'membership' WHERE grants_membership`.execute(db);
  await sql`
    ALTER TABLE access_grants ADD COLUMN product_key text NOT NULL DEFAULT 'membership' REFERENCES products (key)`.execute(
    db,
  );
  await sql`
    ALTER TABLE courses ADD COLUMN required_product text NOT NULL DEFAULT 'membership' REFERENCES products (key)`.execute(
    db,
  );

  // The triggers: each source row keeps its one entitlement in step.
  await sql`
    CREATE FUNCTION entitlement_from_stripe_order() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      owner uuid := coalesce(NEW.user_id, (SELECT user_id FROM stripe_customers WHERE customer_id = NEW.customer_id));
      product text := CASE WHEN NEW.product_key IS NULL OR NEW.product_key IN ${MEMBERSHIP_OFFERS}
                           THEN 'membership' ELSE NEW.product_key END;
    BEGIN
      IF owner IS NULL OR NOT EXISTS (SELECT 1 FROM products WHERE key = product) THEN RETURN NULL; END IF;
      IF NEW.status = 'completed' THEN
        INSERT INTO entitlements (user_id, product_key, source_kind, source_ref)
        VALUES (owner, product, 'stripe_order', NEW.id::text)
        ON CONFLICT (source_kind, source_ref) DO NOTHING;
      ELSIF NEW.status IN ('refunded', 'disputed', 'canceled') THEN
        UPDATE entitlements SET revoked_at = coalesce(revoked_at, now()), revoke_reason = coalesce(revoke_reason, NEW.status)
        WHERE source_kind = 'stripe_order' AND source_ref = NEW.id::text;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER stripe_orders_entitlement AFTER INSERT OR UPDATE ON stripe_orders
    FOR EACH ROW EXECUTE FUNCTION entitlement_from_stripe_order()`.execute(db);

  await sql`
    CREATE FUNCTION entitlement_from_stripe_subscription() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      owner uuid := (SELECT user_id FROM stripe_customers WHERE customer_id = NEW.customer_id);
      active boolean := NEW.status IN ('active', 'trialing');
    BEGIN
      IF owner IS NULL THEN RETURN NULL; END IF;
      INSERT INTO entitlements (user_id, product_key, source_kind, source_ref, revoked_at, revoke_reason)
      VALUES (owner, 'membership', 'stripe_subscription', NEW.subscription_id,
              CASE WHEN active THEN NULL ELSE now() END, CASE WHEN active THEN NULL ELSE NEW.status END)
      ON CONFLICT (source_kind, source_ref) DO UPDATE SET
        revoked_at = CASE WHEN active THEN NULL ELSE coalesce(entitlements.revoked_at, now()) END,
        revoke_reason = CASE WHEN active THEN NULL ELSE NEW.status END;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER stripe_subscriptions_entitlement AFTER INSERT OR UPDATE ON stripe_subscriptions
    FOR EACH ROW EXECUTE FUNCTION entitlement_from_stripe_subscription()`.execute(db);

  // A marketplace order grants once it has a user (it may wait for one: an upsell before the
  // front end, or an address not yet proven) and a product; its refund revokes it.
  await sql`
    CREATE FUNCTION entitlement_from_marketplace_order() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      product text := coalesce(NEW.product_key, CASE WHEN NEW.grants_membership THEN 'membership' END);
    BEGIN
      IF NEW.user_id IS NULL OR product IS NULL THEN RETURN NULL; END IF;
      INSERT INTO entitlements (user_id, product_key, source_kind, source_ref, granted_at, revoked_at, revoke_reason)
      VALUES (NEW.user_id, product, 'marketplace_order', NEW.id::text, now(), NEW.refunded_at,
              CASE WHEN NEW.refunded_at IS NOT NULL THEN 'refunded' END)
      ON CONFLICT (source_kind, source_ref) DO UPDATE SET
        revoked_at = coalesce(entitlements.revoked_at, EXCLUDED.revoked_at),
        revoke_reason = coalesce(entitlements.revoke_reason, EXCLUDED.revoke_reason);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER warriorplus_orders_entitlement AFTER INSERT OR UPDATE ON warriorplus_orders
    FOR EACH ROW EXECUTE FUNCTION entitlement_from_marketplace_order()`.execute(db);

  // An admin's grant is mirrored whole: its product, expiry and revocation.
  await sql`
    CREATE FUNCTION entitlement_from_grant() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO entitlements (user_id, product_key, source_kind, source_ref, granted_at, expires_at, revoked_at, revoke_reason)
      VALUES (NEW.user_id, NEW.product_key, 'grant', NEW.id::text, NEW.created_at, NEW.expires_at, NEW.revoked_at,
              CASE WHEN NEW.revoked_at IS NOT NULL THEN 'revoked by an admin' END)
      ON CONFLICT (source_kind, source_ref) DO UPDATE SET
        product_key = EXCLUDED.product_key, expires_at = EXCLUDED.expires_at,
        revoked_at = EXCLUDED.revoked_at, revoke_reason = EXCLUDED.revoke_reason;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER access_grants_entitlement AFTER INSERT OR UPDATE ON access_grants
    FOR EACH ROW EXECUTE FUNCTION entitlement_from_grant()`.execute(db);

  // The backfill: every existing row through its trigger (a no-op update fires it).
  await sql`UPDATE stripe_orders SET status = status`.execute(db);
  await sql`UPDATE stripe_subscriptions SET status = status`.execute(db);
  await sql`UPDATE warriorplus_orders SET user_id = user_id`.execute(db);
  await sql`UPDATE access_grants SET reason = reason`.execute(db);
  // Dates as they were, not the migration's.
  await sql`
    UPDATE entitlements e SET granted_at = o.created_at FROM stripe_orders o
    WHERE e.source_kind = 'stripe_order' AND e.source_ref = o.id::text`.execute(db);
  await sql`
    UPDATE entitlements e SET granted_at = w.created_at, revoked_at = coalesce(w.refunded_at, e.revoked_at)
    FROM warriorplus_orders w WHERE e.source_kind = 'marketplace_order' AND e.source_ref = w.id::text`.execute(db);

  // The one definition of paid (decision 007), now over entitlements; the labels of where a
  // member's membership comes from, in the order the admin pages always showed them.
  // PL/pgSQL for the reason of 0009 (its plan is kept per connection).
  await sql`
    CREATE OR REPLACE FUNCTION paid_access_sources(user_uuid uuid) RETURNS text[]
    LANGUAGE plpgsql STABLE AS $$
    BEGIN
      RETURN (SELECT coalesce(array_agg(label ORDER BY rank), '{}') FROM (
        SELECT DISTINCT
          CASE source_kind WHEN 'stripe_order' THEN 'Stripe' WHEN 'stripe_subscription' THEN 'Stripe'
            WHEN 'marketplace_order' THEN 'WarriorPlus' WHEN 'grant' THEN 'Complimentary'
            WHEN 'lead_signup' THEN 'Lead signup' ELSE 'Launch bonus' END AS label,
          CASE source_kind WHEN 'stripe_order' THEN 1 WHEN 'stripe_subscription' THEN 1
            WHEN 'marketplace_order' THEN 2 WHEN 'grant' THEN 3 WHEN 'lead_signup' THEN 4 ELSE 5 END AS rank
        FROM entitlements
        WHERE user_id = user_uuid AND product_key = 'membership' AND revoked_at IS NULL
          AND (expires_at IS NULL OR expires_at > now())
      ) labels);
    END
    $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION has_paid_access(user_uuid uuid) RETURNS boolean
    LANGUAGE sql STABLE AS $$
      SELECT EXISTS (
        SELECT 1 FROM entitlements
        WHERE user_id = user_uuid AND product_key = 'membership' AND revoked_at IS NULL
          AND (expires_at IS NULL OR expires_at > now()))
    $$`.execute(db);

  // Custom SaaS owners' project applications (/custom-saas/apply), worked through on /admin/custom-saas.
  await sql`
    CREATE TABLE custom_saas_applications (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      project_name text NOT NULL CHECK (length(trim(project_name)) BETWEEN 1 AND 120),
      description text NOT NULL CHECK (length(trim(description)) BETWEEN 1 AND 5000),
      availability text NOT NULL CHECK (length(trim(availability)) BETWEEN 1 AND 500),
      hosting text NOT NULL CHECK (hosting IN ('recommend', 'own', 'undecided')),
      status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'in_progress', 'delivered', 'refunded')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX custom_saas_applications_created_idx ON custom_saas_applications (created_at DESC)`.execute(
    db,
  );

  // The ledger names our product for every order it can (receipts, sales per product).
  await sql`
    CREATE OR REPLACE VIEW order_ledger AS
      SELECT 'stripe'::text AS source, o.id, c.user_id, o.created_at, o.product_key AS product,
             o.amount_total AS amount_cents, upper(o.currency) AS currency, o.status, o.refunded_at,
             o.checkout_session_id AS reference, NULL::text AS affiliate_id,
             CASE WHEN o.product_key IS NULL OR o.product_key IN ${MEMBERSHIP_OFFERS} THEN 'membership'
                  ELSE o.product_key END AS product_key
      FROM stripe_orders o JOIN stripe_customers c ON c.customer_id = o.customer_id
      UNION ALL
      SELECT 'warriorplus'::text, w.id, w.user_id, w.created_at, coalesce(w.item_name, w.item_number),
             w.amount_cents, upper(w.currency),
             CASE WHEN w.refunded_at IS NULL THEN 'completed' ELSE 'refunded' END, w.refunded_at,
             w.sale_id, w.affiliate_id,
             coalesce(w.product_key, CASE WHEN w.grants_membership THEN 'membership' END)
      FROM warriorplus_orders w`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP VIEW IF EXISTS order_ledger`.execute(db);
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
  await sql`
    CREATE OR REPLACE FUNCTION paid_access_sources(user_uuid uuid) RETURNS text[]
    LANGUAGE plpgsql STABLE AS $$
    BEGIN
      RETURN ${sql.raw(PAID_ACCESS_SOURCES_0009)};
    END
    $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION has_paid_access(user_uuid uuid) RETURNS boolean
    LANGUAGE sql STABLE AS $$
      SELECT cardinality(paid_access_sources(user_uuid)) > 0
    $$`.execute(db);
  for (const [table, fn] of [
    ["stripe_orders", "entitlement_from_stripe_order"],
    ["stripe_subscriptions", "entitlement_from_stripe_subscription"],
    ["warriorplus_orders", "entitlement_from_marketplace_order"],
    ["access_grants", "entitlement_from_grant"],
  ] as const) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${table}_entitlement`)} ON ${sql.raw(table)}`.execute(db);
    await sql`DROP FUNCTION IF EXISTS ${sql.raw(fn)}()`.execute(db);
  }
  await sql`DROP TABLE IF EXISTS custom_saas_applications`.execute(db);
  await sql`ALTER TABLE courses DROP COLUMN IF EXISTS required_product`.execute(db);
  // Grants of anything but the membership did not exist before.
  await sql`DELETE FROM access_grants WHERE product_key <> 'membership'`.execute(db);
  await sql`ALTER TABLE access_grants DROP COLUMN IF EXISTS product_key`.execute(db);
  await sql`ALTER TABLE warriorplus_orders DROP COLUMN IF EXISTS product_key`.execute(db);
  await sql`DROP TABLE IF EXISTS entitlements`.execute(db);
  await sql`DROP TABLE IF EXISTS products`.execute(db);
}
