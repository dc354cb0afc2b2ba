import { sql } from "kysely";
import { db } from "~/platform/db/db.server";

/**
 * Where files' bytes live, by key: the one seam between the app and its file storage
 * (docs/decisions/052). Today the bytes are a bytea in PostgreSQL (`stored_files`), which works on
 * PGlite and with many instances without another service; an S3-compatible store implements the
 * same four calls when files outgrow the database. Ranges are inclusive, as in HTTP.
 */
export interface FileStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The whole file, or null when the key names none. */
  get(key: string): Promise<Uint8Array | null>;
  /** Bytes `start` to `end` inclusive (clamped to the file), or null when the key names none. */
  getRange(key: string, start: number, end: number): Promise<Uint8Array | null>;
  /** Deleting a missing key is no error. */
  delete(key: string): Promise<void>;
}

/** pg gives a Buffer, PGlite a Uint8Array: one plain view of either. */
const bytesOf = (value: Uint8Array) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength);

export const postgresFileStore: FileStore = {
  async put(key, bytes) {
    await db().insertInto("stored_files").values({ key, bytes }).execute();
  },

  async get(key) {
    const row = await db().selectFrom("stored_files").select("bytes").where("key", "=", key).executeTakeFirst();
    return row ? bytesOf(row.bytes) : null;
  },

  // substring() on a bytea reads only the slice asked for (the value is stored uncompressed and
  // out of line, decision 052), so a range request never loads the whole file.
  async getRange(key, start, end) {
    const row = await db()
      .selectFrom("stored_files")
      .select(sql<Uint8Array>`substring(bytes from ${start + 1}::int for ${end - start + 1}::int)`.as("part"))
      .where("key", "=", key)
      .executeTakeFirst();
    return row ? bytesOf(row.part) : null;
  },

  async delete(key) {
    await db().deleteFrom("stored_files").where("key", "=", key).execute();
  },
};
