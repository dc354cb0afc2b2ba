const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a URL segment can be a row id at all (anything else is a 404, never a database error). */
export const isUuid = (value: unknown): value is string => typeof value === "string" && UUID.test(value);
