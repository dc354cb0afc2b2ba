import type { ActionFunctionArgs } from "@remix-run/node";
import { imageMessages, imageSrc } from "~/features/files/images";
import { uploadImage } from "~/features/files/index.server";
import { requireAdmin } from "~/features/accounts/index.server";
import { log } from "~/platform/log.server";

/**
 * POST /admin/images: the chapter editor's image upload (issue 30). Multipart `courseId` and
 * `file`; answers JSON: the image's address and size for the editor to insert, or why it was
 * refused. Its own address, so only it has the image body limit (server/body-limits.ts).
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const courseId = form.get("courseId");
  try {
    const uploaded = await uploadImage(typeof courseId === "string" ? courseId : "", form.get("file"));
    // A resource route answers a real Response (Remix's data() would lose the status here).
    if (!uploaded.ok) return Response.json({ ok: false, error: uploaded.error }, { status: uploaded.status });
    return Response.json({
      ok: true,
      src: imageSrc(courseId as string, uploaded.id),
      width: uploaded.width,
      height: uploaded.height,
    });
  } catch (error) {
    log.error({ err: error }, "uploading an image failed");
    return Response.json({ ok: false, error: imageMessages.uploadError }, { status: 500 });
  }
}
