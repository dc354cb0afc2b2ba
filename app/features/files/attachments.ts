/**
 * Chapter attachments (issue 25, docs/product.md §4): which files an admin may attach, how a name
 * is checked, and how a size reads. Pure, so the browser uses the same rules before an upload.
 */

/**
 * The allow-list, by extension, with the Content-Type each is served as: documents, archives,
 * images, audio and video a course hands out. The type is ours, never the browser's claim, and
 * every file is served as an attachment (docs/architecture.md#security), so none renders in the page.
 */
export const ATTACHMENT_TYPES: Readonly<Record<string, string>> = {
  zip: "application/zip",
  pdf: "application/pdf",
  txt: "text/plain; charset=utf-8",
  md: "text/markdown; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  json: "application/json",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  mp3: "audio/mpeg",
  mp4: "video/mp4",
};

/** What the file input's `accept` says, and the refusal names. */
export const ATTACHMENT_EXTENSIONS = Object.keys(ATTACHMENT_TYPES).map((ext) => `.${ext}`);

/** Longer names are refused (and the column holds at most this). */
export const MAX_ATTACHMENT_NAME_LENGTH = 200;

export const attachmentMessages = {
  chooseFile: "Choose a file to upload.",
  pathInName:
    "The file name must not contain a folder path ('/' or '\\'). Upload the file itself, with a plain name like guide.pdf.",
  badName: `The file name must be 1 to ${MAX_ATTACHMENT_NAME_LENGTH} characters, without control characters, and must not start with a dot.`,
  badType: `This type of file cannot be attached. Allowed: ${ATTACHMENT_EXTENSIONS.join(", ")}.`,
  empty: "The file is empty.",
  tooLarge: (limit: string) => `The file is larger than the ${limit} limit. Choose a smaller file.`,
  uploaded: (name: string) => `File attached: ${name}`,
  removed: "File removed.",
  gone: "The file no longer exists.",
  saveFirst: "Save the chapter first, then attach files to it.",
  uploadError: (reason?: string) => `Error attaching the file: ${reason || "Unknown error"}`,
  removeError: "Error removing the file: Unknown error",
} as const;

export type AttachmentCheck = { ok: true; contentType: string } | { ok: false; error: string; status: 400 | 413 };

/**
 * Checks a file before it is stored: a name (never a path), an allowed type by extension, not
 * empty, not over the limit. The name is kept as it was given, so it must be safe as it is.
 */
export function checkAttachment(file: { name: string; size: number }, maxBytes: number): AttachmentCheck {
  const { name } = file;
  if (name === "" && file.size === 0) return { ok: false, error: attachmentMessages.chooseFile, status: 400 };
  if (/[/\\]/.test(name)) return { ok: false, error: attachmentMessages.pathInName, status: 400 };
  if (
    name.length > MAX_ATTACHMENT_NAME_LENGTH ||
    name.trim() === "" ||
    name.startsWith(".") ||
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
    /[\u0000-\u001f\u007f]/.test(name)
  ) {
    return { ok: false, error: attachmentMessages.badName, status: 400 };
  }
  const dot = name.lastIndexOf(".");
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
  // Own keys only: "x.constructor" must not find Object.prototype's.
  const contentType = Object.hasOwn(ATTACHMENT_TYPES, extension) ? ATTACHMENT_TYPES[extension] : undefined;
  if (!contentType) return { ok: false, error: attachmentMessages.badType, status: 400 };
  if (file.size === 0) return { ok: false, error: attachmentMessages.empty, status: 400 };
  if (file.size > maxBytes)
    return { ok: false, error: attachmentMessages.tooLarge(formatFileSize(maxBytes)), status: 413 };
  return { ok: true, contentType };
}

/** "840 bytes", "12 KB", "3.4 MB": binary units, as the limit is set (25 MiB reads "25 MB"). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? "byte" : "bytes"}`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${shown} ${units[unit]}`;
}
