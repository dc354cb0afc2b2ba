import { data } from "@remix-run/node";
import type { Brand, PageCopy } from "~/platform/copy-types";
import { pageCacheHeaders } from "~/platform/cache-policy";
import { siteOrigin } from "~/platform/site-origin";
import { env } from "~/platform/env.server";
import { SHARE_IMAGE, type PageMeta } from "~/platform/page-meta";
import { getSessionUser } from "~/features/accounts/index.server";

export function brand(): Brand {
  const { BRAND_NAME, SUPPORT_EMAIL } = env();
  return { name: BRAND_NAME, supportEmail: SUPPORT_EMAIL };
}

/**
 * Loader data of a public page: its content plus absolute meta, with the cache headers that suit
 * this visitor. `path` is the page's canonical path.
 */
export async function publicPage<T extends object>(request: Request, path: string, copy: PageCopy, content: T) {
  const user = await getSessionUser(request);
  const origin = siteOrigin(env().PUBLIC_URL, request.url);
  const meta: PageMeta = {
    ...copy,
    url: `${origin}${path}`,
    image: `${origin}${SHARE_IMAGE.path}`,
    siteName: brand().name,
  };
  return data({ ...content, meta }, { headers: pageCacheHeaders(user !== null) });
}
