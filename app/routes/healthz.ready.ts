import { isDatabaseHealthy, pendingMigrations } from "~/infra/db.server";

/**
 * Readiness: the database answers and has every migration this build knows, so a new release
 * never takes traffic against an old schema. 503 with the reason otherwise.
 */
export async function loader() {
  const database = await isDatabaseHealthy();
  const pending = database ? await pendingMigrations().catch(() => null) : null;
  const ready = database && pending !== null && pending.length === 0;
  return new Response(
    JSON.stringify({ status: ready ? "ready" : "unavailable", database, pendingMigrations: pending }),
    {
      status: ready ? 200 : 503,
      headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
    },
  );
}
