import { sql, type Kysely } from "kysely";

/**
 * `paid_access_sources` (0007_business), same rule, in PL/pgSQL (issue 12, member pages). As a
 * SQL function with subqueries it cannot be inlined, so PostgreSQL planned its four EXISTS
 * subqueries again on every statement that called it: every page's session lookup. PL/pgSQL keeps
 * the plan of its statement for the connection (and PGlite's one connection lives as long as the
 * process). Measured on PGlite: the session lookup from about 660 to 500 µs.
 * `has_paid_access` stays a one-line SQL function, which the planner inlines into its callers.
 */
/** The rule itself, word for word as 0007_business wrote it: a user's sources of paid access. */
const PAID_ACCESS_SOURCES = `
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
  await sql`
    CREATE OR REPLACE FUNCTION paid_access_sources(user_uuid uuid) RETURNS text[]
    LANGUAGE plpgsql STABLE AS $$
    BEGIN
      RETURN ${sql.raw(PAID_ACCESS_SOURCES)};
    END
    $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // Back to 0007_business's SQL function.
  await sql`
    CREATE OR REPLACE FUNCTION paid_access_sources(user_uuid uuid) RETURNS text[]
    LANGUAGE sql STABLE AS $$
      SELECT ${sql.raw(PAID_ACCESS_SOURCES)}
    $$`.execute(db);
}
