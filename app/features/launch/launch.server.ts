import { db } from "~/platform/db/db.server";
import { env } from "~/platform/env.server";
import {
  DEFAULT_LAUNCH_SETTINGS,
  demoLaunchSettings,
  earlyBonusSpots,
  launchPhase,
  type EarlyBonusSpots,
  type LaunchPhase,
  type LaunchSettings,
} from "./launch";
import { dropCachedPages } from "~/platform/page-cache-signal";
import { writeAudit } from "~/platform/audit.server";
import { insertLaunchSettingsIfNone, readLaunchState, writeLaunchSettings } from "./launch-settings.server";
import { now } from "~/platform/clock.server";
import { log } from "~/platform/log.server";
import { settingsPoller } from "~/platform/settings-poller.server";

/**
 * The launch settings as every page reads them (decision 053): held in the process, so an
 * anonymous visitor's page costs no query and keeps working while the database is away. They are
 * read at start-up, again every SETTINGS_REFRESH_MS (a save in another process reaches this
 * one within that, and a re-read that finds a change drops this process's cached pages), and
 * replaced at once by a save in this process, which also drops the cached pages. The early-bonus spots given are read
 * with them, so the landing's "{remaining} of {N}" costs no query either.
 */
const holder = {
  settings: DEFAULT_LAUNCH_SETTINGS,
  earlyBonusesGiven: 0,
};

export function launchSettings(): LaunchSettings {
  return holder.settings;
}

/** Where the launch stands now (decisions 053 and 064): what a page says and which price it shows and charges. */
export function launchNow(): LaunchPhase {
  return launchPhase(holder.settings, now());
}

/** The early-bonus spots as last read: given, and remaining under the held 'Early-bonus buyers'. */
export function earlyBonus(): EarlyBonusSpots {
  return earlyBonusSpots(holder.settings, holder.earlyBonusesGiven);
}

/**
 * Reads the settings and the early-bonus count into the process. When either changed (a save in
 * another process, a sale taking a spot), the pages cached here are dropped too: otherwise they
 * would keep the old values for their whole lifetime after this read, so a save would reach
 * another process's visitors only after the re-read interval plus the cache's lifetime.
 */
export async function loadLaunchSettings() {
  const { settings, earlyBonusesGiven } = await readLaunchState();
  const next = settings ?? DEFAULT_LAUNCH_SETTINGS;
  const changed =
    earlyBonusesGiven !== holder.earlyBonusesGiven ||
    JSON.stringify(auditShape(next)) !== JSON.stringify(auditShape(holder.settings));
  holder.settings = next;
  holder.earlyBonusesGiven = earlyBonusesGiven;
  if (changed) dropCachedPages();
}

/** The background re-read; a failed read keeps the values held (logged). */
const refresh = settingsPoller("launch settings refresh", loadLaunchSettings);

export const startLaunchSettingsRefresh = refresh.start;
export const stopLaunchSettingsRefresh = refresh.stop;

/** Saves the settings with their audit row in one transaction, then shows them at once here. */
export async function saveLaunchSettings(admin: { id: string; email: string }, settings: LaunchSettings) {
  const before = launchSettings();
  await db()
    .transaction()
    .execute(async (trx) => {
      await writeLaunchSettings(trx, settings);
      await writeAudit(trx, {
        admin,
        action: "save_launch_settings",
        memberId: null,
        details: { before: auditShape(before), after: auditShape(settings) },
      });
    });
  // Read back with the early-bonus count, so a new 'Early-bonus buyers' shows its spots at once;
  // the read drops the cached pages when anything changed.
  await loadLaunchSettings();
}

function auditShape(settings: LaunchSettings) {
  const iso = (at: Date | null) => at?.toISOString() ?? null;
  return {
    cartOpensAt: iso(settings.cartOpensAt),
    cartClosesAt: iso(settings.cartClosesAt),
    timeZone: settings.timeZone,
    earlyBonusBuyers: settings.earlyBonusBuyers,
    customSaasCapacity: settings.customSaasCapacity,
    customSaasBookedElsewhere: settings.customSaasBookedElsewhere,
    fullBlastStartsAt: iso(settings.fullBlastStartsAt),
    winnersAnnouncedAt: iso(settings.winnersAnnouncedAt),
    contestPrizesCents: settings.contestPrizesCents,
  };
}

/**
 * The first start's settings: with the demo seed (SEED_DEMO_CONTENT) the spec's first screen,
 * otherwise the defaults, with no dates. Written once, so the early-bonus trigger (migration 0018)
 * has its 'Early-bonus buyers' to read from the first sale on.
 */
export async function seedLaunchSettings() {
  const demo = env().SEED_DEMO_CONTENT;
  if (await insertLaunchSettingsIfNone(demo ? demoLaunchSettings(now()) : DEFAULT_LAUNCH_SETTINGS)) {
    if (demo) log.info("seed: added the demo launch (the cart closes in 3 days)");
  }
}
