import { Component, lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useHydrated } from "~/platform/hooks/use-hydrated";

const RichTextEditor = lazy(() => import("./rich-text-editor.client"));

/** If the editor's code cannot load, the admin keeps the plain HTML field instead of a broken page. */
class EditorFallback extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    // eslint-disable-next-line no-console -- in the browser: its console is the visitor's developer tools, not the server log
    console.error("The rich-text editor failed to load:", error);
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

const textareaClass =
  "mt-1 block min-h-64 w-full rounded-lg border border-slate-300 px-3 py-2.5 font-mono text-sm shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30";

/**
 * A draft kept in this browser while a chapter is edited (issue 30): the text, and the content the
 * editing started from. It is restored only over that same content: a save that landed changed the
 * content (the draft is then dropped), a save that never arrived (the network, a reload, a closed
 * tab) did not. A save the server refused comes back with the typed text already.
 */
type Draft = { base: string; content: string };

function readDraft(key: string): Draft | null {
  try {
    const value = JSON.parse(window.localStorage.getItem(key) ?? "null") as Draft | null;
    return value && typeof value.base === "string" && typeof value.content === "string" ? value : null;
  } catch {
    return null;
  }
}

function writeDraft(key: string, draft: Draft | null) {
  try {
    if (draft) window.localStorage.setItem(key, JSON.stringify(draft));
    else window.localStorage.removeItem(key);
  } catch {
    // Storage full or refused (private mode): the draft is a safety net, not a promise.
  }
}

type FieldProps = { id: string; labelId: string; value: string; onChange: (html: string) => void };

/** The no-JavaScript field: the chapter's HTML in a textarea. */
function PlainField({ id, labelId, value, onChange }: FieldProps) {
  return (
    <>
      <textarea
        id={id}
        name="content"
        aria-labelledby={labelId}
        aria-describedby={`${id}-hint`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        rows={14}
        className={textareaClass}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
        HTML: headings (h1-h3), paragraphs, bold, italic, underline, lists, code blocks (&lt;pre&gt;), quotes
        (&lt;blockquote&gt;), links, images by address (with alt text; &lt;figure&gt; and &lt;figcaption&gt; for a
        caption), and YouTube or Vimeo videos as &lt;iframe src=&quot;video link&quot;&gt;&lt;/iframe&gt;.
      </p>
    </>
  );
}

/**
 * The chapter's content, posted as `content` either way: a plain textarea of HTML without
 * JavaScript, the rich-text editor after hydration (RichEditing), which keeps a hidden field of
 * the same name in step and a local draft under `draftKey`.
 */
export function ChapterContentField({
  defaultValue,
  courseId,
  draftKey,
  newChapter,
}: {
  defaultValue: string;
  courseId: string;
  draftKey: string;
  /** A chapter not saved yet: its draft goes when the form is sent (see RichEditing). */
  newChapter: boolean;
}) {
  const hydrated = useHydrated();
  const labelId = useId();
  const [typed, setTyped] = useState(defaultValue);

  return (
    <div>
      <label id={labelId} htmlFor={`${labelId}-field`} className="block text-sm font-medium text-slate-700">
        Content
      </label>
      {hydrated ? (
        <RichEditing
          base={defaultValue}
          typed={typed}
          courseId={courseId}
          draftKey={draftKey}
          forgetOnSubmit={newChapter}
          labelId={labelId}
        />
      ) : (
        <PlainField id={`${labelId}-field`} labelId={labelId} value={typed} onChange={setTyped} />
      )}
    </div>
  );
}

/**
 * Rendered only in the browser, after hydration, so its first state may come from localStorage:
 * a draft of this chapter over the same content is restored, with "Restored your unsaved changes."
 * and a way to discard it.
 */
function RichEditing({
  base: startedFrom,
  typed,
  courseId,
  draftKey,
  forgetOnSubmit,
  labelId,
}: {
  base: string;
  typed: string;
  courseId: string;
  draftKey: string;
  forgetOnSubmit: boolean;
  labelId: string;
}) {
  // The saved content the editing started from, kept while the form comes back from a failed save
  // with the typed text as its defaults: the draft stays a draft over what is really saved.
  const [base] = useState(startedFrom);
  const [start] = useState(() => {
    const draft = readDraft(draftKey);
    const restore = draft !== null && draft.base === base && draft.content !== base;
    return { html: restore ? draft.content : typed, restored: restore };
  });
  const [html, setHtml] = useState(start.html);
  const [restored, setRestored] = useState(start.restored);
  // Only the admin's own edits make a draft: Quill's tidying of the loaded text on mount is none.
  const [edited, setEdited] = useState(start.restored);
  // The editor takes its text once, when it mounts: discarding the draft mounts a new one.
  const [editorKey, setEditorKey] = useState(0);
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    writeDraft(draftKey, edited && html !== base ? { base, content: html } : null);
  }, [draftKey, base, html, edited]);

  // A new chapter's saved content is not its base (that stays empty for the next new chapter), so
  // its draft is let go when the form is sent; a saved chapter's is kept until its content changes.
  useEffect(() => {
    const form = field.current?.form;
    if (!forgetOnSubmit || !form) return;
    const forget = () => writeDraft(draftKey, null);
    form.addEventListener("submit", forget);
    return () => form.removeEventListener("submit", forget);
  }, [forgetOnSubmit, draftKey]);

  function discard() {
    setHtml(base);
    setEditorKey((key) => key + 1);
    setRestored(false);
    setEdited(false);
  }

  return (
    <>
      {restored ? (
        <p
          role="status"
          className="mt-1 flex flex-wrap items-center gap-x-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-1 text-sm text-amber-900"
        >
          Restored your unsaved changes.
          <button type="button" onClick={discard} className="inline-flex min-h-11 items-center font-semibold underline">
            Discard them
          </button>
        </p>
      ) : null}
      <EditorFallback
        fallback={<PlainField id={`${labelId}-field`} labelId={labelId} value={html} onChange={setHtml} />}
      >
        <input ref={field} type="hidden" name="content" value={html} />
        <Suspense
          fallback={
            <p className="mt-1 rounded-lg border border-slate-200 p-4 text-sm text-slate-500">Loading editor…</p>
          }
        >
          <div className="mt-1">
            <RichTextEditor
              key={editorKey}
              courseId={courseId}
              defaultValue={html}
              onChange={(value, byUser) => {
                setHtml(value);
                if (byUser) setEdited(true);
              }}
              labelledBy={labelId}
            />
          </div>
        </Suspense>
      </EditorFallback>
    </>
  );
}
