import crypto from "node:crypto";
import { imageMessages } from "./images";
import { processImage } from "./image-processing.server";
import { isUuid } from "~/platform/uuid";
import { findImageInCourse, insertImage, type ImageRecord } from "./chapter-image-store.server";
import type { SessionUser } from "~/features/accounts/index.server";
import { fileStore } from "./attachments.server";
import { mayViewImage } from "~/features/catalogue/index.server";
import { streamStoredFile } from "./downloads.server";

/**
 * Chapter images (issue 30, decision 057): an admin's upload is checked, resized and stored in
 * the same file store as the chapter attachments (decision 052); members who may open the course
 * get it from a stable address with a long, immutable cache.
 */
export type ImageUpload =
  { ok: true; id: string; width: number; height: number } | { ok: false; error: string; status: 400 | 404 | 413 | 415 };

export async function uploadImage(courseId: string, file: unknown): Promise<ImageUpload> {
  if (!isUuid(courseId)) return { ok: false, error: imageMessages.courseGone, status: 404 };
  if (!(file instanceof File) || (file.size === 0 && file.name === "")) {
    return { ok: false, error: imageMessages.chooseFile, status: 400 };
  }
  const image = await processImage(new Uint8Array(await file.arrayBuffer()));
  if (!image.ok) return image;
  const storageKey = `images/${crypto.randomUUID()}`;
  const store = fileStore();
  await store.put(storageKey, image.bytes);
  let id: string | null = null;
  try {
    id = await insertImage({
      courseId,
      contentType: image.contentType,
      width: image.width,
      height: image.height,
      sizeBytes: image.bytes.byteLength,
      storageKey,
    });
  } finally {
    // No row names these bytes: do not keep them.
    if (!id) await store.delete(storageKey);
  }
  return id
    ? { ok: true, id, width: image.width, height: image.height }
    : { ok: false, error: imageMessages.courseGone, status: 404 };
}

/** The image, or null for anyone who may not see it and for ids that name no image of this course. */
export async function findImage(
  user: SessionUser | null,
  courseId: string | undefined,
  imageId: string | undefined,
): Promise<ImageRecord | null> {
  if (!user || !isUuid(courseId) || !isUuid(imageId)) return null;
  const image = await findImageInCourse(courseId, imageId);
  return image && mayViewImage(user, image) ? image : null;
}

/**
 * The image itself. Its bytes never change (a new upload is a new id), so a year's `immutable`
 * cache, `private` because it is behind a member's session; `no-transform` as it is compressed
 * already. The id is its strong validator.
 */
export function imageResponse(image: ImageRecord, request: Request): Response {
  const etag = `"${image.id}"`;
  const headers = new Headers({
    "Content-Type": image.contentType,
    "Cache-Control": "private, max-age=31536000, immutable, no-transform",
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
  });
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(image.sizeBytes));
  if (request.method === "HEAD") return new Response(null, { status: 200, headers });
  // A part at a time, closed when the client stops taking them (decision 068). Images are small
  // and a page shows several, so they take no place among the downloads.
  return new Response(streamStoredFile(fileStore(), image.storageKey, 0, image.sizeBytes - 1), {
    status: 200,
    headers,
  });
}
