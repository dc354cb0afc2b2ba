/**
 * Turns a YouTube or Vimeo link, in any of the shapes people paste, into the one embed frame
 * chapters may contain (docs/product.md §5: 560x315). Isomorphic: the server's sanitiser and the browser's
 * rich-text editor use the same rules, so what the editor shows is what gets saved.
 */
export const VIDEO_EMBED_WIDTH = 560;
export const VIDEO_EMBED_HEIGHT = 315;

/** The hosts normalised embeds point to; the CSP's frame-src allows exactly these. */
export const VIDEO_EMBED_HOSTS = ["www.youtube-nocookie.com", "player.vimeo.com"] as const;

const YOUTUBE_HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "music.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
]);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_HOSTS = new Set(["vimeo.com", "www.vimeo.com", "player.vimeo.com"]);
const VIMEO_ID = /^\d{1,12}$/;
const VIMEO_HASH = /^[0-9a-f]{6,20}$/i;

function parseLink(link: string): URL | null {
  const text = link.trim();
  if (!text || /\s/.test(text)) return null;
  // People paste "youtu.be/ID" without a scheme; any scheme other than http(s) is refused.
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text.replace(/^\/\//, "")}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}

/** A start time given as `90`, `90s` or `1h2m3s`, in whole seconds; null when absent or unreadable. */
function startSeconds(value: string | null): number | null {
  if (!value) return null;
  if (/^\d+s?$/.test(value)) return Number.parseInt(value, 10) || null;
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(value);
  if (!match || !match[0]) return null;
  const [, h = "0", m = "0", s = "0"] = match;
  return Number(h) * 3600 + Number(m) * 60 + Number(s) || null;
}

function youtubeId(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split("/").filter(Boolean);
  let id: string | null | undefined;
  if (host === "youtu.be" || host === "www.youtu.be") id = segments[0];
  else if (YOUTUBE_HOSTS.has(host)) {
    if (segments[0] === "watch") id = url.searchParams.get("v");
    else if (["embed", "shorts", "live", "v"].includes(segments[0] ?? "")) id = segments[1];
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

function youtubeEmbed(url: URL): string | null {
  const id = youtubeId(url);
  if (!id) return null;
  const start = startSeconds(url.searchParams.get("start") ?? url.searchParams.get("t"));
  return `https://www.youtube-nocookie.com/embed/${id}${start ? `?start=${start}` : ""}`;
}

function vimeoEmbed(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  if (!VIMEO_HOSTS.has(host)) return null;
  const segments = url.pathname.split("/").filter(Boolean);
  // player.vimeo.com/video/ID, vimeo.com/ID[/HASH], vimeo.com/channels/NAME/ID,
  // vimeo.com/groups/NAME/videos/ID, vimeo.com/showcase/N/video/ID
  const marker = segments.findIndex((s) => s === "video" || s === "videos");
  const index =
    marker >= 0 ? marker + 1 : host === "player.vimeo.com" ? -1 : segments.findIndex((s) => VIMEO_ID.test(s));
  const id = index >= 0 ? segments[index] : undefined;
  if (!id || !VIMEO_ID.test(id)) return null;
  // Unlisted videos need their privacy hash, given as ?h= or as the segment after vimeo.com/ID.
  const hash = url.searchParams.get("h") ?? (index === 0 ? segments[1] : undefined);
  return `https://player.vimeo.com/video/${id}${hash && VIMEO_HASH.test(hash) ? `?h=${hash.toLowerCase()}` : ""}`;
}

/** The normalised embed address for a YouTube or Vimeo link, or null for anything else. */
export function videoEmbedSrc(link: string): string | null {
  const url = parseLink(link);
  if (!url) return null;
  return youtubeEmbed(url) ?? vimeoEmbed(url);
}

/** Attributes of the embed frame for a normalised address (the sanitiser and the editor share them). */
export function videoFrameAttributes(src: string) {
  return {
    class: "ql-video",
    src,
    width: String(VIDEO_EMBED_WIDTH),
    height: String(VIDEO_EMBED_HEIGHT),
    title: "Video",
    frameborder: "0",
    allow: "accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen",
    allowfullscreen: "true",
  };
}
