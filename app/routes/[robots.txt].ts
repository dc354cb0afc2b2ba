import type { LoaderFunctionArgs } from "@remix-run/node";
import { env } from "~/platform/env.server";
import { siteOrigin } from "~/platform/site-origin";
import { robotsTxt } from "~/features/site/search-engines";

export function loader({ request }: LoaderFunctionArgs) {
  return new Response(robotsTxt(siteOrigin(env().PUBLIC_URL, request.url)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
