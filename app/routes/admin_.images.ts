import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs } from "@remix-run/node";
import { imageUploadSchema } from "~/features/learning/course-forms";
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
  const submission = parseWithZod(await request.formData(), { schema: imageUploadSchema });
  // The schema refuses only a form that is not the editor's (a field sent twice): no image in it.
  if (submission.status !== "success")
    return Response.json({ ok: false, error: imageMessages.chooseFile }, { status: 400 });
  const { courseId, file } = submission.value;
  try {
    const uploaded = await uploadImage(courseId, file);
    // A resource route answers a real Response (Remix's data() would lose the status here).
    if (!uploaded.ok) return Response.json({ ok: false, error: uploaded.error }, { status: uploaded.status });
    return Response.json({
      ok: true,
      src: imageSrc(courseId, uploaded.id),
      width: uploaded.width,
      height: uploaded.height,
    });
  } catch (error) {
    log.error({ err: error }, "uploading an image failed");
    return Response.json({ ok: false, error: imageMessages.uploadError }, { status: 500 });
  }
}
