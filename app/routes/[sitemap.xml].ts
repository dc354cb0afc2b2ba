import type { LoaderFunctionArgs } from "@remix-run/node";
import { env } from "~/infra/env.server";
import { siteOrigin } from "~/lib/site-origin";
import { sitemapXml } from "~/lib/search-engines";

export function loader({ request }: LoaderFunctionArgs) {
  return new Response(sitemapXml(siteOrigin(env().PUBLIC_URL, request.url)), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
