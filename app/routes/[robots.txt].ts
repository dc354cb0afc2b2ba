import type { LoaderFunctionArgs } from "@remix-run/node";
import { publicOrigin } from "~/route-helpers/public-page.server";
import { robotsTxt } from "~/lib/search-engines";

export function loader({ request }: LoaderFunctionArgs) {
  return new Response(robotsTxt(publicOrigin(request)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
