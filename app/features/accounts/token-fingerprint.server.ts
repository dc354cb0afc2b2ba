import { createHash } from "node:crypto";

/** A short stand-in for a secret token in rate-limit keys and logs: the token itself is never stored. */
export function tokenFingerprint(token: string): string {
  return createHash("sha256").update(token).digest("base64url").slice(0, 22);
}
