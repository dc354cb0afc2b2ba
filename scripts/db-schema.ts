// `npm run db:schema` rewrites db/schema.sql (the current schema, as pg_dump prints it) and
// app/platform/db/db-schema.generated.ts (Kysely's types, from kysely-codegen) from a throwaway
// PostgreSQL cluster that the app's migrator has brought up to date. Run it after adding or
// changing a migration, and commit both files with the migration.
import fs from "node:fs";
import path from "node:path";
import { startCluster } from "../tests/support/pg-cluster";
import { createDatabase, dumpSchema, generateTypes, migrate, ROOT, SCHEMA_FILE, TYPES_FILE } from "./db-schema-tools";

const cluster = await startCluster();
try {
  const url = await createDatabase(cluster.url, "schema");
  const applied = await migrate(url);
  console.log(`[db:schema] migrated a fresh database: ${applied[0]} to ${applied.at(-1)}`);
  for (const [file, text] of [
    [SCHEMA_FILE, dumpSchema(url)],
    [TYPES_FILE, await generateTypes(url)],
  ] as const) {
    const target = path.join(ROOT, file);
    const before = fs.existsSync(target) ? fs.readFileSync(target, "utf8") : null;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, text);
    console.log(`[db:schema] ${file} ${before === text ? "unchanged" : "written"}`);
  }
} catch (error) {
  console.error(`[db:schema] failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  cluster.stop();
}
