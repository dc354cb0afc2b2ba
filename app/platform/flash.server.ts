import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { secureCookies } from "./env.server";
import { cookieSecrets } from "./keys.server";
import { FLASH_COOKIE, readCookies } from "./cookies";

/**
 * One-time messages carried across a redirect (the spec's alert() texts,
 * docs/architecture.md#progressive-enhancement): an action sets one, the next page's loader reads and clears it.
 * A signed cookie, so nobody can make the site show words it never said.
 */
export type Flash = { kind: "success" | "error"; message: string };

type FlashData = { flash: Flash };

let storage: ReturnType<typeof createCookieSessionStorage<FlashData, FlashData>> | undefined;
function flashStorage() {
  storage ??= createCookieSessionStorage<FlashData, FlashData>({
    cookie: {
      name: FLASH_COOKIE,
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: secureCookies(),
      secrets: cookieSecrets(FLASH_COOKIE),
    },
  });
  return storage;
}

/** The Set-Cookie value that shows `flash` on the next page that reads it. */
export async function flashCookie(flash: Flash): Promise<string> {
  const session = await flashStorage().getSession();
  session.flash("flash", flash);
  return flashStorage().commitSession(session);
}

/**
 * `to` with the #flash fragment (FlashMessage's id), so the browser scrolls to the message even
 * without JavaScript, however long the page; a fragment already there is kept.
 */
export const toFlash = (to: string) => (to.includes("#") ? to : `${to}#flash`);

/** A 303 redirect that shows `flash` on the page it leads to, scrolled into view. */
export async function redirectWithFlash(to: string, flash: Flash, init: { headers?: HeadersInit } = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await flashCookie(flash));
  return redirect(toFlash(to), { status: 303, headers });
}

/**
 * The pending message, if any, and the headers that clear it. Requests without the cookie
 * cost nothing and get no Set-Cookie.
 */
export async function takeFlash(request: Request): Promise<{ flash: Flash | null; headers: Headers }> {
  const headers = new Headers();
  const cookie = request.headers.get("Cookie");
  if (readCookies(cookie)[FLASH_COOKIE] === undefined) return { flash: null, headers };
  const session = await flashStorage().getSession(cookie);
  const flash = session.get("flash") ?? null;
  headers.append("Set-Cookie", await flashStorage().destroySession(session));
  return { flash, headers };
}
