import { sql, type Kysely } from "kysely";
import sharp from "sharp";

/**
 * Chapter images (issue 30, decision 057). An image in a chapter is an upload: its bytes in
 * `stored_files` (the file store of migration 0016), this row saying whose course it belongs to,
 * its type and its size, and the chapter HTML naming it by address (/course/{courseId}/images/{id}).
 * Deleting the row (also by the cascade from its course) deletes its bytes in the same transaction,
 * by 0016's trigger function.
 *
 * Then every `data:` image already in a chapter's HTML is moved out: decoded, resized as an upload
 * is at the time of writing (at most 1600 px wide, upright, without metadata), stored, and its
 * `src` replaced by its address (with its width and height). An image that cannot be read is left
 * as it was; the sanitiser no longer shows `data:` images. (A migration stands alone: this copy of
 * the processing does not follow later changes to app/features/files/image-processing.server.ts.)
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE chapter_images (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      course_id uuid NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
      content_type text NOT NULL,
      width integer NOT NULL CHECK (width > 0),
      height integer NOT NULL CHECK (height > 0),
      size_bytes integer NOT NULL CHECK (size_bytes > 0),
      storage_key text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX chapter_images_course_idx ON chapter_images (course_id)`.execute(db);
  await sql`
    CREATE TRIGGER chapter_images_delete_bytes
      AFTER DELETE ON chapter_images
      FOR EACH ROW EXECUTE FUNCTION delete_attachment_bytes()`.execute(db);

  const { rows } = await sql<{ id: string; course_id: string; content: string }>`
    SELECT id, course_id, content FROM chapters WHERE content LIKE '%data:image/%'`.execute(db);
  for (const chapter of rows) {
    const content = await moveDataImages(db, chapter.course_id, chapter.content);
    if (content !== chapter.content) {
      await sql`UPDATE chapters SET content = ${content} WHERE id = ${chapter.id}`.execute(db);
    }
  }
}

/** An <img> whose src is a base64 data URL, in the quoting sanitize-html writes. */
const DATA_IMG = /<img\b([^>]*?)\ssrc="data:image\/[a-z+.-]+;base64,([a-z0-9+/=\s]+)"([^>]*)>/gi;

async function moveDataImages(db: Kysely<any>, courseId: string, html: string): Promise<string> {
  let out = "";
  let last = 0;
  for (const match of html.matchAll(DATA_IMG)) {
    const [whole, before = "", base64 = "", after = ""] = match;
    out += html.slice(last, match.index);
    last = match.index + whole.length;
    const image = await resized(Buffer.from(base64.replace(/\s/g, ""), "base64"));
    if (!image) {
      out += whole;
      continue;
    }
    const storageKey = `images/${crypto.randomUUID()}`;
    await sql`INSERT INTO stored_files (key, bytes) VALUES (${storageKey}, ${image.bytes})`.execute(db);
    const { rows } = await sql<{ id: string }>`
      INSERT INTO chapter_images (course_id, content_type, width, height, size_bytes, storage_key)
      VALUES (${courseId}, ${image.contentType}, ${image.width}, ${image.height}, ${image.bytes.byteLength}, ${storageKey})
      RETURNING id`.execute(db);
    // The image's own size replaces whatever width and height the tag had.
    const rest = `${before}${after}`.replace(/\s(?:width|height)="[^"]*"/gi, "").replace(/\s*\/$/, "");
    out += `<img${rest} src="/course/${courseId}/images/${rows[0]!.id}" width="${image.width}" height="${image.height}">`;
  }
  return out + html.slice(last);
}

const MAX_WIDTH = 1600;
const MAX_PIXELS = 50_000_000;

async function resized(input: Buffer) {
  try {
    const { format } = await sharp(input).metadata();
    const pipeline = sharp(input, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize({ width: MAX_WIDTH, withoutEnlargement: true });
    const kept = format === "jpeg" || format === "png" || format === "gif" ? format : "webp";
    const encoded =
      kept === "jpeg"
        ? pipeline.jpeg({ quality: 82, mozjpeg: true })
        : kept === "webp"
          ? pipeline.webp({ quality: 82 })
          : pipeline.toFormat(kept);
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: new Uint8Array(data), contentType: `image/${kept}`, width: info.width, height: info.height };
  } catch {
    return null;
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  // The moved images stay as addresses: their bytes go with the table.
  await sql`DROP TABLE chapter_images`.execute(db);
}
