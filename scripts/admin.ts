// `npm run admin -- <command>`: who is an admin, changed explicitly (docs/decisions/044). The
// commands are `list`, `promote EMAIL`, `demote EMAIL` and `reset-password EMAIL [--password-stdin]`;
// without arguments it prints them. It works on DATABASE_URL, or the embedded PGlite folder when
// that is unset (stop the server first: one process per folder). The built image runs the same
// command as `node build/server.js --admin <command>`.
import { closeDatabase } from "../app/platform/db/db.server";
import { runAdminCommand } from "../app/features/members/admin-accounts.server";

try {
  process.exitCode = await runAdminCommand(process.argv.slice(2));
} catch (error) {
  console.error(`[admin] failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
