import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, it, inject } from "vitest";
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
} from "../../../scripts/db-schema-tools";

/**
 * One current schema (docs/architecture.md): db/schema.sql and the generated Kysely types are what
 * the migrations build today. A migration added or changed without `npm run db:schema` fails here,
 * with the difference and the command that fixes it. PostgreSQL only (pg_dump and kysely-codegen
 * read a server): the PGlite project leaves out every `*.postgres.test.ts` file.
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

describe("the committed schema (PostgreSQL)", () => {
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
