import { sql, type Kysely } from "kysely";

/**
 * Early-bonus spots that a refund gave back (issue 41, finding 9; decision 069). Until now a spot
 * once given never reopened (migration 0018), so every refunded early buyer made "N of 50 left"
 * a spot smaller for good. Now a membership that ends within the money-back guarantee, i.e. fewer
 * than GUARANTEE_DAYS after it was granted (a refund, a dispute, a lapsed subscription), ends its
 * bonus with the reason 'membership ended within the guarantee', and such a bonus no longer
 * counts as a spot taken: the next buyer gets it. One that ends later keeps its spot, as before.
 *
 * - `early_bonus_spots_taken()` is the one count of spots taken, for the trigger and the landing
 *   (launch-settings.server `readLaunchState`).
 * - A bonus whose spot reopened does not come back with its membership by itself: the buyer
 *   competes for a spot again (the same row is given back while one is free).
 * - A spot goes to a purchase as it reaches the account, or to a membership in force again; an
 *   update that leaves a membership in force (a marketplace notification or a subscription event
 *   sent again) no longer takes one, so a reopened spot goes to the next buyer.
 * - GUARANTEE_DAYS (app/features/catalogue/prices.ts) is 30; a migration is frozen, so the days are
 *   written here, and tests/integration/launch/early-bonus.test.ts checks both sides of the line
 *   with GUARANTEE_DAYS itself: a new guarantee needs a migration that replaces this function.
 * - Bonuses ended before this migration within the guarantee reopen their spots too.
 */
const PAID_SOURCES = sql`('stripe_order', 'stripe_subscription', 'marketplace_order')`;
const GUARANTEE = sql`interval '30 days'`;
const REOPENED = sql.lit("membership ended within the guarantee");

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION early_bonus_spots_taken() RETURNS bigint LANGUAGE sql STABLE AS $$
      SELECT count(*) FROM entitlements
      WHERE source_kind = 'launch_bonus' AND revoke_reason IS DISTINCT FROM ${REOPENED}
    $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION early_bonus_for_buyer() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      spots integer;
    BEGIN
      IF NEW.product_key <> 'membership' OR NEW.source_kind NOT IN ${PAID_SOURCES} THEN RETURN NULL; END IF;

      IF NEW.revoked_at IS NOT NULL THEN
        -- The membership ended: so does its bonus; within the guarantee, its spot opens again.
        UPDATE entitlements SET revoked_at = NEW.revoked_at,
          revoke_reason = CASE WHEN NEW.revoked_at < NEW.granted_at + ${GUARANTEE}
                               THEN ${REOPENED} ELSE 'membership ended' END
        WHERE source_kind = 'launch_bonus' AND source_ref = NEW.id::text AND revoked_at IS NULL;
        RETURN NULL;
      END IF;

      IF TG_OP = 'UPDATE' THEN
        -- A membership that was and stays in force (a webhook sent again) takes no spot: a reopened
        -- one goes to the next purchase, not to an older buyer's next update.
        IF OLD.revoked_at IS NULL THEN RETURN NULL; END IF;
        -- A subscription active again: a bonus that kept its spot comes back with it.
        UPDATE entitlements SET revoked_at = NULL, revoke_reason = NULL
        WHERE source_kind = 'launch_bonus' AND source_ref = NEW.id::text AND revoke_reason = 'membership ended';
      END IF;

      IF EXISTS (SELECT 1 FROM entitlements WHERE user_id = NEW.user_id AND source_kind = 'launch_bonus'
                 AND revoke_reason IS DISTINCT FROM ${REOPENED}) THEN
        RETURN NULL;
      END IF;
      SELECT early_bonus_buyers INTO spots FROM launch_settings;
      IF spots IS NULL OR early_bonus_spots_taken() >= spots THEN
        RETURN NULL;
      END IF;
      -- Spots remain: count again under the settings row's lock, so two buyers at once get one spot each.
      SELECT early_bonus_buyers INTO spots FROM launch_settings FOR UPDATE;
      IF early_bonus_spots_taken() < spots THEN
        -- A membership whose bonus gave its spot back takes one again on the same row.
        INSERT INTO entitlements (user_id, product_key, source_kind, source_ref)
        VALUES (NEW.user_id, 'early_bonus', 'launch_bonus', NEW.id::text)
        ON CONFLICT (source_kind, source_ref) DO UPDATE SET
          revoked_at = NULL, revoke_reason = NULL, granted_at = EXCLUDED.granted_at;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    UPDATE entitlements bonus SET revoke_reason = ${REOPENED}
    FROM entitlements membership
    WHERE bonus.source_kind = 'launch_bonus' AND bonus.revoke_reason = 'membership ended'
      AND membership.id::text = bonus.source_ref
      AND membership.revoked_at < membership.granted_at + ${GUARANTEE}`.execute(db);
  await sql`COMMENT ON FUNCTION early_bonus_for_buyer() IS ${sql.lit(
    "Decision 053 as amended by 069 (the early bonus is counted): the first launch_settings.early_bonus_buyers buyers of the membership get the early bonus, which ends with the membership that earned it; a membership that ends within the money-back guarantee gives its spot back.",
  )}`.execute(db);
  await sql`COMMENT ON FUNCTION early_bonus_spots_taken() IS ${sql.lit(
    "Decision 069: the early-bonus spots taken, every bonus ever given except those whose membership ended within the money-back guarantee.",
  )}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    UPDATE entitlements SET revoke_reason = 'membership ended'
    WHERE source_kind = 'launch_bonus' AND revoke_reason = ${REOPENED}`.execute(db);
  // Migration 0018's function, as it was.
  await sql`
    CREATE OR REPLACE FUNCTION early_bonus_for_buyer() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      spots integer;
    BEGIN
      IF NEW.product_key <> 'membership' OR NEW.source_kind NOT IN ${PAID_SOURCES} THEN RETURN NULL; END IF;
      IF NEW.revoked_at IS NOT NULL THEN
        UPDATE entitlements SET revoked_at = NEW.revoked_at, revoke_reason = 'membership ended'
        WHERE source_kind = 'launch_bonus' AND source_ref = NEW.id::text AND revoked_at IS NULL;
        RETURN NULL;
      END IF;
      IF TG_OP = 'UPDATE' AND OLD.revoked_at IS NOT NULL THEN
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
      SELECT early_bonus_buyers INTO spots FROM launch_settings FOR UPDATE;
      IF (SELECT count(*) FROM entitlements WHERE source_kind = 'launch_bonus') < spots THEN
        INSERT INTO entitlements (user_id, product_key, source_kind, source_ref)
        VALUES (NEW.user_id, 'early_bonus', 'launch_bonus', NEW.id::text)
        ON CONFLICT (source_kind, source_ref) DO NOTHING;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`COMMENT ON FUNCTION early_bonus_for_buyer() IS ${sql.lit(
    "Decision 053 (the early bonus is counted): the first launch_settings.early_bonus_buyers buyers of the membership get the early bonus, which ends with the membership that earned it, and a spot once given never reopens.",
  )}`.execute(db);
  await sql`DROP FUNCTION early_bonus_spots_taken()`.execute(db);
}
