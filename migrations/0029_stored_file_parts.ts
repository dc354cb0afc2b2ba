import { sql, type Kysely } from "kysely";

/**
 * The file store keeps a file's bytes in parts (issue 41, decision 068): `stored_files` names a file,
 * `stored_file_parts` holds its bytes in order, every part but the last exactly 64 KiB (the store's
 * PART_BYTES, app/features/files/stored-file.server.ts). An upload is written a part at a time as it
 * arrives and a download reads a part at a time, so no statement (and on PGlite no message to its
 * thread) ever carries a whole file. Deleting a file's row deletes its parts (the cascade), so the
 * trigger of migration 0016 still takes an attachment's or image's bytes with it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE stored_file_parts (
      key text NOT NULL REFERENCES stored_files (key) ON DELETE CASCADE,
      part integer NOT NULL CHECK (part >= 0),
      bytes bytea NOT NULL CHECK (length(bytes) BETWEEN 1 AND 65536),
      PRIMARY KEY (key, part)
    )`.execute(db);
  // Stored as they are, never compressed (most files are compressed already): a part is read whole.
  await sql`ALTER TABLE stored_file_parts ALTER COLUMN bytes SET STORAGE EXTERNAL`.execute(db);
  await sql`
    INSERT INTO stored_file_parts (key, part, bytes)
    SELECT f.key, n, substring(f.bytes FROM n * 65536 + 1 FOR 65536)
    FROM stored_files f, generate_series(0, (length(f.bytes) - 1) / 65536) AS n
    WHERE length(f.bytes) > 0`.execute(db);
  await sql`ALTER TABLE stored_files DROP COLUMN bytes`.execute(db);
  await sql`COMMENT ON TABLE stored_files IS ${sql.lit("A file in the PostgreSQL file store, by key; its bytes are its stored_file_parts (decisions 052, 068).")}`.execute(
    db,
  );
  await sql`COMMENT ON TABLE stored_file_parts IS ${sql.lit("A stored file's bytes in order, 64 KiB a part except the last (decision 068): written and read a part at a time.")}`.execute(
    db,
  );
  await sql`COMMENT ON FUNCTION delete_attachment_bytes() IS ${sql.lit("Decisions 052 and 057: a chapter attachment's or chapter image's file in stored_files (and by the cascade its parts) is deleted with its row, also when a chapter or course delete cascades.")}`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE stored_files ADD COLUMN bytes bytea NOT NULL DEFAULT ''::bytea`.execute(db);
  await sql`
    UPDATE stored_files f SET bytes = p.bytes
    FROM (SELECT key, string_agg(bytes, ''::bytea ORDER BY part) AS bytes FROM stored_file_parts GROUP BY key) p
    WHERE p.key = f.key`.execute(db);
  await sql`ALTER TABLE stored_files ALTER COLUMN bytes DROP DEFAULT`.execute(db);
  await sql`ALTER TABLE stored_files ALTER COLUMN bytes SET STORAGE EXTERNAL`.execute(db);
  await sql`DROP TABLE stored_file_parts`.execute(db);
  await sql`COMMENT ON TABLE stored_files IS ${sql.lit("The PostgreSQL file store's bytes, by key (decision 052).")}`.execute(
    db,
  );
  await sql`COMMENT ON FUNCTION delete_attachment_bytes() IS ${sql.lit("Decisions 052 and 057: a chapter attachment's or chapter image's bytes in stored_files are deleted with its row, also when a chapter or course delete cascades.")}`.execute(
    db,
  );
}
