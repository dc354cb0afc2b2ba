/**
 * Chapter images (issue 30, decision 057): the limits and words the upload uses, pure so the
 * editor checks a file in the browser with the same rules before sending it. The processing
 * itself (sharp) is images.server.ts.
 */

/** The largest image file accepted, before it is resized. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** The most pixels an image may have (width x height, every frame): a guard against image bombs. */
export const IMAGE_MAX_PIXELS = 50_000_000;
/** Wider images are scaled down to this width (the reader's column is narrower still). */
export const IMAGE_MAX_WIDTH = 1600;

/** The formats accepted, by what sharp reads from the bytes (never the name or the browser's claim). */
export const IMAGE_FORMATS = ["jpeg", "png", "webp", "gif", "avif"] as const;

export const imageMessages = {
  chooseFile: "Choose an image to upload.",
  empty: "The image is empty.",
  tooLarge: `The image is larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB. Choose a smaller one.`,
  notImage: "This is not an image the site can show. Upload a PNG, JPEG, WebP, GIF or AVIF file.",
  tooManyPixels: `The image is too large in pixels (over ${IMAGE_MAX_PIXELS / 1_000_000} megapixels). Scale it down and upload it again.`,
  courseGone: "The course no longer exists.",
  uploadError: "The image could not be uploaded. Try again.",
  altRequired: "Describe the image for those who cannot see it (alt text).",
  added: "Image added at the end of the content. Save the chapter to keep it.",
} as const;

/** The stable address an image is served from: its bytes never change, so it is cached for good. */
export function imageSrc(courseId: string, imageId: string): string {
  return `/course/${courseId}/images/${imageId}`;
}
