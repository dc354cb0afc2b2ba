import { data, type HeadersFunction } from "@remix-run/node";
import type { Brand, PageCopy } from "~/content/types";
import { env } from "./env.server";
import { SHARE_IMAGE, type PageMeta } from "./page-meta";
import { getSessionUser } from "./session.server";

/**
 * Caching of the public marketing pages. An anonymous visitor's page is the same for everyone
 * with the same cookies, so a CDN may keep it for a few minutes (the browser always revalidates,
 * so a consent choice or a sign-in shows at once). A signed-in visitor's page carries their
 * navigation bar, so it is never stored anywhere.
 */
export const ANONYMOUS_PAGE_CACHE = "public, max-age=0, s-maxage=300, stale-while-revalidate=600";
export const PERSONAL_PAGE_CACHE = "private, no-store";

export function brand(): Brand {
  const { BRAND_NAME, SUPPORT_EMAIL } = env();
  return { name: BRAND_NAME, supportEmail: SUPPORT_EMAIL };
}

/** The site's public origin: PUBLIC_URL when configured (never a Host header a cache could be fooled by). */
function publicOrigin(request: Request): string {
  return (env().PUBLIC_URL ?? new URL(request.url).origin).replace(/\/+$/, "");
}

/**
 * Loader data of a public page: its content plus absolute meta, with the cache headers that suit
 * this visitor. `path` is the page's canonical path.
 */
export async function publicPage<T extends object>(request: Request, path: string, copy: PageCopy, content: T) {
  const user = await getSessionUser(request);
  const origin = publicOrigin(request);
  const meta: PageMeta = {
    ...copy,
    url: `${origin}${path}`,
    image: `${origin}${SHARE_IMAGE.path}`,
    siteName: brand().name,
  };
  return data(
    { ...content, meta },
    {
      headers: {
        "Cache-Control": user ? PERSONAL_PAGE_CACHE : ANONYMOUS_PAGE_CACHE,
        // Cookies decide what the page shows (session, consent), so shared caches key on them.
        Vary: "Cookie",
      },
    },
  );
}

/** The `headers` export of every public page: the document gets its loader's cache policy. */
export const publicPageHeaders: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers();
  for (const name of ["Cache-Control", "Vary"]) {
    const value = loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
};
