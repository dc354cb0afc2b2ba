import crypto from "node:crypto";
import { recordConsent } from "./consent-store.server";
import {
  CONSENT_BANNER_VERSION,
  consentCookie,
  cookiesToDelete,
  expiredCookies,
  type ConsentChoice,
} from "./consent-rules";
import { secureCookies } from "~/platform/env.server";
import { consentAddressKey } from "~/platform/keys.server";
import { checkRateLimits, RATE_LIMITS } from "~/platform/rate-limit/rate-limit.server";
import { getSessionUser } from "~/features/accounts/index.server";
import { log } from "~/platform/log.server";

/**
 * A keyed hash of the client address for the proof row: it lets us match a visitor's own
 * request to their record without storing the address itself. Its key is derived for this one
 * purpose (platform/keys.server.ts); rows written before decision 045 were keyed with
 * SESSION_SECRET itself.
 */
export function hashClientAddress(address: string): string {
  return crypto.createHmac("sha256", consentAddressKey()).update(address).digest("hex");
}

/**
 * Records the visitor's choice as proof and returns the Set-Cookie headers: the choice for 2
 * years, and on Decline the analytics cookies expired. A failure to store the proof is logged
 * and nothing more (docs/product.md §8 "consent save failure"): the visitor's choice, a Decline above all,
 * is honoured either way. Past 30 choices an hour from one address no more proof rows are
 * written (a person does not change their mind that often; a script filling the table does).
 */
export async function saveConsentChoice(
  request: Request,
  clientAddress: string,
  choice: ConsentChoice,
): Promise<Headers> {
  try {
    const verdict = await checkRateLimits([[RATE_LIMITS.consentProofPerAddress, clientAddress]]);
    if (!verdict.allowed) throw new Error(`too many choices from one address; retry ${verdict.retryAfterSeconds} s`);
    await recordConsent({
      choice,
      bannerVersion: CONSENT_BANNER_VERSION,
      clientHash: hashClientAddress(clientAddress),
      userAgent: request.headers.get("User-Agent"),
      userId: (await getSessionUser(request))?.id ?? null,
    });
  } catch (error) {
    log.error({ err: error }, "storing the proof of a cookie choice failed");
  }
  const headers = new Headers();
  headers.append("Set-Cookie", consentCookie(choice, { secure: secureCookies() }));
  for (const cookie of expiredCookies(cookiesToDelete(choice), new URL(request.url).hostname)) {
    headers.append("Set-Cookie", cookie);
  }
  return headers;
}
