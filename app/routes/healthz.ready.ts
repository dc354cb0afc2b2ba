import { isDatabaseHealthy, pendingMigrations } from "~/platform/db/db.server";
import { log } from "~/platform/log.server";

/**
 * Readiness: the database answers and has every migration this build knows, so a new release
 * never takes traffic against an old schema. 503 otherwise. The answer says only ready or not
 * (it is public): why not, and which migrations are pending, go to the log.
 */
export async function loader() {
  const database = await isDatabaseHealthy();
  const pending = database ? await pendingMigrations().catch(() => null) : null;
  const ready = database && pending !== null && pending.length === 0;
  if (!ready) {
    log.warn(
      !database
        ? { reason: "the database does not answer" }
        : pending === null
          ? { reason: "the migrations could not be listed" }
          : { reason: "migrations pending", pending },
      "not ready",
    );
  }
  return new Response(JSON.stringify({ status: ready ? "ready" : "unavailable" }), {
    status: ready ? 200 : 503,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });
}
