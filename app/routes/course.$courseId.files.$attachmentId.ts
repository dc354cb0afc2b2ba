import type { LoaderFunctionArgs } from "@remix-run/node";
import { downloadResponse, findDownload } from "~/features/files/index.server";
import { getSessionUser } from "~/features/accounts/index.server";

/**
 * GET /course/<courseId>/files/<attachmentId>: a chapter's file, as an attachment, for those who
 * may open the course (learning.server.ts mayDownloadAttachment). Everyone else, signed in or
 * not, gets the same 404 as for a file that does not exist: a refusal reveals nothing. One member
 * has at most 3 downloads running at once (files' downloads.server.ts). A resource
 * route: it guards itself and returns a real Response (docs/architecture.md#resource-routes-return-real-responses).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await getSessionUser(request);
  const attachment = await findDownload(user, params.courseId, params.attachmentId);
  if (!attachment || !user) {
    return new Response("Not found.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  return downloadResponse(attachment, request, user.id);
}
