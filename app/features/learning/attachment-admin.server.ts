import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import * as z from "zod/mini";
import { adminMessages as say } from "./admin-messages";
import { redirectWithFlash } from "~/platform/flash.server";
import { attachmentMessages, imageMessages, imageSrc } from "~/features/files";
import { adminHref, parseAdminView } from "./admin-view";
import { sanitizeChapterHtml } from "./html-sanitizer.server";
import {
  attachmentFormKindSchema,
  chapterDraftSchema,
  chapterImageSchema,
  chapterUploadSchema,
  removeAttachmentSchema,
} from "./course-forms";
import { firstError } from "~/platform/forms/submission-errors";
import { isUuid } from "~/platform/uuid";
import { escapeHtml } from "~/platform/escape-html";
import { updateChapter } from "./chapter-store.server";
import {
  attachReceivedFile,
  discardReceivedFile,
  receiveAttachmentForm,
  removeAttachment,
  UnreadableForm,
  uploadImage,
  type ReceivedForm,
} from "~/features/files/index.server";
import { requireAdmin } from "~/features/accounts/index.server";
import { handleAdminAction, type AdminActionFailure } from "./course-admin.server";
import { log } from "~/platform/log.server";

/**
 * /admin/attachments: the chapter editor's 'Upload file' and 'Remove' (issue 25). The upload
 * posts the whole chapter form, as multipart, here (this address alone has the large body limit,
 * server/body-limits.ts, and reaches the app unread, so the file streams into the store). It saves the chapter's title and content with the file, so what the
 * admin typed is kept; a refused file changes nothing and answers with everything typed and the
 * reason, so the form comes back filled in. Any other form of the admin page that posts here (its
 * URL is this one after a refused upload) is /admin's own action.
 */
export async function handleAttachmentAction(request: Request) {
  // Remix runs no loader before an action: the guard is checked here, for every intent.
  await requireAdmin(request);
  let received: ReceivedForm;
  try {
    // The file goes into the store as it arrives (decision 068); the rest of the form is read as usual.
    received = await receiveAttachmentForm(request);
  } catch (error) {
    if (!(error instanceof UnreadableForm)) throw error;
    return new Response("Malformed form data: the multipart body or its boundary could not be read.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const { form, file } = received;
  let attached = false;
  try {
    const kind = parseWithZod(form, { schema: attachmentFormKindSchema });
    const sent = kind.status === "success" ? kind.value : {};
    if (sent.addImage !== undefined) return await addImage(form);
    if (sent.upload !== undefined) {
      const outcome = await upload(form, file);
      attached = outcome.attached;
      return outcome.response;
    }
    if (sent.intent === "remove-attachment") return await remove(form, request);
    return await handleAdminAction(request, form);
  } finally {
    // A file no row came to name is not kept.
    if (file?.ok && !attached) await discardReceivedFile(file);
  }
}

/** The chapter form as typed, with why it came back (an error, or a notice when nothing went wrong). */
function chapterAsTyped(payload: unknown, status: number, said: { error?: string; notice?: string }) {
  const { courseId, chapterId, title, content } = z.parse(chapterDraftSchema, payload);
  return data<AdminActionFailure>(
    {
      form: "chapter",
      courseId,
      chapterId: chapterId || null,
      values: { title, content },
      error: said.error ?? "",
      notice: said.notice,
    },
    { status },
  );
}

async function upload(form: FormData, file: ReceivedForm["file"]) {
  const submission = parseWithZod(form, { schema: chapterUploadSchema });
  const failure = (error: string, status: number) => ({
    attached: false,
    response: chapterAsTyped(submission.payload, status, { error }),
  });
  const { courseId, chapterId } = z.parse(chapterDraftSchema, submission.payload);
  if (!isUuid(chapterId) || !isUuid(courseId)) return failure(attachmentMessages.saveFirst, 400);
  if (!file) return failure(attachmentMessages.chooseFile, 400);
  if (!file.ok) return failure(file.error, file.status);
  if (submission.status !== "success") return failure(firstError(submission.error), 400);
  const chapter = submission.value;

  try {
    const saved = await updateChapter(chapterId, {
      title: chapter.title,
      content: sanitizeChapterHtml(chapter.content),
    });
    if (!saved) return failure(say.chapterSaveError(say.chapterGone), 404);
    const attached = await attachReceivedFile(chapterId, file);
    if (!attached.ok) return failure(attachmentMessages.uploadError(attached.error), attached.status);
  } catch (error) {
    log.error({ err: error }, "attaching a file failed");
    return failure(attachmentMessages.uploadError(), 500);
  }
  return {
    attached: true,
    response: await redirectWithFlash(adminHref({ courseId, panel: { kind: "edit-chapter", chapterId } }), {
      kind: "success",
      message: attachmentMessages.uploaded(file.name),
    }),
  };
}

/**
 * 'Add image' without JavaScript (issue 30): the chapter form comes here as multipart with an image,
 * its alt text and an optional caption. The image is uploaded as the editor's would be (decision
 * 057) and its figure appended to the content; nothing is saved: the form comes back as typed,
 * with the figure, saying so.
 */
async function addImage(form: FormData) {
  const submission = parseWithZod(form, { schema: chapterImageSchema });
  if (submission.status !== "success")
    return chapterAsTyped(submission.payload, 400, { error: firstError(submission.error) });
  const { courseId, image, imageAlt: alt, imageCaption: caption } = submission.value;
  const back = (status: number, said: { error?: string; notice?: string }, figure = "") => {
    const typed = z.parse(chapterDraftSchema, submission.payload);
    return chapterAsTyped({ ...typed, content: `${typed.content}${figure}` }, status, said);
  };
  try {
    const uploaded = await uploadImage(courseId, image);
    if (!uploaded.ok) return back(uploaded.status, { error: uploaded.error });
    const figure =
      `<figure><img src="${imageSrc(courseId, uploaded.id)}" alt="${escapeHtml(alt)}" width="${uploaded.width}" height="${uploaded.height}">` +
      `${caption ? `<figcaption>${escapeHtml(caption)}</figcaption>` : ""}</figure>`;
    return back(200, { notice: imageMessages.added }, figure);
  } catch (error) {
    log.error({ err: error }, "adding an image failed");
    return back(500, { error: imageMessages.uploadError });
  }
}

async function remove(form: FormData, request: Request) {
  const submission = parseWithZod(form, { schema: removeAttachmentSchema });
  const view = parseAdminView(new URL(request.url).searchParams);
  const back = adminHref(view);
  if (submission.status !== "success")
    return redirectWithFlash(back, { kind: "error", message: attachmentMessages.gone });
  const { chapterId, attachmentId } = submission.value;
  try {
    const removed = await removeAttachment(chapterId, attachmentId);
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
