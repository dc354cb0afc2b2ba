import type { LoaderFunctionArgs } from "@remix-run/node";
import { env } from "~/platform/env.server";
import { siteOrigin } from "~/platform/site-origin";
import { sitemapXml } from "~/features/site/search-engines";

export function loader({ request }: LoaderFunctionArgs) {
  return new Response(sitemapXml(siteOrigin(env().PUBLIC_URL, request.url)), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
