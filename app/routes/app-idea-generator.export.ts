import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePaidMember } from "~/services/guards.server";
import { ideasForQuery } from "~/lib/idea-generator";

/**
 * GET /app-idea-generator/export?<the page's query>: the ideas the page shows for the same filter
 * and seed, as a JSON download. A resource route: it guards itself and returns a real Response.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePaidMember(request);
  const run = ideasForQuery(new URL(request.url).searchParams);
  if (run.status === "idle") {
    return new Response("Generate ideas first: the export needs the seed of the ideas on your page.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  const body =
    run.status === "generated"
      ? { seed: run.seed, filter: run.filter, ideas: run.ideas }
      : { error: run.error, ideas: run.ideas };
  const filename = run.status === "generated" ? `saas-ideas-${run.seed}.json` : "saas-ideas-samples.json";
  return new Response(JSON.stringify(body, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
