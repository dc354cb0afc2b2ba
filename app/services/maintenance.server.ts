import { pruneExpiredRows } from "~/models/maintenance.server";

const PRUNE_EVERY_MS = 6 * 60 * 60 * 1000;
let timer: NodeJS.Timeout | undefined;

async function prune() {
  try {
    const deleted = await pruneExpiredRows();
    const total = deleted.sessions + deleted.singleUseTokens + deleted.rateLimits;
    if (total > 0) console.log(`[maintenance] pruned ${JSON.stringify(deleted)}`);
  } catch (error) {
    // Housekeeping never stops the site; the next run tries again.
    console.error("[maintenance] pruning failed:", error);
  }
}

/** Prunes now and then every six hours while the server runs (the timer never keeps it alive). */
export async function startMaintenance() {
  await prune();
  timer ??= setInterval(prune, PRUNE_EVERY_MS);
  timer.unref();
}

export function stopMaintenance() {
  if (timer) clearInterval(timer);
  timer = undefined;
}
