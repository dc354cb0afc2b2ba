import crypto from "node:crypto";
import { create as contentDisposition } from "content-disposition";
import fresh from "fresh";
import { parse as parseRange } from "range-parser";
import { isUuid } from "~/platform/uuid";
import {
  deleteAttachment,
  findAttachmentInCourse,
  insertAttachment,
  type AttachmentRecord,
} from "./attachment-store.server";
import type { SessionUser } from "~/features/accounts/index.server";
import { postgresFileStore, type FileStore } from "./stored-file.server";
import type { ReceivedFile } from "./uploads.server";
import { mayDownloadAttachment } from "~/features/catalogue/index.server";
import { downloadRefusal, streamStoredFile, takeDownloadSlot } from "./downloads.server";

/**
 * Chapter attachments (issue 25): attaching an admin's upload, removing it, and serving it to those
 * who may open the course. The bytes go through `fileStore()` only, so another store (S3) is one
 * change here (docs/decisions/052).
 */
export function fileStore(): FileStore {
  return postgresFileStore;
}

export type AttachOutcome = { ok: true; id: string } | { ok: false; error: string; status: 400 | 404 | 413 };

/**
 * Attaches a file the upload stored (uploads.server.ts) to the chapter; 404 when the chapter is gone
 * meanwhile (then the caller discards the file).
 */
export async function attachReceivedFile(chapterId: string, file: ReceivedFile): Promise<AttachOutcome> {
  const id = await insertAttachment({
    chapterId,
    fileName: file.name,
    contentType: file.contentType,
    sizeBytes: file.sizeBytes,
    storageKey: file.key,
  });
  return id ? { ok: true, id } : { ok: false, error: "The chapter no longer exists.", status: 404 };
}

/**
 * Puts the bytes in the store, then the row that names them; null (and no bytes kept) when the
 * chapter is gone. The seed uses it for the White-label kits.
 */
export async function storeAttachment(
  chapterId: string,
  file: { fileName: string; bytes: Uint8Array; contentType: string },
): Promise<string | null> {
  const storageKey = `attachments/${crypto.randomUUID()}`;
  const store = fileStore();
  await store.put(storageKey, file.bytes);
  let id: string | null = null;
  try {
    id = await insertAttachment({
      chapterId,
      fileName: file.fileName,
      contentType: file.contentType,
      sizeBytes: file.bytes.byteLength,
      storageKey,
    });
  } finally {
    // No row names these bytes: do not keep them.
    if (!id) await store.delete(storageKey);
  }
  return id;
}

/** False when the chapter has no such file (already removed). */
export async function removeAttachment(chapterId: string, attachmentId: string): Promise<boolean> {
  if (!isUuid(chapterId) || !isUuid(attachmentId)) return false;
  const key = await deleteAttachment(chapterId, attachmentId);
  if (key === null) return false;
  await fileStore().delete(key);
  return true;
}

/**
 * The file behind /course/{courseId}/files/{attachmentId}, or null for anyone who may not have it:
 * visitors, unpaid users, and ids that name no file of this course all get the same null (a 404),
 * so a refusal reveals nothing about what exists.
 */
export async function findDownload(
  user: SessionUser | null,
  courseId: string | undefined,
  attachmentId: string | undefined,
): Promise<AttachmentRecord | null> {
  if (!user || !isUuid(courseId) || !isUuid(attachmentId)) return null;
  const attachment = await findAttachmentInCourse(courseId, attachmentId);
  if (!attachment) return null;
  return (await mayDownloadAttachment(user, attachment)) ? attachment : null;
}

/** The name as US-ASCII for old clients; the exact name travels RFC 5987-encoded beside it. */
const asciiFallback = (name: string) => name.replace(/[^\x20-\x7e]/g, "_");

/**
 * The download: the whole file (200) or one byte range of it (206), streamed from the store a
 * part at a time (downloads.server.ts: idle timeout, at most 3 at once per member and a bounded
 * number per process, refused with 429 or 503). An unsatisfiable range gets 416; a malformed one,
 * several ranges at once, or a range under an `If-Range` that no longer matches get the whole file
 * (RFC 9110 14.2 allows a server to ignore those). `private, no-cache`: the browser may keep the
 * file but asks again every time, so access is checked on every use (a refund revokes it) and a
 * copy it still holds costs a 304 and no bytes from the store; `no-transform` keeps it byte-exact
 * (our compression skips it too, and a compressed range would be wrong).
 */
export function downloadResponse(attachment: AttachmentRecord, request: Request, memberId: string): Response {
  const size = attachment.sizeBytes;
  // An attachment's bytes never change (a new upload is a new id), so its id is a strong validator.
  const etag = `"${attachment.id}"`;
  const headers = new Headers({
    "Content-Type": attachment.contentType,
    "Content-Disposition": contentDisposition(attachment.fileName, { fallback: asciiFallback(attachment.fileName) }),
    "Cache-Control": "private, no-cache, no-transform",
    "Accept-Ranges": "bytes",
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
  });
  if (fresh({ "if-none-match": request.headers.get("If-None-Match") ?? undefined }, { etag })) {
    return new Response(null, { status: 304, headers });
  }

  let start = 0;
  let end = size - 1;
  let status = 200;
  const rangeHeader = request.headers.get("Range");
  const ifRange = request.headers.get("If-Range");
  if (rangeHeader && (ifRange === null || ifRange === etag)) {
    const parsed = parseRange(size, rangeHeader);
    const wellFormed = parsed.type === "bytes" && (parsed.code & 1) === 0;
    if (wellFormed && parsed.ranges.length === 0) {
      headers.set("Content-Range", `bytes */${size}`);
      return new Response(null, { status: 416, headers });
    }
    if (wellFormed && parsed.ranges.length === 1) {
      ({ start, end } = parsed.ranges[0]!);
      status = 206;
      headers.set("Content-Range", `bytes ${start}-${end}/${size}`);
    }
  }
  headers.set("Content-Length", String(end - start + 1));
  // A HEAD sends no bytes: it takes no place among the downloads.
  if (request.method === "HEAD") return new Response(null, { status, headers });
  const slot = takeDownloadSlot(memberId);
  if ("refused" in slot) return downloadRefusal(slot.refused);
  return new Response(streamStoredFile(fileStore(), attachment.storageKey, start, end, slot.release), {
    status,
    headers,
  });
}
