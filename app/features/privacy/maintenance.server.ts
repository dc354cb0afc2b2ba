import { pruneExpiredRows } from "./prune.server";
import { runRetention } from "./retention.server";
import { sealTwoFactorSecrets, unlistedKeyProblem } from "~/features/accounts/index.server";

const PRUNE_EVERY_MS = 6 * 60 * 60 * 1000;
let timer: NodeJS.Timeout | undefined;

async function prune() {
  try {
    const deleted = await pruneExpiredRows();
    const total = deleted.sessions + deleted.singleUseTokens + deleted.rateLimits;
    if (total > 0) console.log(`[maintenance] pruned ${JSON.stringify(deleted)}`);
    // The retention periods the privacy policy states (decision 056).
    const retained = await runRetention();
    if (Object.values(retained).some((count) => count > 0)) {
      console.log(`[maintenance] retention removed ${JSON.stringify(retained)}`);
    }
  } catch (error) {
    // Housekeeping never stops the site; the next run tries again.
    console.error("[maintenance] pruning failed:", error);
  }
}

/**
 * Start-up seals two-factor secrets once (entry.server.tsx); housekeeping does it again for what
 * an instance of the previous release wrote in the clear during a rolling deploy (decision 045).
 */
async function seal() {
  try {
    const problem = unlistedKeyProblem(await sealTwoFactorSecrets());
    if (problem) console.error(`[secrets] ${problem}`);
  } catch (error) {
    console.error("[maintenance] sealing two-factor secrets failed:", error);
  }
}

/** Prunes now, then prunes and seals every six hours while the server runs (the timer never keeps it alive). */
export async function startMaintenance() {
  await prune();
  timer ??= setInterval(() => void prune().then(seal), PRUNE_EVERY_MS);
  timer.unref();
}

export function stopMaintenance() {
  if (timer) clearInterval(timer);
  timer = undefined;
}
