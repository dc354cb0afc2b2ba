import { sql, type Selectable } from "kysely";
import type { DB } from "~/platform/db/db-schema";
import { db, type Database } from "~/platform/db/db.server";
import type { LaunchSettings } from "./launch";

/**
 * The stored launch settings (null when none were ever saved: the defaults apply) and, in the
 * same statement, how many early-bonus spots are taken: the database's one count
 * (`early_bonus_spots_taken()`, migration 0030), every bonus ever given except those whose
 * membership ended within the money-back guarantee, whose spots reopened (decision 069).
 */
export async function readLaunchState(): Promise<{ settings: LaunchSettings | null; earlyBonusesGiven: number }> {
  const row = await db()
    .selectFrom("launch_settings")
    .selectAll()
    .select(sql<string>`early_bonus_spots_taken()`.as("early_bonuses_given"))
    .where("id", "=", true)
    .executeTakeFirst();
  if (!row) return { settings: null, earlyBonusesGiven: 0 };
  return { settings: settingsOf(row), earlyBonusesGiven: Number(row.early_bonuses_given ?? 0) };
}

function settingsOf(row: Selectable<DB["launch_settings"]>): LaunchSettings {
  return {
    cartOpensAt: row.cart_opens_at,
    cartClosesAt: row.cart_closes_at,
    timeZone: row.time_zone,
    earlyBonusBuyers: row.early_bonus_buyers,
    customSaasCapacity: row.custom_saas_capacity,
    customSaasBookedElsewhere: row.custom_saas_booked_elsewhere,
    fullBlastStartsAt: row.full_blast_starts_at,
    winnersAnnouncedAt: row.winners_announced_at,
    contestPrizesCents: row.contest_prizes_cents,
  };
}

function columns(settings: LaunchSettings) {
  return {
    cart_opens_at: settings.cartOpensAt,
    cart_closes_at: settings.cartClosesAt,
    time_zone: settings.timeZone,
    early_bonus_buyers: settings.earlyBonusBuyers,
    custom_saas_capacity: settings.customSaasCapacity,
    custom_saas_booked_elsewhere: settings.customSaasBookedElsewhere,
    full_blast_starts_at: settings.fullBlastStartsAt,
    winners_announced_at: settings.winnersAnnouncedAt,
    contest_prizes_cents: settings.contestPrizesCents,
  };
}

/** Saves the settings (the one row), in the caller's transaction. */
export async function writeLaunchSettings(trx: Database, settings: LaunchSettings) {
  const values = columns(settings);
  await trx
    .insertInto("launch_settings")
    .values({ id: true, ...values })
    .onConflict((conflict) => conflict.column("id").doUpdateSet({ ...values, updated_at: new Date() }))
    .execute();
}

/**
 * The first start's row (the demo seed's, or the defaults), written only when there is none yet: a
 * restart keeps the first start's dates, and the early-bonus trigger has its count to read.
 */
export async function insertLaunchSettingsIfNone(settings: LaunchSettings): Promise<boolean> {
  const result = await db()
    .insertInto("launch_settings")
    .values({ id: true, ...columns(settings) })
    .onConflict((conflict) => conflict.column("id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
