const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Ids come from URLs and forms: anything that is not a uuid names no row (a 404, never a
 * database error: Postgres throws on a malformed uuid).
 */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}
