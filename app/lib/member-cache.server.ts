import type { HeadersFunction } from "@remix-run/node";

/**
 * SPEC §9 keeps course data "fresh for 5 minutes". Here that is the browser's own cache of a
 * member's course pages and their data, which is also what lets the prefetch on hover (SPEC §2)
 * be used on the click instead of asking again.
 * - `private`: never stored by a shared cache; `Vary: Cookie`: reused only within the same
 *   session, so a logout or another account on the same browser misses it.
 * - Admins always revalidate, so they see their own edits at once.
 */
const MEMBER_MAX_AGE_SECONDS = 5 * 60;

export function memberCaching(user: { isAdmin: boolean }): Record<string, string> {
  return user.isAdmin
    ? { "Cache-Control": "private, no-cache" }
    : { "Cache-Control": `private, max-age=${MEMBER_MAX_AGE_SECONDS}`, Vary: "Cookie" };
}

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
