import { Form, useLocation, useNavigation } from "@remix-run/react";
import { useId, useState } from "react";
import { adminMessages } from "./admin-messages";
import { ChapterContentField } from "./chapter-content-field";
import { FormError } from "~/platform/ui/form-fields";
import { inputClass, panelClass, SaveOrCancel, secondaryButton } from "~/platform/ui/admin/form-controls";
import { useIsPending } from "~/platform/hooks/use-is-pending";
import { useHydrated } from "~/platform/hooks/use-hydrated";
import { attachmentsHref } from "./admin-view";
import { ATTACHMENT_EXTENSIONS, attachmentMessages, checkAttachment, formatFileSize } from "~/features/files";
import type { AttachmentSummary } from "~/features/files/index.server";
import { submittedFile, submittedText } from "~/platform/forms/form-value";

/** A saved chapter's files, and the upload limit (ATTACHMENT_MAX_BYTES); null for a new chapter. */
export type ChapterFiles = { attachments: AttachmentSummary[]; maxBytes: number };

/**
 * New or edit chapter (docs/product.md §2, §4): a title (trimmed, required) and rich-text content,
 * and for a saved chapter its files (issue 25). With JavaScript a blank title, and a file the
 * server would refuse (name, type, size), are caught before posting, with the same words; the
 * server checks again either way. 'Upload file' posts the whole form as multipart to
 * /admin/attachments, which saves the title and content with the file, so an upload never loses
 * what was typed.
 */
export function ChapterEditor({
  courseId,
  chapterId,
  defaults,
  error,
  notice = null,
  cancelHref,
  files,
}: {
  courseId: string;
  chapterId: string | null;
  defaults: { title: string; content: string };
  error: string | null;
  /** Said above the form when it comes back as typed on purpose (an image added without JavaScript). */
  notice?: string | null;
  cancelHref: string;
  files: ChapterFiles | null;
}) {
  const id = useId();
  const intent = chapterId ? "update-chapter" : "create-chapter";
  const saving = useIsPending({ intent, state: "submitting" });
  const navigation = useNavigation();
  const uploading = navigation.state === "submitting" && submittedText(navigation.formData, "upload") !== null;
  const [clientError, setClientError] = useState<string | null>(null);
  const message = clientError ?? error;
  const uploadHref = chapterId ? attachmentsHref(courseId, chapterId) : null;
  const removeFormId = `${id}-remove`;
  const hydrated = useHydrated();
  const location = useLocation();

  return (
    <div className="space-y-4">
      <Form
        method="post"
        preventScrollReset
        aria-labelledby={`${id}-heading`}
        className={panelClass}
        onSubmit={(event) => {
          const form = new FormData(event.currentTarget);
          const title = submittedText(form, "title");
          if (title === null || title.trim() === "") {
            event.preventDefault();
            setClientError(adminMessages.chapterTitleRequired);
            return;
          }
          const submitter = (event.nativeEvent as SubmitEvent).submitter;
          if (files && submitter?.getAttribute("name") === "upload") {
            const file = submittedFile(form, "file");
            const check = file
              ? checkAttachment(file, files.maxBytes)
              : { ok: false as const, error: attachmentMessages.chooseFile };
            if (!check.ok) {
              // Nothing is sent: the form, and everything typed in it, stays as it is.
              event.preventDefault();
              setClientError(check.error);
            }
          }
        }}
      >
        <h3 id={`${id}-heading`} className="text-lg font-semibold">
          {chapterId ? "Edit chapter" : "New chapter"}
        </h3>
        <FormError id={`${id}-error`} errors={message ? [message] : undefined} />
        {notice && !message ? (
          <p
            role="status"
            className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800"
          >
            {notice}
          </p>
        ) : null}
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="courseId" value={courseId} />
        {chapterId ? <input type="hidden" name="chapterId" value={chapterId} /> : null}
        <div>
          <label htmlFor={`${id}-title`} className="block text-sm font-medium text-slate-700">
            Chapter title
          </label>
          <input
            id={`${id}-title`}
            name="title"
            defaultValue={defaults.title}
            aria-required="true"
            aria-describedby={message ? `${id}-error` : undefined}
            autoComplete="off"
            onChange={() => setClientError(null)}
            className={inputClass}
          />
        </div>
        <ChapterContentField
          defaultValue={defaults.content}
          courseId={courseId}
          draftKey={`chapter-draft:${courseId}:${chapterId ?? "new"}`}
          newChapter={chapterId === null}
        />
        <SaveOrCancel
          saving={saving && !uploading}
          saveLabel="Save chapter"
          offerDraft={chapterId === null}
          cancelHref={cancelHref}
        />
        {/* Without JavaScript (the editor's toolbar does it otherwise): an image uploaded and its
            figure added to the content, the form coming back as typed (issue 30). After the Save
            button, so Enter in the title saves. */}
        {!hydrated ? (
          <fieldset className="space-y-2 border-t border-slate-200 pt-4">
            <legend className="text-sm font-semibold uppercase tracking-wide text-slate-500">Add an image</legend>
            <label htmlFor={`${id}-image`} className="block text-sm font-medium text-slate-700">
              Image (PNG, JPEG, WebP, GIF or AVIF)
            </label>
            <input
              id={`${id}-image`}
              type="file"
              name="image"
              accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
              className="block w-full text-sm"
            />
            <label htmlFor={`${id}-alt`} className="block text-sm font-medium text-slate-700">
              Alt text (what the image shows, for those who cannot see it)
            </label>
            <input id={`${id}-alt`} name="imageAlt" autoComplete="off" className={inputClass} />
            <label htmlFor={`${id}-caption`} className="block text-sm font-medium text-slate-700">
              Caption (optional)
            </label>
            <input id={`${id}-caption`} name="imageCaption" autoComplete="off" className={inputClass} />
            <button
              type="submit"
              name="addImage"
              value="1"
              formAction={`/admin/attachments${location.search}`}
              formEncType="multipart/form-data"
              className={secondaryButton}
            >
              Add image
            </button>
          </fieldset>
        ) : null}
        {/* After the Save button, so Enter in the title saves rather than uploads. */}
        <section aria-labelledby={`${id}-files`} className="border-t border-slate-200 pt-4">
          <h4 id={`${id}-files`} className="text-sm font-semibold uppercase tracking-wide text-slate-500">
            Files
          </h4>
          {files && uploadHref ? (
            <>
              {files.attachments.length > 0 ? (
                <ul className="mt-2 space-y-2">
                  {files.attachments.map((file) => (
                    <li
                      key={file.id}
                      className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm"
                    >
                      <span className="min-w-0 break-all">
                        {file.fileName} <span className="text-slate-500">({formatFileSize(file.sizeBytes)})</span>
                      </span>
                      {/* Belongs to the remove form below the editor: forms cannot nest. */}
                      <button
                        type="submit"
                        form={removeFormId}
                        name="attachmentId"
                        value={file.id}
                        aria-label={`Remove file ${file.fileName}`}
                        className={secondaryButton}
                      >
                        Remove
                      </button>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-2 text-sm text-slate-500">No files yet.</p>
              )}
              <label htmlFor={`${id}-file`} className="mt-3 block text-sm font-medium text-slate-700">
                Attach a file
              </label>
              <input
                // A new input after each upload or removal, so a file just sent is not sent twice.
                key={files.attachments.map((file) => file.id).join()}
                id={`${id}-file`}
                type="file"
                name="file"
                accept={ATTACHMENT_EXTENSIONS.join(",")}
                aria-describedby={`${id}-file-hint`}
                onChange={() => setClientError(null)}
                className="mt-1 block w-full text-sm"
              />
              <p id={`${id}-file-hint`} className="mt-1 text-xs text-slate-500">
                Up to {formatFileSize(files.maxBytes)}: {ATTACHMENT_EXTENSIONS.join(", ")}. Uploading also saves the
                title and content above.
              </p>
              <button
                type="submit"
                name="upload"
                value="file"
                formAction={uploadHref}
                formEncType="multipart/form-data"
                disabled={uploading}
                className={`mt-2 ${secondaryButton}`}
              >
                {uploading ? "Uploading..." : "Upload file"}
              </button>
            </>
          ) : (
            <p className="mt-2 text-sm text-slate-500">{attachmentMessages.saveFirst}</p>
          )}
        </section>
      </Form>
      {files && uploadHref && chapterId ? (
        <Form method="post" action={uploadHref} id={removeFormId} preventScrollReset>
          <input type="hidden" name="intent" value="remove-attachment" />
          <input type="hidden" name="chapterId" value={chapterId} />
        </Form>
      ) : null}
    </div>
  );
}
