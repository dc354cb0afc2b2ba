import type { LoaderFunctionArgs } from "@remix-run/node";
import { findImage, imageResponse } from "~/features/files/index.server";
import { getSessionUser } from "~/features/accounts/index.server";

/**
 * GET /course/<courseId>/images/<imageId>: an image of a course's chapters (issue 30), for those
 * who may open the course (learning.server.ts mayViewImage). Everyone else gets the same 404 as
 * for an image that does not exist. A resource route: it guards itself.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await getSessionUser(request);
  const image = await findImage(user, params.courseId, params.imageId);
  if (!image) {
    return new Response("Not found.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  return imageResponse(image, request);
}
