/**
 * Cookie consent rules (docs/product.md §2 banner, §3 consent choice, §4 and §9 cookies): pure, shared by the
 * server (POST /consent, the root loader) and the browser (the banner, consent-gated scripts).
 */
import { readCookies } from "~/platform/cookies";

export const CONSENT_CHOICES = ["all", "essential", "none"] as const;
export type ConsentChoice = (typeof CONSENT_CHOICES)[number];

/** The cookie and the local-storage key share one name (docs/product.md §3). */
export const CONSENT_COOKIE = "cookie-consent";
export const CONSENT_STORAGE_KEY = "cookie-consent";

/** docs/product.md §9: the consent cookie lives 2 years. */
export const CONSENT_MAX_AGE_SECONDS = 2 * 365 * 24 * 60 * 60;

/**
 * Stored with every proof row, so a later change of the banner's wording can be told apart
 * from choices made on an earlier one. Bump it whenever the banner's text or categories change.
 */
export const CONSENT_BANNER_VERSION = "2026-11-23.1";

export const COOKIE_CATEGORIES = ["essential", "analytical", "functional", "marketing"] as const;
export type CookieCategory = (typeof COOKIE_CATEGORIES)[number];

/** The analytics cookies that Decline removes (docs/product.md §4). */
export const ANALYTICS_COOKIES = ["_ga", "_gid", "_gat"] as const;

export function isConsentChoice(value: unknown): value is ConsentChoice {
  return typeof value === "string" && (CONSENT_CHOICES as readonly string[]).includes(value);
}

/**
 * The visitor's recorded choice from a Cookie header, or null while none has been made. Read
 * through the server's one cookie parser (./cookies), so the page cache keys on exactly this.
 */
export function parseConsentChoice(cookieHeader: string | null | undefined): ConsentChoice | null {
  return consentChoiceOf(readCookies(cookieHeader));
}

/** The choice among already parsed cookies; any other value (empty, unknown) is no choice. */
export function consentChoiceOf(cookies: Record<string, string | undefined>): ConsentChoice | null {
  const value = cookies[CONSENT_COOKIE];
  return isConsentChoice(value) ? value : null;
}

/**
 * Which categories a choice allows (docs/product.md §9): 'all' allows everything, 'essential' only the
 * essential ones, 'none' nothing, and no choice yet nothing either. The site's own strictly
 * necessary cookies (this choice itself, and a session the visitor starts by signing in) are set
 * only in answer to the visitor's own action and are not gated here.
 */
export function allowedCategories(choice: ConsentChoice | null): ReadonlySet<CookieCategory> {
  if (choice === "all") return new Set(COOKIE_CATEGORIES);
  if (choice === "essential") return new Set<CookieCategory>(["essential"]);
  return new Set<CookieCategory>();
}

/** Whether a script or cookie of `category` may run or be set under `choice`. */
export function isCategoryAllowed(choice: ConsentChoice | null, category: CookieCategory): boolean {
  return allowedCategories(choice).has(category);
}

/** The cookies to remove when a choice is made: Decline removes the analytics cookies. */
export function cookiesToDelete(choice: ConsentChoice): readonly string[] {
  return choice === "none" ? ANALYTICS_COOKIES : [];
}

/** The Set-Cookie value that records a choice for 2 years. */
export function consentCookie(choice: ConsentChoice, { secure }: { secure: boolean }): string {
  return [
    `${CONSENT_COOKIE}=${choice}`,
    "Path=/",
    `Max-Age=${CONSENT_MAX_AGE_SECONDS}`,
    `Expires=${new Date(Date.now() + CONSENT_MAX_AGE_SECONDS * 1000).toUTCString()}`,
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/**
 * The domains a third-party analytics cookie may have been set on for this host: analytics
 * libraries set theirs on the widest domain they can (".example.com" for www.example.com), and a
 * cookie is removed only by naming the same domain. IP addresses and single-label hosts have
 * host-only cookies alone.
 */
export function cookieDeletionDomains(hostname: string): string[] {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (!host.includes(".") || /^[\d.]+$/.test(host) || host.includes(":")) return [];
  const labels = host.split(".");
  const domains: string[] = [];
  for (let start = 0; start <= labels.length - 2; start++) domains.push(labels.slice(start).join("."));
  return domains;
}

/**
 * Cookie strings that expire `name`: one host-only and one per domain from cookieDeletionDomains.
 * Used as Set-Cookie headers by the server and assigned to document.cookie by the browser.
 */
export function expiredCookies(names: readonly string[], hostname: string): string[] {
  const expired = "Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT";
  const domains = cookieDeletionDomains(hostname);
  return names.flatMap((name) => [
    `${name}=; ${expired}`,
    ...domains.map((domain) => `${name}=; ${expired}; Domain=${domain}`),
  ]);
}

/**
 * What React's ConsentSync does, for a page that loads no React (`/`, the legal pages; decision
 * 031): an inline script, allowed by the document's nonce or, on a cached page, its hash (the
 * choice is part of the page cache's key, so each choice has its own document and hash). It
 * mirrors the recorded choice into local storage (docs/product.md §3) and, on Decline, expires
 * the analytics cookies on this host and every parent domain, as `cookieDeletionDomains` lists
 * them. Sent only once a choice exists: a page before any choice still loads no script at all.
 */
export function consentSyncScript(choice: ConsentChoice): string {
  const expire = choice === "none" ? ANALYTICS_COOKIES : [];
  return (
    `(function(c,n){try{localStorage.setItem(${JSON.stringify(CONSENT_STORAGE_KEY)},c)}catch(e){}` +
    `var h=location.hostname.toLowerCase().replace(/\\.$/,""),l=h.split("."),d=[],x="=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT";` +
    `if(h.indexOf(".")>=0&&!/^[\\d.]+$/.test(h)&&h.indexOf(":")<0)for(var i=0;i<=l.length-2;i++)d.push(l.slice(i).join("."));` +
    `n.forEach(function(k){document.cookie=k+x;d.forEach(function(m){document.cookie=k+x+"; Domain="+m})})` +
    `})(${JSON.stringify(choice)},${JSON.stringify(expire)})`
  );
}
