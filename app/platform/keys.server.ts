import crypto from "node:crypto";
import { encryptionKeys, sessionSecrets } from "./env.server";

/**
 * One key per purpose (docs/decisions/045). No configured secret is used as a key itself: each
 * purpose gets its own HKDF-SHA-256 derivation (RFC 5869; empty salt, info
 * `ai-profit-labs:<purpose>`), so a key that leaks through one use (a logged HMAC key, a weak
 * cookie signature) says nothing about the others.
 *
 * - SESSION_SECRET, for what browsers carry: each cookie's signature, and the consent proof's
 *   address hash; and the addresses' hashes in log lines. A comma list rotates it (the first signs, all verify).
 * - ENCRYPTION_KEY, for what the database keeps: TOTP secrets and the links of unsent mail
 *   (AES-256-GCM, decisions 045 and 046) and recovery-code hashes (HMAC-SHA-256). A comma list rotates it (the first encrypts, all decrypt). Values made
 *   under a key carry its id, so start-up can tell which key each row needs.
 */
function derive(root: crypto.BinaryLike, purpose: string): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", root, Buffer.alloc(0), `ai-profit-labs:${purpose}`, 32));
}

/**
 * The secrets a cookie is signed with, for Remix's createCookie (the first signs, every one
 * verifies): a key derived per cookie from each SESSION_SECRET, newest first, then the secrets
 * themselves. Those last ones only verify, so cookies signed before the keys were derived
 * (the session's 30 days, the device cookie's 400) keep working; see decision 045.
 */
export function cookieSecrets(cookieName: string): string[] {
  const secrets = sessionSecrets();
  return [...secrets.map((secret) => derive(secret, `cookie:${cookieName}`).toString("base64url")), ...secrets];
}

let cachedConsentKey: Buffer | undefined;

/** The key of the consent proof's address hash (features/privacy/consent.server.ts), from the newest SESSION_SECRET. */
export function consentAddressKey(): Buffer {
  cachedConsentKey ??= derive(sessionSecrets()[0], "consent-address");
  return cachedConsentKey;
}

let cachedLogHashKey: Buffer | undefined;

/** The key of the addresses' hashes in log lines (platform/log.server.ts's hashForLog), from the newest SESSION_SECRET. */
export function logHashKey(): Buffer {
  cachedLogHashKey ??= derive(sessionSecrets()[0], "log-hash");
  return cachedLogHashKey;
}

/** What one ENCRYPTION_KEY entry gives: its public id and a key for each thing it protects. */
export type DataKey = { id: string; totpSecret: Buffer; recoveryCode: Buffer; outboxLinks: Buffer };

export function dataKey(root: Buffer): DataKey {
  return {
    // 48 bits of a one-way derivation: names the key in stored values without revealing it.
    id: derive(root, "key-id").subarray(0, 6).toString("base64url"),
    totpSecret: derive(root, "totp-secret"),
    recoveryCode: derive(root, "recovery-code"),
    outboxLinks: derive(root, "outbox-links"),
  };
}

let cachedDataKeys: [DataKey, ...DataKey[]] | undefined;

/** The configured data keys, the one that encrypts first. */
export function dataKeys(): [DataKey, ...DataKey[]] {
  if (!cachedDataKeys) {
    const [first, ...rest] = encryptionKeys().map(dataKey);
    if (!first) throw new Error("ENCRYPTION_KEY lists no key: nothing to encrypt two-factor secrets with");
    cachedDataKeys = [first, ...rest];
  }
  return cachedDataKeys;
}

const cachedLinkKeys = new Map<string, Buffer[]>();

/**
 * The keys of the signed links of the list (decision 054, signed-link.server.ts): the unsubscribe
 * links and the lead's signup link. One per SESSION_SECRET, newest first: the first signs, every one verifies, so a
 * rotation leaves the links in mail already sent working as long as the old secret stays listed.
 */
export function signedLinkKeys(purpose: "unsubscribe-link" | "lead-signup-link"): Buffer[] {
  let keys = cachedLinkKeys.get(purpose);
  if (!keys) {
    keys = sessionSecrets().map((secret) => derive(secret, purpose));
    cachedLinkKeys.set(purpose, keys);
  }
  return keys;
}
