import type VideoBlot from "quill/formats/video";
import { useEffect, useRef } from "react";
import ReactQuill, { Quill } from "react-quill-new";
import { videoEmbedSrc, videoFrameAttributes } from "~/lib/video-embed";

/**
 * The chapter editor's rich-text area (docs/product.md §2 toolbar). Browser-only: Quill touches `document`
 * when imported, so this module is loaded with React.lazy after hydration (docs/architecture.md#load-the-rich-text-editor-after-hydration), and
 * the `.client` suffix keeps it out of the server build.
 */
const TOOLBAR = [
  [{ header: [1, 2, 3, false] }],
  ["bold", "italic", "underline"],
  [{ list: "ordered" }, { list: "bullet" }],
  ["link", "image", "video"],
  ["clean"],
];
const FORMATS = ["header", "bold", "italic", "underline", "list", "link", "image", "video"];
const MODULES = { toolbar: TOOLBAR, clipboard: { matchVisual: false } };

/** Accessible names for Quill's icon-only toolbar controls, keyed by the class Quill gives them. */
const CONTROL_NAMES: Array<[selector: string, name: string]> = [
  [".ql-header .ql-picker-label", "Heading"],
  ["button.ql-bold", "Bold"],
  ["button.ql-italic", "Italic"],
  ["button.ql-underline", "Underline"],
  ['button.ql-list[value="ordered"]', "Numbered list"],
  ['button.ql-list[value="bullet"]', "Bulleted list"],
  ["button.ql-link", "Insert link"],
  ["button.ql-image", "Insert image"],
  ["button.ql-video", "Insert video"],
  ["button.ql-clean", "Clear formatting"],
];

const escapeAttribute = (value: string) =>
  value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/**
 * Quill's own video embed keeps whatever address it is given and exports itself as a plain
 * link. Ours normalises the address to the standard 560x315 embed (the same rule the server
 * applies) and exports the frame itself, so what the admin sees is what is saved.
 */
const BaseVideo = Quill.import("formats/video") as typeof VideoBlot;
class VideoEmbed extends BaseVideo {
  static sanitize(url: string): string {
    return videoEmbedSrc(url) ?? "about:blank";
  }

  static create(value: string): Element {
    const node = super.create(value);
    const { width, height } = videoFrameAttributes("");
    node.setAttribute("width", width);
    node.setAttribute("height", height);
    return node;
  }

  html(): string {
    const attributes = videoFrameAttributes(this.domNode.getAttribute("src") ?? "");
    const list = Object.entries(attributes).map(([name, value]) => `${name}="${escapeAttribute(value)}"`);
    return `<iframe ${list.join(" ")}></iframe>`;
  }
}
Quill.register(VideoEmbed, true);

/** The tooltip's save, refusing a video address that is not a YouTube or Vimeo link. */
type Tooltip = { root: HTMLElement; textbox: HTMLInputElement; save: () => void };

function guardVideoLinks(tooltip: Tooltip) {
  const save = tooltip.save.bind(tooltip);
  tooltip.textbox.setAttribute("aria-label", "Link or video address");
  tooltip.save = () => {
    const isVideo = tooltip.root.getAttribute("data-mode") === "video";
    if (isVideo && !videoEmbedSrc(tooltip.textbox.value)) {
      tooltip.textbox.setAttribute("aria-invalid", "true");
      tooltip.textbox.title = "Paste a YouTube or Vimeo link";
      tooltip.textbox.focus();
      return;
    }
    tooltip.textbox.removeAttribute("aria-invalid");
    save();
  };
}

/**
 * Quill 2.0.3's semantic HTML writes every space as &nbsp;, which stops lines wrapping on the
 * course page; plain spaces render the same inside paragraphs.
 */
const normaliseSpaces = (html: string) => html.replaceAll("&nbsp;", " ");

export default function RichTextEditor({
  defaultValue,
  onChange,
  labelledBy,
}: {
  defaultValue: string;
  onChange: (html: string) => void;
  labelledBy: string;
}) {
  const quillRef = useRef<ReactQuill>(null);

  useEffect(() => {
    const editor = quillRef.current?.getEditor();
    if (!editor) return;
    editor.root.setAttribute("role", "textbox");
    editor.root.setAttribute("aria-multiline", "true");
    editor.root.setAttribute("aria-labelledby", labelledBy);
    const toolbar = (editor.getModule("toolbar") as { container: HTMLElement }).container;
    toolbar.setAttribute("aria-label", "Formatting");
    for (const [selector, name] of CONTROL_NAMES) toolbar.querySelector(selector)?.setAttribute("aria-label", name);
    guardVideoLinks((editor.theme as unknown as { tooltip: Tooltip }).tooltip);
  }, [labelledBy]);

  return (
    <ReactQuill
      ref={quillRef}
      theme="snow"
      defaultValue={defaultValue}
      modules={MODULES}
      formats={FORMATS}
      onChange={(html) => onChange(normaliseSpaces(html))}
      className="rounded-lg bg-white [&_.ql-editor]:min-h-64"
    />
  );
}
