/**
 * The site's own origin for absolute links (canonical and share URLs, Stripe's return URLs, emailed
 * links): PUBLIC_URL when configured, so a forged Host header never decides it; else (local use) the
 * request's.
 */
export function siteOrigin(publicUrl: string | undefined, requestUrl: string): string {
  return new URL(publicUrl ?? requestUrl).origin;
}
