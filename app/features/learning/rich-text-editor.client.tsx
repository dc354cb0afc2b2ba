import type { BlockEmbed as BlockEmbedBlot } from "quill/blots/block";
import type VideoBlot from "quill/formats/video";
import { useEffect, useRef, useState } from "react";
import ReactQuill, { Quill } from "react-quill-new";
import { useEditorDialog, type DialogField } from "./editor-dialog";
import { IMAGE_MAX_BYTES, imageMessages } from "~/features/files";
import { videoEmbedSrc, videoFrameAttributes } from "./video-embed";
import { escapeHtml } from "~/platform/escape-html";

/**
 * The chapter editor's rich-text area (docs/product.md §2 toolbar). Browser-only: Quill touches `document`
 * when imported, so this module is loaded with React.lazy after hydration (docs/architecture.md#load-the-rich-text-editor-after-hydration), and
 * the `.client` suffix keeps it out of the server build.
 */
const TOOLBAR = [
  [{ header: [1, 2, 3, false] }],
  ["bold", "italic", "underline"],
  [{ list: "ordered" }, { list: "bullet" }],
  ["code-block", "blockquote"],
  ["link", "image", "video"],
  ["clean"],
];
const FORMATS = [
  "header",
  "bold",
  "italic",
  "underline",
  "list",
  "code-block",
  "blockquote",
  "link",
  "image",
  "figure",
  "video",
];

/** Accessible names for Quill's icon-only toolbar controls, keyed by the class Quill gives them. */
const CONTROL_NAMES: Array<[selector: string, name: string]> = [
  [".ql-header .ql-picker-label", "Heading"],
  ["button.ql-bold", "Bold"],
  ["button.ql-italic", "Italic"],
  ["button.ql-underline", "Underline"],
  ['button.ql-list[value="ordered"]', "Numbered list"],
  ['button.ql-list[value="bullet"]', "Bulleted list"],
  ["button.ql-code-block", "Code block"],
  ["button.ql-blockquote", "Quote"],
  ["button.ql-link", "Insert link"],
  ["button.ql-image", "Insert image"],
  ["button.ql-video", "Insert video"],
  ["button.ql-clean", "Clear formatting"],
];

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
    const list = Object.entries(attributes).map(([name, value]) => `${name}="${escapeHtml(value)}"`);
    return `<iframe ${list.join(" ")}></iframe>`;
  }
}
Quill.register(VideoEmbed, true);

/**
 * An uploaded image with its alt text and, if given, a caption (issue 30): one block, written as
 * `<figure><img src alt width height><figcaption>`, which the reader shows as it is. The width and
 * height are the stored image's, so the page keeps its place while the image loads.
 */
type FigureValue = { src: string; alt: string; width: string; height: string; caption: string };
const BlockEmbed = Quill.import("blots/block/embed") as typeof BlockEmbedBlot;
class Figure extends BlockEmbed {
  static blotName = "figure";
  static tagName = "FIGURE";

  static create(value: FigureValue): HTMLElement {
    const node = super.create(value) as HTMLElement;
    const image = document.createElement("img");
    image.setAttribute("src", value.src);
    image.setAttribute("alt", value.alt);
    if (value.width) image.setAttribute("width", value.width);
    if (value.height) image.setAttribute("height", value.height);
    node.append(image);
    if (value.caption) {
      const caption = document.createElement("figcaption");
      caption.textContent = value.caption;
      node.append(caption);
    }
    return node;
  }

  static value(node: HTMLElement): FigureValue {
    const image = node.querySelector("img");
    return {
      src: image?.getAttribute("src") ?? "",
      alt: image?.getAttribute("alt") ?? "",
      width: image?.getAttribute("width") ?? "",
      height: image?.getAttribute("height") ?? "",
      caption: node.querySelector("figcaption")?.textContent ?? "",
    };
  }

  html(): string {
    const { src, alt, width, height, caption } = Figure.value(this.domNode as HTMLElement);
    const size = `${width ? ` width="${escapeHtml(width)}"` : ""}${height ? ` height="${escapeHtml(height)}"` : ""}`;
    const text = caption ? `<figcaption>${escapeHtml(caption)}</figcaption>` : "";
    return `<figure><img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}"${size}>${text}</figure>`;
  }
}
Quill.register(Figure, true);

type Uploaded = { ok: true; src: string; width: number; height: number } | { ok: false; error: string };

/**
 * A `data:` URL's bytes, read here: the page's CSP (connect-src 'self') refuses fetch() of one.
 * Null when it is not a well-formed data URL.
 */
function dataUrlBlob(src: string): Blob | null {
  const match = /^data:([^;,]*)[^,]*?(;base64)?,(.*)$/s.exec(src);
  if (!match) return null;
  const [, type, base64, body] = match;
  try {
    const content = base64 ? Uint8Array.from(atob(body!), (char) => char.charCodeAt(0)) : decodeURIComponent(body!);
    return new Blob([content], { type: type || "application/octet-stream" });
  } catch {
    return null;
  }
}

/** Sends one image to /admin/images (decision 057); the answer is its address and size, or why not. */
async function uploadImage(courseId: string, file: Blob, name: string): Promise<Uploaded> {
  if (file.size > IMAGE_MAX_BYTES) return { ok: false, error: imageMessages.tooLarge };
  const form = new FormData();
  form.set("courseId", courseId);
  form.set("file", file, name);
  try {
    const response = await fetch("/admin/images", {
      method: "POST",
      body: form,
      headers: { Accept: "application/json" },
    });
    if (!response.headers.get("Content-Type")?.includes("json")) return { ok: false, error: imageMessages.uploadError };
    return (await response.json()) as Uploaded;
  } catch {
    return { ok: false, error: imageMessages.uploadError };
  }
}

/** The address of a link, new or edited. */
const LINK_ADDRESS: DialogField<"address"> = {
  name: "address",
  label: "Address",
  type: "url",
  hint: "A web address (https://…) or a page of this site (/dashboard).",
  required: "Enter the address the link goes to.",
};

/** What the editor uses of the snow theme's tooltip: the link it shows, and its edit and hide. */
type LinkTooltip = {
  linkRange?: { index: number; length: number };
  edit: (mode: string, preview?: string) => void;
  hide: () => void;
};

/**
 * Quill 2.0.3's semantic HTML writes every space as &nbsp;, which stops lines wrapping on the
 * course page; plain spaces render the same inside paragraphs.
 */
const normaliseSpaces = (html: string) => html.replaceAll("&nbsp;", " ");

export default function RichTextEditor({
  courseId,
  defaultValue,
  onChange,
  labelledBy,
}: {
  courseId: string;
  defaultValue: string;
  /** `byUser`: the admin's own edit, not Quill tidying the text it was given. */
  onChange: (html: string, byUser: boolean) => void;
  labelledBy: string;
}) {
  const quillRef = useRef<ReactQuill>(null);
  const [status, setStatus] = useState<{ kind: "error" | "info"; text: string } | null>(null);
  const { ask, dialog } = useEditorDialog();

  // Quill keeps the modules it was created with: made once, the handlers reach the editor by ref.
  const [modules] = useState(() => {
    const editor = () => quillRef.current!.getEditor();

    /** After the dialog, the caret goes back to the editor, where it was or after what was inserted. */
    function backToEditor(index: number, length = 0) {
      const quill = editor();
      quill.focus();
      quill.setSelection(index, length, "user");
    }

    /** Uploads images (picked, pasted or dropped) and inserts each as a figure with its alt text. */
    async function insertImages(index: number, files: File[]) {
      for (const file of files) {
        setStatus({ kind: "info", text: `Uploading ${file.name}…` });
        const uploaded = await uploadImage(courseId, file, file.name);
        if (!uploaded.ok) {
          setStatus({ kind: "error", text: uploaded.error });
          return;
        }
        const answers = await ask({
          title: "Describe the image",
          preview: uploaded,
          fields: [
            {
              name: "alt",
              label: "Alt text",
              hint: "What the image shows, for those who cannot see it.",
              required: imageMessages.altRequired,
            },
            { name: "caption", label: "Caption (optional)" },
          ],
        });
        if (!answers) {
          setStatus(null);
          backToEditor(index);
          return;
        }
        const value: FigureValue = {
          src: uploaded.src,
          alt: answers.alt,
          width: String(uploaded.width),
          height: String(uploaded.height),
          caption: answers.caption,
        };
        editor().insertEmbed(index, "figure", value, "user");
        index += 1;
        backToEditor(index);
      }
      setStatus(null);
    }

    return {
      toolbar: {
        container: TOOLBAR,
        handlers: {
          image() {
            const input = document.createElement("input");
            input.type = "file";
            input.accept = "image/png,image/jpeg,image/webp,image/gif,image/avif";
            input.addEventListener("change", () => {
              const file = input.files?.[0];
              const range = editor().getSelection(true);
              if (file) void insertImages(range.index, [file]);
            });
            input.click();
          },
          // Quill's own link button does nothing with nothing selected: the dialog asks for the
          // words too, and for the address of a selection.
          async link(value: boolean) {
            const quill = editor();
            const range = quill.getSelection(true);
            if (!value) {
              quill.format("link", false, "user");
              return;
            }
            const answers = await ask({
              title: "Insert a link",
              fields:
                range.length > 0
                  ? [LINK_ADDRESS]
                  : [
                      { name: "text", label: "Link text", required: "Enter the words that show as the link." },
                      LINK_ADDRESS,
                    ],
            });
            if (!answers) return backToEditor(range.index, range.length);
            if (range.length > 0) {
              quill.formatText(range.index, range.length, "link", answers.address, "user");
              return backToEditor(range.index + range.length);
            }
            quill.insertText(range.index, answers.text, { link: answers.address }, "user");
            backToEditor(range.index + answers.text.length);
          },
          // Quill's tooltip took any text and refused a wrong one silently: the dialog says why.
          async video() {
            const range = editor().getSelection(true);
            const notVideo = "Paste a YouTube or Vimeo link.";
            const answers = await ask({
              title: "Insert a video",
              fields: [{ name: "address", label: "YouTube or Vimeo link", type: "url", required: notVideo }],
              check: ({ address }) => (videoEmbedSrc(address) ? null : { field: "address", message: notVideo }),
            });
            if (!answers) return backToEditor(range.index, range.length);
            editor().insertEmbed(range.index, "video", answers.address, "user");
            backToEditor(range.index + 1);
          },
        },
      },
      clipboard: { matchVisual: false },
      uploader: {
        mimetypes: ["image/png", "image/jpeg", "image/webp", "image/gif", "image/avif"],
        handler(range: { index: number }, files: File[]) {
          void insertImages(range.index, files);
        },
      },
    };
  });

  useEffect(() => {
    const editor = quillRef.current?.getEditor();
    if (!editor) return;
    editor.root.setAttribute("role", "textbox");
    editor.root.setAttribute("aria-multiline", "true");
    editor.root.setAttribute("aria-labelledby", labelledBy);
    // The reader's own stylesheet (chapter-content.css): the editor shows what members will see.
    editor.root.classList.add("chapter-content");
    const toolbar = (editor.getModule("toolbar") as { container: HTMLElement }).container;
    toolbar.setAttribute("aria-label", "Formatting");
    for (const [selector, name] of CONTROL_NAMES) toolbar.querySelector(selector)?.setAttribute("aria-label", name);
    // A link already in the text shows Quill's preview ('Edit', 'Remove'); its 'Edit' asks in the
    // same dialog as a new link, not in the tooltip's own text box.
    const tooltip = (editor.theme as unknown as { tooltip: LinkTooltip }).tooltip;
    tooltip.edit = (_mode, address) => {
      const range = tooltip.linkRange ?? editor.getSelection(true);
      tooltip.hide();
      void ask({
        title: "Edit the link",
        fields: [{ ...LINK_ADDRESS, value: address ?? "" }],
      }).then((answers) => {
        if (answers) editor.formatText(range.index, range.length, "link", answers.address, "user");
        editor.focus();
        editor.setSelection(range.index + range.length, 0, "user");
      });
    };
  }, [labelledBy, ask]);

  // An image pasted as HTML arrives as a data: URL, which the server refuses (decision 057): each
  // becomes an upload, put back in its place with its alt text.
  useEffect(() => {
    const editor = quillRef.current?.getEditor();
    if (!editor) return;
    let busy = false;
    async function convert() {
      if (busy || !editor) return;
      busy = true;
      try {
        for (const image of editor.root.querySelectorAll<HTMLImageElement>('img[src^="data:"]')) {
          const blot = Quill.find(image);
          if (!blot || blot instanceof Quill) continue;
          setStatus({ kind: "info", text: "Uploading a pasted image…" });
          const blob = dataUrlBlob(image.src);
          const uploaded = blob
            ? await uploadImage(courseId, blob, `pasted.${blob.type.split("/")[1] ?? "png"}`)
            : ({ ok: false, error: imageMessages.notImage } as const);
          const index = editor.getIndex(blot);
          editor.deleteText(index, 1, "user");
          if (!uploaded.ok) {
            setStatus({ kind: "error", text: uploaded.error });
            continue;
          }
          const value: FigureValue = {
            src: uploaded.src,
            alt: image.alt,
            width: String(uploaded.width),
            height: String(uploaded.height),
            caption: "",
          };
          editor.insertEmbed(index, "figure", value, "user");
          setStatus(null);
        }
      } finally {
        busy = false;
      }
    }
    const onChange = () => void convert();
    editor.on("text-change", onChange);
    void convert();
    return () => {
      editor.off("text-change", onChange);
    };
  }, [courseId]);

  return (
    <>
      <ReactQuill
        ref={quillRef}
        theme="snow"
        defaultValue={defaultValue}
        modules={modules}
        formats={FORMATS}
        onChange={(html, _delta, source) => onChange(normaliseSpaces(html), source === "user")}
        className="rich-text-editor rounded-lg bg-white [&_.ql-editor]:min-h-64"
      />
      {/* Only while there is something to say: the page's flash message is its one standing status. */}
      {status ? (
        <p
          role={status.kind === "error" ? "alert" : "status"}
          className={`mt-1 text-sm ${status.kind === "error" ? "text-red-700" : "text-slate-600"}`}
        >
          {status.text}
        </p>
      ) : null}
      {dialog}
    </>
  );
}
