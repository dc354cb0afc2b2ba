// `npm run db:seed`: creates the admin account (ADMIN_EMAIL / ADMIN_PASSWORD) when no account has
// that address, installs the included courses a product lacks, and (SEED_DEMO_CONTENT) adds the
// demo course to an empty database. The server does the same at start;
// this is for a managed database. It never promotes or changes an existing account: that is
// `npm run admin` (docs/decisions/044).
import { closeDatabase, migrateToLatest } from "../app/platform/db/db.server";
import { seed } from "../app/features/site/seed.server";

try {
  await migrateToLatest();
  await seed();
} catch (error) {
  console.error(`[seed] failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
