import sharp, { type Metadata } from "sharp";
import { IMAGE_FORMATS, IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, IMAGE_MAX_WIDTH, imageMessages } from "./images";

/**
 * An uploaded image made ready to serve (issue 30, decision 057): checked by its bytes, then
 * re-encoded with sharp, turned upright by its EXIF orientation, stripped of its metadata (a
 * phone photo's location stays with the author) and scaled down to IMAGE_MAX_WIDTH. Dimensions
 * are read from the header before any pixel is decoded, so an image bomb (a small file of huge
 * dimensions) is refused without being unpacked; libvips' own pixel limit stands behind that.
 */
export type ProcessedImage =
  | { ok: true; bytes: Uint8Array; contentType: string; width: number; height: number }
  | { ok: false; error: string; status: 400 | 413 | 415 };

type Format = (typeof IMAGE_FORMATS)[number];
const isFormat = (value: unknown): value is Format => IMAGE_FORMATS.some((format) => format === value);

export async function processImage(input: Uint8Array): Promise<ProcessedImage> {
  if (input.byteLength === 0) return { ok: false, error: imageMessages.empty, status: 400 };
  if (input.byteLength > IMAGE_MAX_BYTES) return { ok: false, error: imageMessages.tooLarge, status: 413 };

  let metadata: Metadata;
  try {
    // The header only, no pixels: without sharp's own limit here, so a bomb is named as one below.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, error: imageMessages.notImage, status: 415 };
  }
  const format = metadata.format === ("heif" as string) && metadata.compression === "av1" ? "avif" : metadata.format;
  if (!isFormat(format) || !metadata.width || !metadata.height) {
    return { ok: false, error: imageMessages.notImage, status: 415 };
  }
  const pages = metadata.pages ?? 1;
  const frameHeight = metadata.pageHeight ?? metadata.height;
  if (metadata.width * frameHeight * pages > IMAGE_MAX_PIXELS) {
    return { ok: false, error: imageMessages.tooManyPixels, status: 413 };
  }

  try {
    const animated = pages > 1 && (format === "gif" || format === "webp");
    const pipeline = sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, animated })
      .rotate()
      .resize({ width: IMAGE_MAX_WIDTH, withoutEnlargement: true });
    // The same format back, except AVIF, which becomes WebP (every browser shows that).
    const encoded =
      format === "jpeg"
        ? pipeline.jpeg({ quality: 82, mozjpeg: true })
        : format === "png"
          ? pipeline.png()
          : format === "gif"
            ? pipeline.gif()
            : pipeline.webp({ quality: 82 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    const contentType = format === "avif" ? "image/webp" : `image/${format}`;
    return {
      ok: true,
      bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      contentType,
      width: info.width,
      height: info.pageHeight ?? info.height,
    };
  } catch {
    // A header that lied, or pixels that would not decode.
    return { ok: false, error: imageMessages.notImage, status: 415 };
  }
}
