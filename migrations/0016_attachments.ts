import { sql, type Kysely } from "kysely";

/**
 * Chapter attachments (issue 25, decision 052). `stored_files` is the PostgreSQL side of the file
 * store (put/get/getRange/delete by key): bytes in a bytea, so it works on PGlite and with many
 * instances alike. `chapter_attachments` says what each file is and where it belongs. Deleting an
 * attachment, also by the cascade from its chapter or course, deletes its stored bytes in the same
 * transaction (the trigger), so no bytes outlive the row that names them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE stored_files (
      key text PRIMARY KEY,
      bytes bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  // EXTERNAL: out of line and never compressed (the files are mostly compressed already), so
  // substring() reads only the TOAST chunks of the range asked for, not the whole file.
  await sql`ALTER TABLE stored_files ALTER COLUMN bytes SET STORAGE EXTERNAL`.execute(db);

  await sql`
    CREATE TABLE chapter_attachments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      chapter_id uuid NOT NULL REFERENCES chapters (id) ON DELETE CASCADE,
      file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 200),
      content_type text NOT NULL,
      size_bytes integer NOT NULL CHECK (size_bytes > 0),
      storage_key text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX chapter_attachments_chapter_idx ON chapter_attachments (chapter_id, created_at)`.execute(db);

  await sql`
    CREATE FUNCTION delete_attachment_bytes() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM stored_files WHERE key = OLD.storage_key;
      RETURN OLD;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER chapter_attachments_delete_bytes
      AFTER DELETE ON chapter_attachments
      FOR EACH ROW EXECUTE FUNCTION delete_attachment_bytes()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE chapter_attachments`.execute(db);
  await sql`DROP FUNCTION delete_attachment_bytes()`.execute(db);
  await sql`DROP TABLE stored_files`.execute(db);
}
