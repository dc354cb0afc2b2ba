import { parse } from "cookie";

/**
 * The one reader of Cookie headers for the whole server: the page cache's key, the consent choice,
 * the session and the flash message all ask it, so they all get the same answer (issue 10). It is
 * the `cookie` package Remix itself parses signed cookies with; for a name sent twice the FIRST
 * value wins, names are case-sensitive, and values are unquoted and URI-decoded.
 */
export function readCookies(header: string | null | undefined): Record<string, string | undefined> {
  return header ? parse(header) : {};
}

/** The signed session id (app/features/accounts/session.server.ts). */
export const SESSION_COOKIE = "__session";
/** The signed one-time message after an admin action (app/platform/flash.server.ts). */
export const FLASH_COOKIE = "__flash";

/**
 * Cookies that make a response personal. A request carrying any of them (whatever its value) is
 * never answered from the shared page cache, and nothing rendered for it is ever stored there.
 */
export const PERSONAL_COOKIES = [SESSION_COOKIE, FLASH_COOKIE] as const;

/** Whether the request carries one of PERSONAL_COOKIES, as the app itself would read them. */
export function hasPersonalCookie(cookies: Record<string, string | undefined>): boolean {
  return PERSONAL_COOKIES.some((name) => cookies[name] !== undefined);
}
