import { now } from "~/platform/clock.server";
import { env } from "~/platform/env.server";
import type { RetentionDays } from "~/platform/retention-periods";
import { applyRetention, countRetention, type RetentionCounts } from "./privacy-store.server";

/** The periods in force: the environment's, else the defaults of app/platform/retention-periods.ts (one definition). */
export function retentionDays(): RetentionDays {
  const e = env();
  return {
    emailBodies: e.RETENTION_EMAIL_BODY_DAYS,
    auditLog: e.RETENTION_AUDIT_LOG_DAYS,
    knownDevices: e.RETENTION_KNOWN_DEVICE_DAYS,
    unsubscribedLeads: e.RETENTION_UNSUBSCRIBED_LEAD_DAYS,
    consentProofs: e.RETENTION_CONSENT_PROOF_DAYS,
  };
}

/** Housekeeping's pass: applies every period at the server's "now". */
export function runRetention(): Promise<RetentionCounts> {
  return applyRetention(retentionDays(), now());
}

/**
 * The dry run: what a pass at `at` (the server's "now") would remove, changing nothing. Read by
 * the admin command's `retention` and the admin's 'Data retention' page.
 */
export async function retentionReport(): Promise<{ at: Date; days: RetentionDays; wouldRemove: RetentionCounts }> {
  const days = retentionDays();
  const at = now();
  return { at, days, wouldRemove: await countRetention(days, at) };
}
