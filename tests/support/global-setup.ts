import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Kysely, Migrator, PostgresDialect, sql } from "kysely";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { PGliteThreadDialect } from "../../app/platform/db/pglite-thread.server";
import { migrations } from "../../migrations";
import { startCluster } from "./pg-cluster";

declare module "vitest" {
  export interface ProvidedContext {
    /** Admin URL of the PostgreSQL server whose `app_template` database is migrated. */
    pgAdminUrl: string;
    /** A migrated PGlite data folder that each test file copies. */
    pgliteTemplateDir: string;
  }
}

export const TEMPLATE_DATABASE = "app_template";

async function migrate(db: Kysely<any>) {
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateToLatest();
  if (error) throw error;
}

/**
 * Prepares one migrated template per engine; every integration test file then gets its own
 * database cloned from it (CREATE DATABASE ... TEMPLATE, or a copy of the PGlite folder).
 */
export default async function setup(project: TestProject) {
  const engine = project.config.env?.TEST_ENGINE;
  const cleanups: Array<() => void | Promise<void>> = [];

  if (engine === "postgres") {
    let adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) {
      const cluster = await startCluster();
      cleanups.push(cluster.stop);
      adminUrl = cluster.url;
    }
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    await admin.end();
    const templateUrl = new URL(adminUrl);
    templateUrl.pathname = `/${TEMPLATE_DATABASE}`;
    const db = new Kysely<any>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: templateUrl.toString(), max: 1 }) }),
    });
    await migrate(db);
    await db.destroy();
    project.provide("pgAdminUrl", adminUrl);
  }

  if (engine === "pglite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "app-pglite-template-"));
    // The app's own dialect: the template is written exactly as the server writes its database.
    const db = new Kysely<any>({ dialect: new PGliteThreadDialect({ dir, prepare: false }) });
    await migrate(db);
    await sql`CHECKPOINT`.execute(db);
    await db.destroy();
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    project.provide("pgliteTemplateDir", dir);
  }

  return async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
}
