import type { LoaderFunctionArgs } from "@remix-run/node";
import { findBonusFile, readBonusFile } from "~/features/tools/index.server";
import { requirePaidMember, mayUseProduct } from "~/features/catalogue/index.server";

/**
 * GET /bonuses/download/<file>: a bonus file for paid members and admins, as an attachment; the
 * early-bird bundle only for its owners (and admins). A member without it gets the same 404 as
 * for a name that does not exist, so the route says nothing of who got a spot.
 * A resource route: it guards itself and returns a real Response (docs/architecture.md#resource-routes-return-real-responses).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePaidMember(request);
  const file = findBonusFile(params.file ?? "");
  if (!file || (file.requiredProduct && !mayUseProduct(user, file.requiredProduct))) {
    return new Response("No such bonus file.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  const body = await readBonusFile(file);
  return new Response(body, {
    headers: {
      "Content-Type": file.contentType,
      // Only allowlisted names get here, so the name needs no escaping.
      "Content-Disposition": `attachment; filename="${file.name}"`,
      "Content-Length": String(body.byteLength),
      "Cache-Control": "private, no-store",
    },
  });
}
