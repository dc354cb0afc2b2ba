import { pruneExpiredRows } from "./prune.server";
import { runRetention } from "./retention.server";
import { sealTwoFactorSecrets, unlistedKeyProblem } from "~/features/accounts/index.server";
import { log, runAsJob } from "~/platform/log.server";

const PRUNE_EVERY_MS = 6 * 60 * 60 * 1000;
let timer: NodeJS.Timeout | undefined;

async function prune() {
  try {
    const deleted = await pruneExpiredRows();
    const total = deleted.sessions + deleted.singleUseTokens + deleted.rateLimits;
    if (total > 0) log.info({ deleted }, "expired rows pruned");
    // The retention periods the privacy policy states (decision 056).
    const retained = await runRetention();
    if (Object.values(retained).some((count) => count > 0)) {
      log.info({ removed: retained }, "rows past their retention period removed");
    }
  } catch (error) {
    // Housekeeping never stops the site; the next run tries again.
    log.error({ err: error }, "pruning failed");
  }
}

/**
 * Start-up seals two-factor secrets once (entry.server.tsx); housekeeping does it again for what
 * an instance of the previous release wrote in the clear during a rolling deploy (decision 045).
 */
async function seal() {
  try {
    const problem = unlistedKeyProblem(await sealTwoFactorSecrets());
    if (problem) log.error({ problem }, "two-factor secrets under a key ENCRYPTION_KEY no longer lists");
  } catch (error) {
    log.error({ err: error }, "sealing two-factor secrets failed");
  }
}

/** Prunes now, then prunes and seals every six hours while the server runs (the timer never keeps it alive). */
export async function startMaintenance() {
  await prune();
  timer ??= setInterval(() => void runAsJob("maintenance", () => prune().then(seal)), PRUNE_EVERY_MS);
  timer.unref();
}

export function stopMaintenance() {
  if (timer) clearInterval(timer);
  timer = undefined;
}
