import crypto from "node:crypto";
import { sha256 } from "./hash.server";
import { dataKeys, type DataKey } from "./keys.server";

/**
 * How two-factor data and the links of unsent mail are kept in the database (docs/decisions/045
 * and 046), so a copy of it holds no live secret. Every value made here starts `v1:<key id>:`; a value without that prefix was stored
 * before (a plain base32 TOTP secret, a recovery code's plain SHA-256) and start-up converts it
 * (features/accounts/secrets-at-rest.server.ts).
 */
const PREFIX = "v1:";

/** A stored value the configured keys cannot open: its key is no longer listed, or it was tampered with or moved. */
export class UnreadableSecret extends Error {}

/** The id of the key a stored value was made under; null for a value from before decision 045. */
export function storedKeyId(stored: string): string | null {
  return stored.startsWith(PREFIX) ? (stored.split(":")[1] ?? null) : null;
}

/** AES-256-GCM with a random 96-bit IV: `v1:<key id>:<iv>:<ciphertext and tag>` (base64url parts). */
function seal(plain: string, associated: string, keyId: string, key: Buffer): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(associated, "utf8"));
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return `${PREFIX}${keyId}:${iv.toString("base64url")}:${sealed.toString("base64url")}`;
}

/** Opens what `seal` made, with the listed key it names; `what` says whose value failed. */
function open(stored: string, associated: string, keys: DataKey[], pick: (key: DataKey) => Buffer, what: string) {
  const [, keyId, iv, sealed] = stored.split(":");
  const key = keys.find((candidate) => candidate.id === keyId);
  if (!key) throw new UnreadableSecret(`sealed with key ${keyId}, which ENCRYPTION_KEY does not list`);
  const bytes = Buffer.from(sealed ?? "", "base64url");
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", pick(key), Buffer.from(iv ?? "", "base64url"));
    decipher.setAAD(Buffer.from(associated, "utf8"));
    decipher.setAuthTag(bytes.subarray(-16));
    return Buffer.concat([decipher.update(bytes.subarray(0, -16)), decipher.final()]).toString("utf8");
  } catch {
    throw new UnreadableSecret(`does not open for this ${what} under key ${keyId} (tampered with, or moved)`);
  }
}

/**
 * A TOTP secret as stored: `v1:<key id>:<iv>:<ciphertext and tag>` (base64url), AES-256-GCM with
 * a random 96-bit IV. The user id is the associated data, so the value opens only in its own
 * user's row: copied to another account it is refused, not used.
 */
export function sealTotpSecret(secret: string, userId: string, key: DataKey = dataKeys()[0]): string {
  return seal(secret, userId, key.id, key.totpSecret);
}

/** The TOTP secret of a stored value; a value from before decision 045 is the secret itself. */
export function openTotpSecret(stored: string, userId: string, keys: DataKey[] = dataKeys()): string {
  if (!stored.startsWith(PREFIX)) return stored;
  return open(stored, userId, keys, (key) => key.totpSecret, "user");
}

/**
 * The link tokens of an unsent mail, as the outbox keeps them (decision 046; the model says how
 * they are written): the same sealing as a TOTP secret, under a key of their own, with the
 * recipient as associated data, so a copy of the database holds no link that works and a sealed
 * value moved to another message does not open.
 */
export function sealLinkTokens(tokens: string, recipient: string, key: DataKey = dataKeys()[0]): string {
  return seal(tokens, recipient, key.id, key.outboxLinks);
}

export function openLinkTokens(stored: string, recipient: string, keys: DataKey[] = dataKeys()): string {
  return open(stored, recipient, keys, (key) => key.outboxLinks, "message");
}

/** What migration 0008 stored for a recovery code (and still the first step of the keyed hash). */
export const plainRecoveryCodeHash = (code: string) => sha256(code);

/**
 * A recovery code's stored hash, from its plain SHA-256: `v1:<key id>:` HMAC-SHA-256 of
 * `<user id>:<SHA-256 of the code>`. The key makes a copy of the table useless for guessing
 * codes (about 50 bits each) without the configuration; the user id makes each account's
 * guesses its own. Starting from the plain hash lets start-up key the hashes migration 0008
 * stored without knowing the codes.
 */
export function keyRecoveryCodeHash(userId: string, plainHash: string, key: DataKey = dataKeys()[0]): string {
  const mac = crypto.createHmac("sha256", key.recoveryCode).update(`${userId}:${plainHash}`).digest("base64url");
  return `${PREFIX}${key.id}:${mac}`;
}

export const recoveryCodeHash = (userId: string, code: string, key?: DataKey) =>
  keyRecoveryCodeHash(userId, plainRecoveryCodeHash(code), key);

/**
 * Every value `code` may be stored as: keyed under each configured key (a hash cannot be re-keyed
 * without its code, so older keys keep verifying theirs), and its plain SHA-256, which an instance
 * of the previous release may still write during a rolling deploy until start-up or housekeeping
 * keys it.
 */
export function recoveryCodeLookups(userId: string, code: string, keys: DataKey[] = dataKeys()): string[] {
  const plain = plainRecoveryCodeHash(code);
  return [...keys.map((key) => keyRecoveryCodeHash(userId, plain, key)), plain];
}
