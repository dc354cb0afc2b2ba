import { sha256 } from "~/platform/hash.server";

/** A short stand-in for a secret token in rate-limit keys and logs: the token itself is never stored. */
export function tokenFingerprint(token: string): string {
  return sha256(token, "base64url").slice(0, 22);
}
