import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireTrainingAccess } from "~/features/catalogue/index.server";
import { ideasMarkdown, parseExportFormat } from "~/features/tools/idea-export";
import { ideasForQuery } from "~/features/tools/idea-generator";

/**
 * GET /app-idea-generator/export?<the page's query>[&format=markdown]: the ideas the page shows for
 * the same filter and seed, as a JSON (default) or Markdown download. A resource route: it guards
 * itself and returns a real Response.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireTrainingAccess(request);
  const params = new URL(request.url).searchParams;
  const format = parseExportFormat(params.get("format"));
  const run = ideasForQuery(params);
  if (run.status === "idle") {
    return new Response("Generate ideas first: the export needs the seed of the ideas on your page.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  const basename = run.status === "generated" ? `saas-ideas-${run.seed}` : "saas-ideas-samples";
  const [body, extension, contentType] =
    format === "markdown"
      ? [ideasMarkdown(run), "md", "text/markdown; charset=utf-8"]
      : [
          JSON.stringify(
            run.status === "generated"
              ? { seed: run.seed, filter: run.filter, ideas: run.ideas }
              : { error: run.error, ideas: run.ideas },
            null,
            2,
          ),
          "json",
          "application/json; charset=utf-8",
        ];
  return new Response(body, {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="${basename}.${extension}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
