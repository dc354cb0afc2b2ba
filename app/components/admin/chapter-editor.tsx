import { Form } from "@remix-run/react";
import { useId, useState } from "react";
import { adminMessages } from "~/content/admin-messages";
import { ChapterContentField } from "./chapter-content-field";
import { FormError } from "~/components/form-fields";
import { inputClass, panelClass, SaveOrCancel } from "./form-controls";
import { useIsPending } from "~/hooks/use-is-pending";

/**
 * New or edit chapter (docs/product.md §2, §4): a title (trimmed, required) and rich-text content. With
 * JavaScript a blank title is caught before posting, with the spec's words; the server checks
 * it again either way.
 */
export function ChapterEditor({
  courseId,
  chapterId,
  defaults,
  error,
  cancelHref,
}: {
  courseId: string;
  chapterId: string | null;
  defaults: { title: string; content: string };
  error: string | null;
  cancelHref: string;
}) {
  const id = useId();
  const intent = chapterId ? "update-chapter" : "create-chapter";
  const saving = useIsPending({ intent, state: "submitting" });
  const [clientError, setClientError] = useState<string | null>(null);
  const message = clientError ?? error;

  return (
    <Form
      method="post"
      preventScrollReset
      aria-labelledby={`${id}-heading`}
      className={panelClass}
      onSubmit={(event) => {
        const title = new FormData(event.currentTarget).get("title");
        if (typeof title !== "string" || title.trim() === "") {
          event.preventDefault();
          setClientError(adminMessages.chapterTitleRequired);
        }
      }}
    >
      <h3 id={`${id}-heading`} className="text-lg font-semibold">
        {chapterId ? "Edit chapter" : "New chapter"}
      </h3>
      <FormError id={`${id}-error`} errors={message ? [message] : undefined} />
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
      <ChapterContentField defaultValue={defaults.content} />
      <SaveOrCancel saving={saving} saveLabel="Save chapter" offerDraft={chapterId === null} cancelHref={cancelHref} />
    </Form>
  );
}
