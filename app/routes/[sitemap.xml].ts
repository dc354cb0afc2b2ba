import type { LoaderFunctionArgs } from "@remix-run/node";
import { publicOrigin } from "~/route-helpers/public-page.server";
import { sitemapXml } from "~/lib/search-engines";

export function loader({ request }: LoaderFunctionArgs) {
  return new Response(sitemapXml(publicOrigin(request)), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
