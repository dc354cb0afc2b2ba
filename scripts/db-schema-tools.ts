// Shared by `npm run db:schema` and its test (tests/integration/platform/schema.test.ts): the current
// schema as PostgreSQL dumps it (db/schema.sql) and the Kysely types generated from it
// (app/platform/db/db-schema.generated.ts), both taken from a database the app's migrator built.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { Kysely, PostgresDialect } from "kysely";
import { Cli } from "kysely-codegen";
import pg from "pg";
import * as prettier from "prettier";
import { migrator } from "../app/platform/db/db.server";
import type { DB } from "../app/platform/db/db-schema";

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
export const SCHEMA_FILE = "db/schema.sql";
export const TYPES_FILE = "app/platform/db/db-schema.generated.ts";
export const REGENERATE_COMMAND = "npm run db:schema";

/** pg_dump: PG_BIN, else Debian's PostgreSQL 15 (what the tests' clusters run), else PATH. */
function pgDump(): string {
  for (const folder of [process.env.PG_BIN, "/usr/lib/postgresql/15/bin"]) {
    if (folder && fs.existsSync(path.join(folder, "pg_dump"))) return path.join(folder, "pg_dump");
  }
  return "pg_dump";
}

/** Creates `name` on the server of `adminUrl` (dropping any older one) and returns its URL. */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(adminUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** Every migration, applied by the app's own migrator (what a server does at start); returns their names. */
export async function migrate(url: string): Promise<string[]> {
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }) });
  try {
    const { error, results = [] } = await migrator(db).migrateToLatest();
    const failed = results.find((result) => result.status === "Error");
    if (error)
      throw new Error(
        `migration ${failed?.migrationName ?? "?"} failed: ${error instanceof Error ? error.message : error}`,
      );
    return results.map((result) => result.migrationName);
  } finally {
    await db.destroy();
  }
}

const SCHEMA_HEADER = `--
-- The current schema: what every migration in migrations/ adds up to today. Generated, do not edit:
-- \`${REGENERATE_COMMAND}\` rewrites this file and ${TYPES_FILE}
-- (docs/architecture.md, "One current schema").
--
`;

/**
 * \`pg_dump --schema-only\` of the database at \`url\`, without what varies between runs and
 * versions: the \\restrict tokens (pg_dump 15.14 and later), the versions in the header, and the
 * session settings (SET lines), which say how to load the file, not what the schema is.
 */
export function dumpSchema(url: string): string {
  const dump = execFileSync(
    pgDump(),
    ["--schema-only", "--no-owner", "--no-privileges", "--no-tablespaces", "--no-security-labels", `--dbname=${url}`],
    { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
  const lines = dump
    .split("\n")
    .filter((line) => !/^\\(un)?restrict /.test(line))
    .filter((line) => !/^-- Dumped (from database|by pg_dump) version /.test(line))
    .filter((line) => !/^SET /.test(line) && !/^SELECT pg_catalog\.set_config\('search_path'/.test(line));
  const body = lines
    .join("\n")
    .replace(/^(--\n-- PostgreSQL database dump\n--\n)\n+/, "$1\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return `${SCHEMA_HEADER}${body}\n`;
}

/**
 * CHECK constraints that list a text column's values (`status IN ('draft', 'published')`), which
 * PostgreSQL stores as `status = ANY (ARRAY['draft'::text, ...])` or `kind = 'x'::text`: the
 * generated types give such a column the union of its values instead of `string`.
 */
async function valueLists(url: string): Promise<Map<string, string[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ table: string; column: string; definition: string }>(`
      SELECT c.conrelid::regclass::text AS table, a.attname AS column, pg_get_constraintdef(c.oid) AS definition
      FROM pg_constraint c
      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
      WHERE c.contype = 'c' AND cardinality(c.conkey) = 1 AND c.connamespace = 'public'::regnamespace`);
    const lists = new Map<string, string[]>();
    for (const { table, column, definition } of rows) {
      const match =
        /^CHECK \(\((\w+) = ANY \(ARRAY\[(.*)\]\)\)\)$/.exec(definition) ??
        /^CHECK \(\((\w+) = ('(?:[^']|'')*'::text)\)\)$/.exec(definition);
      const [, checked, list = ""] = match ?? [];
      if (checked !== column) continue;
      const values = list.split(", ").map((item) => /^'((?:[^']|'')*)'::text$/.exec(item)?.[1]);
      if (values.some((value) => value === undefined)) continue;
      lists.set(
        `${table}.${column}`,
        values.map((value) => value!.replaceAll("''", "'")),
      );
    }
    return lists;
  } finally {
    await client.end();
  }
}

/**
 * What the database cannot say: the shape of a JSON column (the app writes it as a JSON string and
 * never updates it), and the columns of order_ledger (a view has no constraints, and PostgreSQL
 * calls every column of a view nullable): its source, and what both of its halves never leave null.
 */
const OVERRIDES: Record<string, string> = {
  "single_use_tokens.data": "ColumnType<Record<string, unknown> | null, string | null | undefined, never>",
  "admin_audit_log.details": "ColumnType<Record<string, unknown>, string | undefined, never>",
  "order_ledger.source": '"stripe" | "warriorplus"',
  "order_ledger.status": 'StripeOrders["status"]',
  "order_ledger.id": "string",
  "order_ledger.created_at": "Timestamp",
  "order_ledger.reference": "string",
};

/** bytea as the Uint8Array the file store hands over (pg reads a Buffer, which is one). */
const TYPE_MAPPING: Record<string, string> = { bytea: "Uint8Array" };

const TYPES_HEADER = `/**
 * Kysely's view of the database, generated by kysely-codegen from a database that migrations/ built.
 * Do not edit: \`${REGENERATE_COMMAND}\` rewrites this file and ${SCHEMA_FILE}, and
 * tests/integration/platform/schema.test.ts fails when either is stale. Names the app uses are in ./db-schema.ts.
 */
`;

/** The Kysely types of the database at `url`, formatted as Prettier formats the project. */
export async function generateTypes(url: string): Promise<string> {
  const lists = await valueLists(url);
  const output = await new Cli().generate({
    url,
    dialect: "postgres",
    outFile: null,
    logLevel: "warn",
    excludePattern: "public.kysely_migration*",
    skipAutogeneratedFileComment: true,
    overrides: { columns: OVERRIDES },
    typeMapping: TYPE_MAPPING,
    postprocess: async ({ metadata }) => {
      for (const table of metadata.tables) {
        for (const column of table.columns) {
          const values = lists.get(`${table.name}.${column.name}`);
          if (values) column.enumValues = values;
        }
      }
      return metadata;
    },
  });
  // kysely-codegen's own "do not edit" comment gives way to ours, which says how to regenerate.
  const body = output.replace(/^\/\*\*\n \* This file was generated by kysely-codegen\.\n[^]*?\*\/\n+/, "");
  const file = path.join(ROOT, TYPES_FILE);
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(`${TYPES_HEADER}\n${body}`, { ...options, filepath: file });
}
