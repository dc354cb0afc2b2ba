import type { HeadersFunction } from "@remix-run/node";

/**
 * The training pages (the dashboard, the course viewer) show the member's own progress, which
 * changes with every 'Mark as complete' (issue 15). docs/product.md §9's "fresh for 5 minutes" browser cache
 * would show stale ticks and a stale 'Continue', so these pages are `private, no-cache`: never
 * stored by a shared cache, and the member's browser asks again each time. `Vary: Cookie` keeps a
 * logout or another account on the same browser from seeing them.
 */
export const PROGRESS_CACHING = { "Cache-Control": "private, no-cache", Vary: "Cookie" };

/** For responses that must not be replayed: one-time messages, error states. */
export const NOT_CACHED = { "Cache-Control": "private, no-store" };

/** A route's `headers` export: passes its loader's caching headers on (Remix passes only cookies by itself). */
export const cachingHeaders: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers();
  for (const name of ["Cache-Control", "Vary"]) {
    const value = loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
};
