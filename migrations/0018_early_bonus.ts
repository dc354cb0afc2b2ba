import { sql, type Kysely } from "kysely";

/**
 * The early bonus is real (issue 26, decision 053): the first N buyers of the membership, from any
 * source, get the `early_bonus` product, N being launch_settings.early_bonus_buyers.
 *
 * A trigger on `entitlements` does it, in the transaction that records the purchase, for the same
 * reason the purchases themselves are triggers (decision 051): every path that records a sale then
 * counts it, with nothing to forget. Each bonus is an entitlement of source kind 'launch_bonus'
 * whose reference is the membership entitlement that earned it, so:
 * - the spots given are the 'launch_bonus' rows ever written, revoked ones included: a refunded
 *   early buyer loses the bonus and the spot does not reopen;
 * - a refund (or any end) of that membership revokes its bonus, and a subscription that becomes
 *   active again gets it back;
 * - a buyer gets at most one bonus, whatever they buy twice.
 * Buyers are counted in the order their purchase reaches their account. Two purchases at once are
 * serialised on the settings row while spots remain, so the N-th spot is given once; once none
 * remain, the unlocked check returns first and purchases no longer wait on each other.
 */
const PAID_SOURCES = sql`('stripe_order', 'stripe_subscription', 'marketplace_order')`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION early_bonus_for_buyer() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      spots integer;
    BEGIN
      IF NEW.product_key <> 'membership' OR NEW.source_kind NOT IN ${PAID_SOURCES} THEN RETURN NULL; END IF;

      IF NEW.revoked_at IS NOT NULL THEN
        -- The membership ended (refund, dispute, cancelled subscription): so does its bonus.
        UPDATE entitlements SET revoked_at = NEW.revoked_at, revoke_reason = 'membership ended'
        WHERE source_kind = 'launch_bonus' AND source_ref = NEW.id::text AND revoked_at IS NULL;
        RETURN NULL;
      END IF;

      IF TG_OP = 'UPDATE' AND OLD.revoked_at IS NOT NULL THEN
        -- A subscription active again: the bonus its membership earned comes back with it.
        UPDATE entitlements SET revoked_at = NULL, revoke_reason = NULL
        WHERE source_kind = 'launch_bonus' AND source_ref = NEW.id::text AND revoke_reason = 'membership ended';
      END IF;

      IF EXISTS (SELECT 1 FROM entitlements WHERE user_id = NEW.user_id AND source_kind = 'launch_bonus') THEN
        RETURN NULL;
      END IF;
      SELECT early_bonus_buyers INTO spots FROM launch_settings;
      IF spots IS NULL OR (SELECT count(*) FROM entitlements WHERE source_kind = 'launch_bonus') >= spots THEN
        RETURN NULL;
      END IF;
      -- Spots remain: count again under the settings row's lock, so two buyers at once get one spot each.
      SELECT early_bonus_buyers INTO spots FROM launch_settings FOR UPDATE;
      IF (SELECT count(*) FROM entitlements WHERE source_kind = 'launch_bonus') < spots THEN
        INSERT INTO entitlements (user_id, product_key, source_kind, source_ref)
        VALUES (NEW.user_id, 'early_bonus', 'launch_bonus', NEW.id::text)
        ON CONFLICT (source_kind, source_ref) DO NOTHING;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER entitlements_early_bonus AFTER INSERT OR UPDATE OF revoked_at ON entitlements
    FOR EACH ROW EXECUTE FUNCTION early_bonus_for_buyer()`.execute(db);

  // Buyers from before this migration, in the order they bought, under the stored setting (a
  // deployment without settings has the code's default, 50, written by its next start).
  await sql`
    INSERT INTO entitlements (user_id, product_key, source_kind, source_ref, granted_at)
    SELECT user_id, 'early_bonus', 'launch_bonus', id::text, granted_at FROM (
      SELECT DISTINCT ON (user_id) id, user_id, granted_at FROM entitlements
      WHERE product_key = 'membership' AND source_kind IN ${PAID_SOURCES} AND revoked_at IS NULL
      ORDER BY user_id, granted_at, id
    ) first_purchase
    ORDER BY granted_at, id
    LIMIT (SELECT coalesce((SELECT early_bonus_buyers FROM launch_settings), 50))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER entitlements_early_bonus ON entitlements`.execute(db);
  await sql`DROP FUNCTION early_bonus_for_buyer()`.execute(db);
  await sql`DELETE FROM entitlements WHERE source_kind = 'launch_bonus'`.execute(db);
}
