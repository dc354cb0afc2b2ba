import crypto from "node:crypto";
import { recordConsent } from "~/models/consent.server";
import { CONSENT_BANNER_VERSION, consentCookie, cookiesToDelete, expiredCookies, type ConsentChoice } from "./consent";
import { sessionSecrets } from "./env.server";
import { secureCookies } from "./session.server";

/**
 * A keyed hash of the client address for the proof row: it lets us match a visitor's own
 * request to their record without storing the address itself.
 */
export function hashClientAddress(address: string): string {
  return crypto.createHmac("sha256", sessionSecrets()[0]).update(address).digest("hex");
}

/**
 * Records the visitor's choice (proof row first: no cookie without proof) and returns the
 * Set-Cookie headers: the choice for 2 years, and on Decline the analytics cookies expired.
 */
export async function saveConsentChoice(request: Request, clientAddress: string, choice: ConsentChoice): Promise<Headers> {
  await recordConsent({
    choice,
    bannerVersion: CONSENT_BANNER_VERSION,
    clientHash: hashClientAddress(clientAddress),
    userAgent: request.headers.get("User-Agent"),
  });
  const headers = new Headers();
  headers.append("Set-Cookie", consentCookie(choice, { secure: secureCookies() }));
  for (const cookie of expiredCookies(cookiesToDelete(choice), new URL(request.url).hostname)) {
    headers.append("Set-Cookie", cookie);
  }
  return headers;
}
