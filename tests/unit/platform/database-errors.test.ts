import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "~/platform/db/database-errors";

const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["refused connection", withCode("ECONNREFUSED")],
    ["reset connection", withCode("ECONNRESET")],
    [
      "happy-eyeballs AggregateError",
      Object.assign(new AggregateError([withCode("ECONNREFUSED")]), { code: "ECONNREFUSED" }),
    ],
    ["AggregateError without its own code", new AggregateError([withCode("ECONNREFUSED")])],
    ["pg_ctl stop -m fast", withCode("57P01", "terminating connection due to administrator command")],
    ["server starting up", withCode("57P03", "the database system is starting up")],
    ["statement_timeout", withCode("57014", "canceling statement due to statement timeout")],
    ["idle in transaction timeout", withCode("25P03")],
    ["too many connections", withCode("53300")],
    ["connection exception class", withCode("08006")],
    ["pool wait timeout", new Error("timeout exceeded when trying to connect")],
    ["connect timeout", new Error("Connection terminated due to connection timeout")],
    ["socket closed", new Error("Connection terminated unexpectedly")],
    ["client-side query timeout", new Error("Query read timeout")],
    ["wrapped", new Error("could not read", { cause: withCode("ECONNREFUSED") })],
  ])("%s is an outage", (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["unique violation", withCode("23505", "duplicate key value violates unique constraint")],
    ["syntax error", withCode("42601")],
    ["undefined column", withCode("42703")],
    ["plain bug", new TypeError("cannot read properties of undefined")],
    ["a Response", new Response("no", { status: 404 })],
    ["null", null],
    ["string", "ECONNREFUSED"],
  ])("%s is not", (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
