/**
 * Whether an error means "the database is out of reach" (stopped, restarting, hung, or every
 * connection busy) rather than "this query is wrong". The first is an outage the visitor can
 * only wait out: the site answers 503 with Retry-After. The second is a bug: 500.
 *
 * Pure (no driver imports): it reads the shapes `pg`, `pg-pool` and Node's sockets give errors.
 */

// SQLSTATE classes and codes (PostgreSQL appendix A) that describe the server, not the query.
const UNAVAILABLE_SQLSTATE_CLASSES = ["08", "53"]; // connection exception, insufficient resources
const UNAVAILABLE_SQLSTATES = new Set([
  "57P01", // admin_shutdown (pg_ctl stop -m fast)
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up or shutting down)
  "57014", // query_canceled: our statement_timeout fired
  "25P03", // idle_in_transaction_session_timeout
]);

const UNAVAILABLE_SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

// pg and pg-pool raise these as plain Errors, without a code.
const UNAVAILABLE_MESSAGES = [
  /timeout exceeded when trying to connect/i, // pg-pool: connectionTimeoutMillis while waiting
  /connection terminated/i, // pg: server closed the socket, or connect timed out
  /query read timeout/i, // pg: query_timeout (a hung server never answers)
  /not queryable/i, // pg: a client whose connection already failed
  /cannot use a pool after calling end/i, // shutting down
];

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 3) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === "string") {
    if (UNAVAILABLE_SOCKET_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && UNAVAILABLE_SQLSTATE_CLASSES.includes(code.slice(0, 2))) return true;
  }
  if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  // Node's happy-eyeballs connect gives an AggregateError; wrappers keep the original as cause.
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
