import type { HeadersFunction } from "@remix-run/node";
import { getSessionUser } from "./session.server";

/**
 * Cache-Control for a public page (issue 5 "Fast and findable"): a shared cache (CDN) may keep an
 * anonymous visitor's copy briefly, keyed by the Cookie header because the consent cookie
 * changes the page (the banner); a signed-in visitor's page is never stored anywhere.
 */
export async function publicPageCacheHeaders(request: Request): Promise<Record<string, string>> {
  const user = await getSessionUser(request);
  if (user) return { "Cache-Control": "private, no-store" };
  return { "Cache-Control": "public, max-age=0, s-maxage=60, stale-while-revalidate=300", Vary: "Cookie" };
}

/**
 * A public route's `headers` export: the caching its loader decided, and an action's
 * Retry-After (a rate-limited form), which Remix would otherwise drop from the document.
 */
export const publicPageHeaders: HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const headers = new Headers();
  for (const name of ["Cache-Control", "Vary"]) {
    const value = loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};
