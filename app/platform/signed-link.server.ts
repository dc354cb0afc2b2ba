import crypto from "node:crypto";
import { signedLinkKeys } from "./keys.server";

/** What a signed link proves: each purpose has its own key, so one link's signature never fits another. */
type LinkPurpose = Parameters<typeof signedLinkKeys>[0];

/** A signature is 18 bytes of HMAC-SHA-256: 24 base64url characters. */
const SIGNATURE = /^[A-Za-z0-9_-]{24}$/;

const sign = (key: Buffer, message: string) =>
  crypto.createHmac("sha256", key).update(message).digest().subarray(0, 18).toString("base64url");

/**
 * The signature of `message` for a link that needs no stored state (unsubscribe, a lead's signup
 * link): HMAC-SHA-256 under the purpose's key derived from the newest SESSION_SECRET, cut to 144
 * bits, base64url so the outbox withholds it at rest like every token (decision 046).
 */
export function signLink(purpose: LinkPurpose, message: string): string {
  return sign(signedLinkKeys(purpose)[0]!, message);
}

/**
 * Whether `signature` signs `message` for `purpose` under any SESSION_SECRET listed (links mailed
 * before a rotation keep working while the old secret stays listed), in constant time.
 */
export function isLinkSigned(purpose: LinkPurpose, message: string, signature: string): boolean {
  if (!SIGNATURE.test(signature)) return false;
  const given = Buffer.from(signature, "base64url");
  return signedLinkKeys(purpose).some((key) =>
    crypto.timingSafeEqual(Buffer.from(sign(key, message), "base64url"), given),
  );
}
