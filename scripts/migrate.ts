// `npm run db:migrate` applies every pending migration to DATABASE_URL (or the embedded PGlite
// folder when it is unset; never while a server has that folder open).
// `npm run db:migrate -- down` rolls back the latest migration.
import { closeDatabase, db, migrateToLatest, migrator } from "../app/platform/db/db.server";

const direction = process.argv[2] ?? "up";

try {
  if (direction === "up") {
    await migrateToLatest();
    console.log("[migrate] database is up to date");
  } else if (direction === "down") {
    const { error, results } = await migrator(db()).migrateDown();
    for (const result of results ?? [])
      console.log(`[migrate] ${result.direction} ${result.migrationName}: ${result.status}`);
    if (error) throw error;
  } else {
    throw new Error(`unknown direction "${direction}" (use "up" or "down")`);
  }
} catch (error) {
  console.error(`[migrate] failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
