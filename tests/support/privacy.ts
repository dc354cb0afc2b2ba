import crypto from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { DB } from "../../app/platform/db/db-schema";
import { first } from "./present";

/**
 * Every column of every table of the app's schema that holds one of `needles` (case-insensitive),
 * as `table.column`. The tables come from information_schema, so a table added later is searched
 * too without touching this (issue 29: "search every table for the email, the name and the user id").
 * Except `rate_limits`: erasure keeps its rows (decision 067), which end within the hour
 * (tests/integration/accounts/security-address-owner.test.ts checks that).
 */
export async function rowsNaming(db: Kysely<DB>, needles: string[]): Promise<string[]> {
  const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
    SELECT c.table_name, c.column_name
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' AND c.table_name <> 'rate_limits'
      AND c.data_type IN ('text', 'character varying', 'uuid', 'json', 'jsonb', 'ARRAY', 'bytea')
    ORDER BY c.table_name, c.column_name`.execute(db);
  const hits: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    for (const needle of needles) {
      const value = column === "bytes" ? sql`encode(${sql.ref(column)}, 'escape')` : sql`${sql.ref(column)}::text`;
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM ${sql.table(table)}
        WHERE strpos(lower(${value}), ${needle.toLowerCase()}) > 0`.execute(db);
      const { n } = first(rows, "count");
      if (n > 0) hits.push(`${table}.${column} (${n} naming ${needle})`);
    }
  }
  return hits;
}

/** A unique name that appears nowhere else: the name search then finds only this person. */
export const uniqueName = (label: string) => `${label} Q${crypto.randomBytes(4).toString("hex")}`;
