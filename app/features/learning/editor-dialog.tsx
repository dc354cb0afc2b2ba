import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { inputClass, primaryButton, secondaryButton } from "~/platform/ui/admin/form-controls";
import { submittedText } from "~/platform/forms/form-value";

/**
 * The chapter editor's questions (a link's words and address, an image's alt text and caption, a
 * video's address) in an in-page, native `<dialog>` rather than the browser's `window.prompt`
 * (issue 30): labelled fields, a message beside the field that is wrong, 'Insert' and 'Cancel',
 * Escape to close. The editor puts the caret back where it was once the dialog closes.
 */
export type DialogField<Name extends string = string> = {
  name: Name;
  label: string;
  value?: string;
  hint?: string;
  /** `url` brings the phone's address keyboard; the answer is still checked by `check`, not the browser. */
  type?: "text" | "url";
  /** The message shown when the field is left blank; no message, the field may be blank. */
  required?: string;
};

export type DialogRequest<Name extends string = string> = {
  title: string;
  fields: DialogField<Name>[];
  /** The image being described, shown small above its fields. */
  preview?: { src: string; width: number; height: number };
  /** A check beyond "not blank": the field at fault and what to say, or null. */
  check?(answers: Record<Name, string>): { field: Name; message: string } | null;
};

/** An answer for each field asked, by its name. */
export type DialogAnswers<Name extends string = string> = Record<Name, string> | null;

/**
 * `ask(request)` opens the dialog and settles with the trimmed answers, or null when the admin
 * cancels (button or Escape). `ask` never changes, so Quill's handlers, made once, may keep it;
 * `dialog` is rendered by the editor.
 */
export function useEditorDialog(): {
  ask: <Name extends string>(request: DialogRequest<Name>) => Promise<DialogAnswers<Name>>;
  dialog: ReactNode;
} {
  const [open, setOpen] = useState<{ request: DialogRequest; settle: (answers: DialogAnswers) => void } | null>(null);
  const ask = useCallback(
    <Name extends string>(request: DialogRequest<Name>) =>
      new Promise<DialogAnswers<Name>>((resolve) =>
        setOpen({
          request,
          // The dialog answers with one entry per field of the request, so each name asked is there.
          settle: (answers) => {
            setOpen(null);
            resolve(answers as DialogAnswers<Name>);
          },
        }),
      ),
    [],
  );
  const dialog = open ? <EditorDialog request={open.request} onSettle={open.settle} /> : null;
  return { ask, dialog };
}

function EditorDialog({ request, onSettle }: { request: DialogRequest; onSettle: (answers: DialogAnswers) => void }) {
  const id = useId();
  const element = useRef<HTMLDialogElement>(null);
  const settled = useRef(false);
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);

  useEffect(() => {
    const dialog = element.current;
    if (!dialog || dialog.open) return;
    dialog.showModal();
    // The dialog opens on its first field, whatever the browser would pick.
    dialog.querySelector("input")?.focus();
  }, []);

  function settle(answers: DialogAnswers) {
    if (settled.current) return;
    settled.current = true;
    element.current?.close();
    onSettle(answers);
  }

  const fieldId = (name: string) => `${id}-${name}`;

  // In <body>, outside the chapter's <form>: forms cannot nest, and Enter here must not save the chapter.
  return createPortal(
    <dialog
      ref={element}
      aria-labelledby={`${id}-title`}
      // Escape (the dialog's own cancel) and close() both end here; an answer given first stands.
      onClose={() => settle(null)}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-0 text-slate-900 shadow-2xl ring-1 ring-slate-200 backdrop:bg-slate-900/60"
    >
      <form
        method="dialog"
        noValidate
        className="space-y-4 p-5"
        onSubmit={(event) => {
          // React passes events up its own tree, portal or not: the chapter's form must not see this one.
          event.preventDefault();
          event.stopPropagation();
          const form = new FormData(event.currentTarget);
          const answers = Object.fromEntries(
            request.fields.map((field) => [field.name, (submittedText(form, field.name) ?? "").trim()]),
          );
          const blank = request.fields.find((field) => field.required && answers[field.name] === "");
          const found = blank ? { field: blank.name, message: blank.required! } : (request.check?.(answers) ?? null);
          if (found) {
            setProblem(found);
            document.getElementById(fieldId(found.field))?.focus();
            return;
          }
          settle(answers);
        }}
      >
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {request.title}
        </h2>
        {request.preview ? (
          <img
            src={request.preview.src}
            width={request.preview.width}
            height={request.preview.height}
            alt=""
            className="max-h-40 w-auto rounded-lg border border-slate-200"
          />
        ) : null}
        {request.fields.map((field) => {
          const wrong = problem?.field === field.name;
          const describedBy = [
            wrong ? `${fieldId(field.name)}-error` : "",
            field.hint ? `${fieldId(field.name)}-hint` : "",
          ]
            .filter(Boolean)
            .join(" ");
          return (
            <div key={field.name}>
              <label htmlFor={fieldId(field.name)} className="block text-sm font-medium text-slate-700">
                {field.label}
              </label>
              <input
                id={fieldId(field.name)}
                name={field.name}
                type={field.type ?? "text"}
                defaultValue={field.value ?? ""}
                autoComplete="off"
                aria-required={field.required ? "true" : undefined}
                aria-invalid={wrong ? "true" : undefined}
                aria-describedby={describedBy || undefined}
                onChange={() => {
                  if (wrong) setProblem(null);
                }}
                className={inputClass}
              />
              {field.hint ? (
                <p id={`${fieldId(field.name)}-hint`} className="mt-1 text-xs text-slate-500">
                  {field.hint}
                </p>
              ) : null}
              {wrong ? (
                <p id={`${fieldId(field.name)}-error`} role="alert" className="mt-1 text-sm text-red-700">
                  {problem.message}
                </p>
              ) : null}
            </div>
          );
        })}
        <div className="flex flex-wrap justify-end gap-2 pt-1">
          <button type="button" onClick={() => settle(null)} className={secondaryButton}>
            Cancel
          </button>
          <button type="submit" className={primaryButton}>
            Insert
          </button>
        </div>
      </form>
    </dialog>,
    document.body,
  );
}
