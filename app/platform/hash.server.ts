import crypto from "node:crypto";

/**
 * SHA-256 of a text or bytes, as hex unless told otherwise: stored tokens and session ids, ETags,
 * CSP script hashes. The one place the code spells the algorithm for a plain hash.
 */
export function sha256(value: string | Uint8Array, encoding: crypto.BinaryToTextEncoding = "hex"): string {
  return crypto.createHash("sha256").update(value).digest(encoding);
}

/**
 * Whether two secrets are equal, in time that tells nothing of where they differ: both are hashed
 * first, so neither their lengths nor a common prefix shows (webhook keys, the metrics token).
 */
export function secretsEqual(given: string, expected: string): boolean {
  const digest = (value: string) => crypto.createHash("sha256").update(value).digest();
  return crypto.timingSafeEqual(digest(given), digest(expected));
}
