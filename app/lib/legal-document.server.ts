import { data, type LoaderFunctionArgs } from "@remix-run/node";
import type { Brand, LegalDocument } from "~/content/legal";
import { env } from "./env.server";
import { publicPageCacheHeaders } from "./page-cache.server";

/**
 * What a legal page's loader returns: its copy travels as loader data, so it stays out of the
 * client bundle. (Called from the route's own loader function: a call at module level would
 * survive into the browser build, where this server module is empty.)
 */
export async function loadLegalDocument({ request }: LoaderFunctionArgs, build: (brand: Brand) => LegalDocument) {
  const { BRAND_NAME, SUPPORT_EMAIL } = env();
  return data(
    { document: build({ name: BRAND_NAME, supportEmail: SUPPORT_EMAIL }) },
    { headers: await publicPageCacheHeaders(request) },
  );
}
