import { db, type Database } from "~/infra/db.server";
import type { LaunchSettings } from "~/lib/launch";

/** The stored launch settings, or null when none were ever saved (the defaults apply). */
export async function readLaunchSettings(): Promise<LaunchSettings | null> {
  const row = await db().selectFrom("launch_settings").selectAll().where("id", "=", true).executeTakeFirst();
  if (!row) return null;
  return {
    cartOpensAt: row.cart_opens_at,
    cartClosesAt: row.cart_closes_at,
    timeZone: row.time_zone,
    earlyBonusBuyers: row.early_bonus_buyers,
    customSaasCapacity: row.custom_saas_capacity,
    customSaasBookedElsewhere: row.custom_saas_booked_elsewhere,
    fullBlastStartsAt: row.full_blast_starts_at,
    winnersAnnouncedAt: row.winners_announced_at,
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

/** The demo seed's row, written only when there is none yet (a restart keeps the first start's dates). */
export async function insertLaunchSettingsIfNone(settings: LaunchSettings): Promise<boolean> {
  const result = await db()
    .insertInto("launch_settings")
    .values({ id: true, ...columns(settings) })
    .onConflict((conflict) => conflict.column("id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
