import type { ActionFunctionArgs } from "@remix-run/node";
import { handleAttachmentAction } from "~/features/learning/index.server";

/**
 * /admin/attachments: where the chapter editor uploads and removes files (issue 25). Its own
 * address, so only it has the large body limit (server/body-limits.ts); it shows the admin panel
 * itself, so a refused upload comes back in the panel with the chapter form as it was typed.
 */
export { default, links, loader, meta } from "../admin/route";

export async function action({ request }: ActionFunctionArgs) {
  return handleAttachmentAction(request);
}
