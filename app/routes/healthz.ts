import { isDatabaseHealthy } from "~/platform/db/db.server";

/**
 * The platform's health check: 200 while the database answers one `SELECT 1`, 503 otherwise
 * (bounded at 2 s even when PostgreSQL hangs). Cheap enough to poll every few seconds. A real
 * Response (docs/architecture.md#resource-routes-return-real-responses). `/healthz/ready` adds the migrations.
 */
export async function loader() {
  const healthy = await isDatabaseHealthy();
  return new Response(JSON.stringify({ status: healthy ? "ok" : "unavailable", database: healthy }), {
    status: healthy ? 200 : 503,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });
}
