import { data, type LoaderFunctionArgs } from "@remix-run/node";
import type { Brand, LegalDocument } from "~/content/legal";
import { env } from "./env.server";
import { publicPageCacheHeaders } from "./page-cache.server";

/** The loader of a legal page: its copy travels as loader data, so it stays out of the client bundle. */
export function legalDocumentLoader(build: (brand: Brand) => LegalDocument) {
  return async ({ request }: LoaderFunctionArgs) => {
    const { BRAND_NAME, SUPPORT_EMAIL } = env();
    return data(
      { document: build({ name: BRAND_NAME, supportEmail: SUPPORT_EMAIL }) },
      { headers: await publicPageCacheHeaders(request) },
    );
  };
}
