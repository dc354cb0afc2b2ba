import { data } from "@remix-run/node";
import { adminMessages as say } from "./admin-messages";
import { redirectWithFlash } from "~/platform/flash.server";
import { attachmentMessages, imageMessages, imageSrc } from "~/features/files";
import { adminHref, parseAdminView } from "./admin-view";
import { sanitizeChapterHtml } from "./html-sanitizer.server";
import { chapterSchema } from "./course-forms";
import { isUuid } from "~/platform/uuid";
import { escapeHtml } from "~/platform/escape-html";
import { updateChapter } from "./chapter-store.server";
import { attachFile, checkUpload, removeAttachment, uploadImage } from "~/features/files/index.server";
import { requireAdmin } from "~/features/accounts/index.server";
import { handleAdminAction, type AdminActionFailure } from "./course-admin.server";
import { log } from "~/platform/log.server";

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/**
 * /admin/attachments: the chapter editor's 'Upload file' and 'Remove' (issue 25). The upload
 * posts the whole chapter form, as multipart, here (this address alone has the large body limit,
 * server/body-limits.ts). It saves the chapter's title and content with the file, so what the
 * admin typed is kept; a refused file changes nothing and answers with everything typed and the
 * reason, so the form comes back filled in. Any other form of the admin page that posts here (its
 * URL is this one after a refused upload) is /admin's own action.
 */
export async function handleAttachmentAction(request: Request) {
  // Remix runs no loader before an action: the guard is checked here, for every intent.
  await requireAdmin(request);
  const form = await request.formData();
  if (form.get("addImage") !== null) return addImage(form);
  if (form.get("upload") !== null) return upload(form);
  if (text(form, "intent") === "remove-attachment") return remove(form, request);
  return handleAdminAction(request, form);
}

async function upload(form: FormData) {
  const courseId = text(form, "courseId");
  const chapterId = text(form, "chapterId");
  const values = { title: text(form, "title"), content: text(form, "content") };
  const failure = (error: string, status: number) =>
    data<AdminActionFailure>({ form: "chapter", courseId, chapterId: chapterId || null, values, error }, { status });

  if (!isUuid(chapterId) || !isUuid(courseId)) return failure(attachmentMessages.saveFirst, 400);
  const file = form.get("file");
  if (!(file instanceof File)) return failure(attachmentMessages.chooseFile, 400);
  const check = checkUpload(file);
  if (!check.ok) return failure(check.error, check.status);
  const parsed = chapterSchema.safeParse(values);
  // A failed parse carries at least one issue (zod fails a parse only for one).
  if (!parsed.success) return failure(parsed.error.issues[0]!.message, 400);

  try {
    const saved = await updateChapter(chapterId, {
      title: parsed.data.title,
      content: sanitizeChapterHtml(parsed.data.content),
    });
    if (!saved) return failure(say.chapterSaveError(say.chapterGone), 404);
    const attached = await attachFile(chapterId, file, check.contentType);
    if (!attached.ok) return failure(attachmentMessages.uploadError(attached.error), attached.status);
  } catch (error) {
    log.error({ err: error }, "attaching a file failed");
    return failure(attachmentMessages.uploadError(), 500);
  }
  return redirectWithFlash(adminHref({ courseId, panel: { kind: "edit-chapter", chapterId } }), {
    kind: "success",
    message: attachmentMessages.uploaded(file.name),
  });
}

/**
 * 'Add image' without JavaScript (issue 30): the chapter form comes here as multipart with an image,
 * its alt text and an optional caption. The image is uploaded as the editor's would be (decision
 * 057) and its figure appended to the content; nothing is saved: the form comes back as typed,
 * with the figure, saying so.
 */
async function addImage(form: FormData) {
  const courseId = text(form, "courseId");
  const chapterId = text(form, "chapterId");
  const values = { title: text(form, "title"), content: text(form, "content") };
  const back = (status: number, said: { error?: string; notice?: string }) =>
    data<AdminActionFailure>(
      { form: "chapter", courseId, chapterId: chapterId || null, values, error: said.error ?? "", notice: said.notice },
      { status },
    );
  const alt = text(form, "imageAlt").trim();
  if (!alt) return back(400, { error: imageMessages.altRequired });
  try {
    const uploaded = await uploadImage(courseId, form.get("image"));
    if (!uploaded.ok) return back(uploaded.status, { error: uploaded.error });
    const caption = text(form, "imageCaption").trim();
    const figure =
      `<figure><img src="${imageSrc(courseId, uploaded.id)}" alt="${escapeHtml(alt)}" width="${uploaded.width}" height="${uploaded.height}">` +
      `${caption ? `<figcaption>${escapeHtml(caption)}</figcaption>` : ""}</figure>`;
    values.content = `${values.content}${figure}`;
    return back(200, { notice: imageMessages.added });
  } catch (error) {
    log.error({ err: error }, "adding an image failed");
    return back(500, { error: imageMessages.uploadError });
  }
}

async function remove(form: FormData, request: Request) {
  const view = parseAdminView(new URL(request.url).searchParams);
  const back = adminHref(view);
  try {
    const removed = await removeAttachment(text(form, "chapterId"), text(form, "attachmentId"));
    return redirectWithFlash(
      back,
      removed
        ? { kind: "success", message: attachmentMessages.removed }
        : { kind: "error", message: attachmentMessages.gone },
    );
  } catch (error) {
    log.error({ err: error }, "removing a file failed");
    return redirectWithFlash(back, { kind: "error", message: attachmentMessages.removeError });
  }
}
