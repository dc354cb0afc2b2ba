import type { HeadersFunction } from "@remix-run/node";

/**
 * Caching of the public marketing pages. An anonymous visitor's page is the same for everyone
 * with the same cookies, so a CDN may keep it for a few minutes (the browser always revalidates,
 * so a consent choice or a sign-in shows at once). A signed-in visitor's page carries their
 * navigation bar, so it is never stored anywhere.
 */
export const ANONYMOUS_PAGE_CACHE = "public, max-age=0, s-maxage=300, stale-while-revalidate=600";
export const PERSONAL_PAGE_CACHE = "private, no-store";

/** The loader's cache headers for this visitor. Cookies decide what the page shows, so caches key on them. */
export const pageCacheHeaders = (signedIn: boolean) => ({
  "Cache-Control": signedIn ? PERSONAL_PAGE_CACHE : ANONYMOUS_PAGE_CACHE,
  Vary: "Cookie",
});

/**
 * The `headers` export of every public page: the document gets its loader's cache policy, except
 * that a response setting a cookie (from any loader) is never shared, and an action's own policy
 * (a form re-rendered with what the visitor typed) wins over the page's.
 */
export const publicPageHeaders: HeadersFunction = ({ loaderHeaders, parentHeaders, actionHeaders }) => {
  const headers = new Headers();
  for (const name of ["Cache-Control", "Vary"]) {
    const value = loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  if (loaderHeaders.has("Set-Cookie") || parentHeaders.has("Set-Cookie"))
    headers.set("Cache-Control", PERSONAL_PAGE_CACHE);
  const actionPolicy = actionHeaders.get("Cache-Control");
  if (actionPolicy) headers.set("Cache-Control", actionPolicy);
  return headers;
};

/**
 * A page the in-process cache may keep (server/page-cache) exports `pageCache` from its route
 * module: the query parameters the page reads, each with the values it knows. Every other
 * parameter (utm_*, fbclid, gclid, ref, affiliate ids, anything unknown) and every unknown value
 * (which the page must treat as no value) is dropped from the cache key AND from the URL the page
 * is rendered with, so the stored page never depends on them and they cannot make new entries.
 * Routes without it are never kept. The export is server-only: Remix leaves unknown route exports
 * out of the browser bundles.
 */
export type PageCacheRoute = { readonly query: Readonly<Record<string, readonly string[]>> };
export const CACHED_PAGE: PageCacheRoute = { query: {} };
