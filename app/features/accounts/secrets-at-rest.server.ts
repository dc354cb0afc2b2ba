import {
  keyRecoveryCodeHash,
  openTotpSecret,
  sealTotpSecret,
  storedKeyId,
  UnreadableSecret,
} from "~/platform/at-rest.server";
import { dataKeys } from "~/platform/keys.server";
import {
  countUnusedRecoveryCodesByKey,
  findTotpSecretsNotUnder,
  findUnkeyedRecoveryCodes,
  replaceRecoveryCodeHash,
  replaceTotpSecret,
} from "./two-factor-store.server";
import { log } from "~/platform/log.server";

/**
 * The pass that brings two-factor data up to decision 045, at start-up and with every
 * housekeeping run (features/privacy/maintenance.server.ts): a migration cannot do it, the key is not in
 * SQL. Idempotent, and safe beside other instances (each row is replaced only if unchanged):
 * - TOTP secrets in the clear (written before, or by an instance of the previous release during a
 *   rolling deploy) are encrypted, and those under an older key re-encrypted, with the first key;
 * - recovery codes stored as a plain SHA-256 are keyed with the first key (from the hash itself).
 *   Codes keyed under an older key stay so: a hash cannot be re-keyed without its code.
 */
export type SealReport = {
  encrypted: number;
  keyedRecoveryCodes: number;
  /** TOTP secrets under each key id that ENCRYPTION_KEY no longer lists: nobody can open them. */
  secretsUnderUnlistedKeys: Map<string, number>;
};

export async function sealTwoFactorSecrets(): Promise<SealReport> {
  const keys = dataKeys();
  const [current] = keys;
  const listed = new Set(keys.map((key) => key.id));
  const report: SealReport = { encrypted: 0, keyedRecoveryCodes: 0, secretsUnderUnlistedKeys: new Map() };

  for (const row of await findTotpSecretsNotUnder(current.id)) {
    const keyId = storedKeyId(row.stored);
    if (keyId !== null && !listed.has(keyId)) {
      report.secretsUnderUnlistedKeys.set(keyId, (report.secretsUnderUnlistedKeys.get(keyId) ?? 0) + 1);
      continue;
    }
    let secret: string;
    try {
      secret = openTotpSecret(row.stored, row.userId, keys);
    } catch (error) {
      if (!(error instanceof UnreadableSecret)) throw error;
      // Tampered with or copied from another account: useless to its user either way; left as
      // evidence, and logged so someone can turn that user's two-factor off.
      log.error({ userId: row.userId, reason: error.message }, "a TOTP secret no key opens");
      continue;
    }
    if (await replaceTotpSecret(row.id, row.stored, sealTotpSecret(secret, row.userId, current))) report.encrypted++;
  }

  for (const row of await findUnkeyedRecoveryCodes()) {
    const keyed = keyRecoveryCodeHash(row.userId, row.codeHash, current);
    if (await replaceRecoveryCodeHash(row.id, row.codeHash, keyed)) report.keyedRecoveryCodes++;
  }

  if (report.encrypted > 0 || report.keyedRecoveryCodes > 0) {
    log.info(
      { totpSecrets: report.encrypted, recoveryCodes: report.keyedRecoveryCodes, keyId: current.id },
      "two-factor secrets sealed under the current key",
    );
  }
  const orphaned = (await countUnusedRecoveryCodesByKey()).filter(({ keyId }) => !listed.has(keyId));
  for (const { keyId, count } of orphaned) {
    log.warn(
      { recoveryCodes: count, keyId },
      "recovery codes under a key ENCRYPTION_KEY no longer lists no longer work (their members can make new " +
        "ones on /account); list that key again to keep them",
    );
  }
  return report;
}

/**
 * The refusal for TOTP secrets no listed key opens, or null: their members could not sign in, so
 * start-up stops and says which key to list again.
 */
export function unlistedKeyProblem(report: SealReport): string | null {
  const total = [...report.secretsUnderUnlistedKeys.values()].reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const ids = [...report.secretsUnderUnlistedKeys.keys()].join(", ");
  const listedIds = dataKeys()
    .map((key) => key.id)
    .join(", ");
  return (
    `ENCRYPTION_KEY: ${total} two-factor ${total === 1 ? "secret is" : "secrets are"} encrypted with a key it no longer lists (${ids}); ` +
    `it lists ${listedIds}. List that key again after the new one: start-up then re-encrypts them with the new key, ` +
    "and the old one can be removed at the next deploy."
  );
}
