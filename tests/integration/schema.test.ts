import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import {
  createDatabase,
  dropDatabase,
  dumpSchema,
  generateTypes,
  migrate,
  REGENERATE_COMMAND,
  ROOT,
  SCHEMA_FILE,
  TYPES_FILE,
} from "../../scripts/db-schema-tools";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * One current schema (docs/architecture.md): db/schema.sql and the generated Kysely types are what
 * the migrations build today. A migration added or changed without `npm run db:schema` fails here,
 * with the difference and the command that fixes it.
 */

/** `diff -u` of the committed file and what the migrations build now, for the failure message. */
function unifiedDiff(file: string, fresh: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "schema-diff-"));
  const freshFile = path.join(dir, path.basename(file));
  fs.writeFileSync(freshFile, fresh);
  try {
    execFileSync(
      "diff",
      [
        "-u",
        "--label",
        `${file} (committed)`,
        "--label",
        `${file} (from the migrations)`,
        path.join(ROOT, file),
        freshFile,
      ],
      {
        encoding: "utf8",
      },
    );
    return "";
  } catch (error) {
    return (error as { stdout?: string }).stdout ?? String(error);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function expectCommitted(file: string, fresh: string) {
  const committed = fs.existsSync(path.join(ROOT, file)) ? fs.readFileSync(path.join(ROOT, file), "utf8") : "";
  if (committed === fresh) return;
  throw new Error(
    `${file} is not what the migrations build today. Regenerate it and commit it with the migration:\n\n` +
      `    ${REGENERATE_COMMAND}\n\n${unifiedDiff(file, fresh)}`,
  );
}

describe.runIf(process.env.TEST_ENGINE === "postgres")("the committed schema (PostgreSQL)", () => {
  const name = `schema_check_${crypto.randomBytes(4).toString("hex")}`;
  let url: string;
  beforeAll(async () => {
    url = await createDatabase(inject("pgAdminUrl"), name);
    await migrate(url);
  });
  afterAll(async () => {
    await dropDatabase(inject("pgAdminUrl"), name);
  });

  it(`${SCHEMA_FILE} is the pg_dump of a freshly migrated database`, () => {
    expectCommitted(SCHEMA_FILE, dumpSchema(url));
  });

  it(`${TYPES_FILE} is what kysely-codegen generates from it`, async () => {
    expectCommitted(TYPES_FILE, await generateTypes(url));
  });
});

describe("the schema's comments", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("every function a trigger runs carries a comment naming the rule it keeps", async () => {
    const { rows } = await sql<{ trigger: string; fn: string; comment: string | null }>`
      SELECT t.tgname AS trigger, p.proname AS fn, obj_description(p.oid, 'pg_proc') AS comment
      FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
      WHERE NOT t.tgisinternal AND p.pronamespace = 'public'::regnamespace
      ORDER BY p.proname`.execute(app.db);
    expect(rows.length, "no triggers found: has the schema moved out of 'public'?").toBeGreaterThanOrEqual(10);
    const missing = rows.filter((row) => !row.comment?.trim()).map((row) => `${row.fn}() (trigger ${row.trigger})`);
    expect(
      missing,
      "Trigger functions without a comment: add `COMMENT ON FUNCTION name() IS '<decision>: <the rule, one sentence>'` " +
        `in a migration, then run ${REGENERATE_COMMAND}`,
    ).toEqual([]);
  });

  it("so do the paid-access functions and the views", async () => {
    const { rows } = await sql<{ name: string; comment: string | null }>`
      SELECT p.proname AS name, obj_description(p.oid, 'pg_proc') AS comment FROM pg_proc p
      WHERE p.proname IN ('has_paid_access', 'paid_access_sources') AND p.pronamespace = 'public'::regnamespace
      UNION ALL
      SELECT c.relname, obj_description(c.oid, 'pg_class') FROM pg_class c
      WHERE c.relkind = 'v' AND c.relnamespace = 'public'::regnamespace
      ORDER BY 1`.execute(app.db);
    expect(rows.map((row) => row.name)).toEqual(
      expect.arrayContaining(["has_paid_access", "order_ledger", "paid_access_sources", "user_payment_status"]),
    );
    expect(rows.filter((row) => !row.comment?.trim()).map((row) => row.name)).toEqual([]);
  });
});
