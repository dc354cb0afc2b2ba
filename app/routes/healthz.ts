import { isDatabaseHealthy } from "~/infra/db.server";

/** The platform's health check: 200 only when the database answers. A real Response (STACK trap 6). */
export async function loader() {
  const healthy = await isDatabaseHealthy();
  return new Response(JSON.stringify({ status: healthy ? "ok" : "unavailable", database: healthy }), {
    status: healthy ? 200 : 503,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });
}
