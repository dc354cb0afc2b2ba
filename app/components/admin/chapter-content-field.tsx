import { Component, lazy, Suspense, useId, useState, type ReactNode } from "react";
import { useHydrated } from "~/hooks/use-hydrated";

const RichTextEditor = lazy(() => import("./rich-text-editor.client"));

/** If the editor's code cannot load, the admin keeps the plain HTML field instead of a broken page. */
class EditorFallback extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error("The rich-text editor failed to load:", error);
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

const textareaClass =
  "mt-1 block min-h-64 w-full rounded-lg border border-slate-300 px-3 py-2.5 font-mono text-sm shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30";

/**
 * The chapter's content, posted as `content` either way: a plain textarea of HTML without
 * JavaScript (and until the editor has loaded), the rich-text editor after hydration, which
 * keeps a hidden field of the same name in step.
 */
export function ChapterContentField({ defaultValue }: { defaultValue: string }) {
  const hydrated = useHydrated();
  const labelId = useId();
  const [html, setHtml] = useState(defaultValue);

  const plainField = (
    <>
      <textarea
        id={`${labelId}-field`}
        name="content"
        aria-labelledby={labelId}
        aria-describedby={`${labelId}-hint`}
        value={html}
        onChange={(event) => setHtml(event.target.value)}
        rows={14}
        className={textareaClass}
      />
      <p id={`${labelId}-hint`} className="mt-1 text-xs text-slate-500">
        HTML: headings (h1-h3), paragraphs, bold, italic, underline, lists, links, images, and YouTube or Vimeo videos
        as &lt;iframe src=&quot;video link&quot;&gt;&lt;/iframe&gt;.
      </p>
    </>
  );

  return (
    <div>
      <label id={labelId} htmlFor={`${labelId}-field`} className="block text-sm font-medium text-slate-700">
        Content
      </label>
      {hydrated ? (
        <EditorFallback fallback={plainField}>
          <input type="hidden" name="content" value={html} />
          <Suspense
            fallback={
              <p className="mt-1 rounded-lg border border-slate-200 p-4 text-sm text-slate-500">Loading editor…</p>
            }
          >
            <div className="mt-1">
              <RichTextEditor defaultValue={html} onChange={setHtml} labelledBy={labelId} />
            </div>
          </Suspense>
        </EditorFallback>
      ) : (
        plainField
      )}
    </div>
  );
}
