import { describe, expect, it } from "vitest";
import {
  isStalePreparedStatement,
  MAX_PREPARED_STATEMENTS,
  StatementNames,
} from "~/platform/db/prepared-statements.server";

describe("statement names", () => {
  it("name data statements with parameters, the same text always with the same name", () => {
    const names = new StatementNames();
    const select = names.nameFor('select "id" from "users" where "email" = $1', ["a"]);
    expect(select).toMatch(/^app_\d+$/);
    expect(names.nameFor('select "id" from "users" where "email" = $1', ["b"])).toBe(select);
    for (const text of [
      "insert into t values ($1)",
      "  UPDATE t SET a = $1",
      "delete from t where a = $1",
      "with x as (select $1) select * from x",
    ]) {
      const name = names.nameFor(text, [1]);
      expect(name).toMatch(/^app_\d+$/);
      expect(name).not.toBe(select);
    }
  });

  it("leave parameterless statements and everything but data statements unnamed", () => {
    const names = new StatementNames();
    expect(names.nameFor("select 1", [])).toBeNull();
    expect(names.nameFor("begin", [])).toBeNull();
    expect(names.nameFor("SELECT pg_advisory_lock($1)", [1])).toMatch(/^app_/);
    expect(names.nameFor("alter table t add column c text default $1", ["x"])).toBeNull();
    expect(names.nameFor("create table t (a int); insert into t values (1)", [])).toBeNull();
  });

  it("name at most MAX_PREPARED_STATEMENTS texts; any further text runs unnamed", () => {
    const names = new StatementNames();
    for (let i = 0; i < MAX_PREPARED_STATEMENTS; i++) expect(names.nameFor(`select $1 + ${i}`, [1])).not.toBeNull();
    expect(names.nameFor("select $1 + 'one too many'", [1])).toBeNull();
    expect(names.nameFor("select $1 + 0", [1])).toBe("app_1");
  });
});

describe("stale prepared statements", () => {
  it("are PostgreSQL's 0A000 'cached plan must not change result type', nothing else", () => {
    expect(isStalePreparedStatement({ code: "0A000", message: "cached plan must not change result type" })).toBe(true);
    expect(isStalePreparedStatement({ code: "0A000", message: "something else not supported" })).toBe(false);
    expect(isStalePreparedStatement({ code: "23505", message: "cached plan must not change result type" })).toBe(false);
    expect(isStalePreparedStatement(null)).toBe(false);
  });
});
