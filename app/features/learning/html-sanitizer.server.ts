import sanitizeHtml from "sanitize-html";
import { VIDEO_EMBED_HOSTS, videoEmbedSrc, videoFrameAttributes } from "./video-embed";

/**
 * The one gate chapter HTML passes through, on save and again on render
 * (docs/architecture.md#security). The allowlist matches the editor's toolbar: headings 1-3, bold, italic,
 * underline, lists, links, code blocks and quotes, images (with their alt text and an optional
 * caption, as a figure) and video embeds. Everything else is dropped; text inside
 * dropped tags is kept as text, except the contents of script, style and similar tags, which
 * are dropped whole.
 */
const LINK_SCHEMES = ["http", "https", "mailto", "tel"];

function isExternalHref(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

/**
 * An address with a scheme is left to the scheme allowlist below. One without is kept only as a
 * path on this site ("/app-builder") or, for links, an "#anchor": a bare "x" means nothing on a
 * course page, and "//host" would leave the site.
 */
function isKeptAddress(address: string, { anchors }: { anchors: boolean }): boolean {
  if (/^[a-z][a-z0-9+.-]*:/i.test(address)) return true;
  return /^\/(?![/\\])/.test(address) || (anchors && address.startsWith("#"));
}

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    "h1",
    "h2",
    "h3",
    "p",
    "br",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "ol",
    "ul",
    "li",
    "pre",
    "code",
    "blockquote",
    "figure",
    "figcaption",
    "a",
    "img",
    "iframe",
  ],
  disallowedTagsMode: "discard",
  allowedAttributes: {
    a: ["href", "target", "rel"],
    img: ["src", "alt", "width", "height"],
    iframe: Object.keys(videoFrameAttributes("")),
  },
  allowedClasses: { iframe: ["ql-video"] },
  allowedSchemes: LINK_SCHEMES,
  // No data: images (issue 30): an image is an upload served from its own address, never page
  // weight; the editor turns a pasted data: image into an upload, and migration 0022 moved the old ones out.
  allowedSchemesByTag: { img: ["http", "https"], iframe: ["https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  allowedIframeHostnames: [...VIDEO_EMBED_HOSTS],
  allowIframeRelativeUrls: false,
  transformTags: {
    a: (tagName, attribs) => {
      const href = (attribs.href ?? "").trim();
      let kept: sanitizeHtml.Attributes = {};
      // External links open in a new tab without handing our window to the other site.
      if (isKeptAddress(href, { anchors: true }))
        kept = isExternalHref(href) ? { href, target: "_blank", rel: "noopener noreferrer" } : { href };
      return { tagName, attribs: kept };
    },
    img: (tagName, { src = "", ...rest }) => {
      const address = src.trim();
      const allowed = !/^data:/i.test(address) && isKeptAddress(address, { anchors: false });
      return { tagName, attribs: allowed ? { src: address, ...rest } : rest };
    },
    // Every video frame is rebuilt from its address: a known video link becomes the standard
    // 560x315 embed, and any other frame loses its address and is dropped below.
    iframe: (tagName, attribs) => {
      const src = videoEmbedSrc(attribs.src ?? "");
      return { tagName, attribs: src ? videoFrameAttributes(src) : {} };
    },
  },
  exclusiveFilter: (frame) => (frame.tag === "img" || frame.tag === "iframe") && !frame.attribs.src,
};

/** Chapter HTML reduced to the allowlist. Idempotent: sanitising twice changes nothing more. */
export function sanitizeChapterHtml(html: string): string {
  let clean = recent.get(html);
  if (clean === undefined) {
    clean = sanitizeHtml(html, options).trim();
    if (isBlankHtml(clean)) clean = "";
    remember(html, clean);
  }
  return clean;
}

/**
 * Every course page view sanitises its chapter again (the stored HTML is not trusted as such); the
 * result depends on the input alone, so recent answers are kept, bounded by count and characters.
 */
const recent = new Map<string, string>();
const RECENT_MAX_ENTRIES = 200;
const RECENT_MAX_CHARS = 4_000_000;
let recentChars = 0;
function remember(html: string, clean: string) {
  if (recent.size >= RECENT_MAX_ENTRIES || recentChars + html.length + clean.length > RECENT_MAX_CHARS) {
    recent.clear();
    recentChars = 0;
  }
  recent.set(html, clean);
  recentChars += html.length + clean.length;
}

/** True when HTML shows nothing: no text, no image, no video (an empty editor posts "<p><br></p>"). */
export function isBlankHtml(html: string): boolean {
  if (/<(img|iframe)\b/i.test(html)) return false;
  return (
    html
      .replace(/<[^>]*>/g, "")
      .replace(/&nbsp;|&#160;|\u00a0/gi, "")
      .trim() === ""
  );
}
