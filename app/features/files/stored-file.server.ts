import { db } from "~/platform/db/db.server";

/**
 * Where files' bytes live, by key: the one seam between the app and its file storage
 * (docs/decisions/052). Today the bytes are in PostgreSQL, which works on PGlite and with many
 * instances without another service; an S3-compatible store implements the same calls when files
 * outgrow the database. Ranges are inclusive, as in HTTP.
 *
 * Bytes come in and go out in parts (decision 068): `put` takes them as they arrive and never
 * holds more than one part, `getRange` reads at most a part's worth, so neither a statement nor (on
 * PGlite) a message to the database's thread carries a whole file.
 */
export interface FileStore {
  /**
   * Stores the bytes as they come. If they stop with an error (the upload broke off, or was refused
   * part way), nothing stays stored under the key and the error is thrown on.
   */
  put(key: string, bytes: AsyncIterable<Uint8Array> | Uint8Array): Promise<{ sizeBytes: number }>;
  /** Bytes `start` to `end` inclusive (clamped to the file), or null when the key names none. */
  getRange(key: string, start: number, end: number): Promise<Uint8Array | null>;
  /** Deleting a missing key is no error. */
  delete(key: string): Promise<void>;
}

/** Every part but a file's last holds exactly this many bytes (migration 0029's check holds it). */
export const PART_BYTES = 64 * 1024;

/** pg gives a Buffer, PGlite a Uint8Array: one plain view of either. */
const bytesOf = (value: Uint8Array) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength);

/** The bytes cut into whole parts as they arrive: at most one part is held while it fills. */
async function* inParts(source: AsyncIterable<Uint8Array> | Uint8Array): AsyncGenerator<Uint8Array> {
  const chunks = source instanceof Uint8Array ? [source] : source;
  let part = new Uint8Array(PART_BYTES);
  let filled = 0;
  for await (const chunk of chunks) {
    let offset = 0;
    while (offset < chunk.byteLength) {
      const taken = Math.min(PART_BYTES - filled, chunk.byteLength - offset);
      part.set(chunk.subarray(offset, offset + taken), filled);
      filled += taken;
      offset += taken;
      if (filled === PART_BYTES) {
        yield part;
        part = new Uint8Array(PART_BYTES);
        filled = 0;
      }
    }
  }
  if (filled > 0) yield part.subarray(0, filled);
}

export const postgresFileStore: FileStore = {
  // No transaction around the parts: on PGlite an open transaction holds back every other
  // statement, and an upload at a slow link's pace would stop the site for its duration. A file
  // that breaks off is deleted instead, its parts with it.
  async put(key, bytes) {
    await db().insertInto("stored_files").values({ key }).execute();
    let sizeBytes = 0;
    try {
      let part = 0;
      for await (const chunk of inParts(bytes)) {
        await db().insertInto("stored_file_parts").values({ key, part, bytes: chunk }).execute();
        part += 1;
        sizeBytes += chunk.byteLength;
      }
    } catch (error) {
      await db().deleteFrom("stored_files").where("key", "=", key).execute();
      throw error;
    }
    return { sizeBytes };
  },

  // The parts the range touches (at most two for a range of up to PART_BYTES), cut to the range.
  async getRange(key, start, end) {
    const first = Math.floor(start / PART_BYTES);
    const parts = await db()
      .selectFrom("stored_file_parts")
      .select(["part", "bytes"])
      .where("key", "=", key)
      .where("part", ">=", first)
      .where("part", "<=", Math.floor(end / PART_BYTES))
      .orderBy("part")
      .execute();
    if (parts.length === 0) {
      const file = await db().selectFrom("stored_files").select("key").where("key", "=", key).executeTakeFirst();
      return file ? new Uint8Array(0) : null;
    }
    const out = new Uint8Array(end - start + 1);
    let length = 0;
    for (const [index, { part, bytes }] of parts.entries()) {
      // A part missing in between ends the bytes there: the caller sees a short read.
      if (part !== first + index) break;
      const from = Math.max(start - part * PART_BYTES, 0);
      const to = Math.min(end - part * PART_BYTES + 1, bytes.byteLength);
      if (to <= from) break;
      out.set(bytesOf(bytes).subarray(from, to), length);
      length += to - from;
    }
    return out.subarray(0, length);
  },

  async delete(key) {
    await db().deleteFrom("stored_files").where("key", "=", key).execute();
  },
};
