import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REGENERATE_COMMAND } from "../../../scripts/db-schema-tools";
import { startTestApp, type TestApp } from "../../support/test-app";

/** Every rule the database keeps by itself names itself, on PostgreSQL and PGlite alike. */
describe("the schema's comments", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("every function a trigger runs carries a comment naming the rule it keeps", async () => {
    const { rows } = await sql<{ trigger: string; fn: string; comment: string | null }>`
      SELECT t.tgname AS trigger, p.proname AS fn, obj_description(p.oid, 'pg_proc') AS comment
      FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
      WHERE NOT t.tgisinternal AND p.pronamespace = 'public'::regnamespace
      ORDER BY p.proname`.execute(app.db);
    expect(rows.length, "no triggers found: has the schema moved out of 'public'?").toBeGreaterThanOrEqual(10);
    const missing = rows.filter((row) => !row.comment?.trim()).map((row) => `${row.fn}() (trigger ${row.trigger})`);
    expect(
      missing,
      "Trigger functions without a comment: add `COMMENT ON FUNCTION name() IS '<decision>: <the rule, one sentence>'` " +
        `in a migration, then run ${REGENERATE_COMMAND}`,
    ).toEqual([]);
  });

  it("so do the paid-access functions and the views", async () => {
    const { rows } = await sql<{ name: string; comment: string | null }>`
      SELECT p.proname AS name, obj_description(p.oid, 'pg_proc') AS comment FROM pg_proc p
      WHERE p.proname IN ('has_paid_access', 'paid_access_sources') AND p.pronamespace = 'public'::regnamespace
      UNION ALL
      SELECT c.relname, obj_description(c.oid, 'pg_class') FROM pg_class c
      WHERE c.relkind = 'v' AND c.relnamespace = 'public'::regnamespace
      ORDER BY 1`.execute(app.db);
    expect(rows.map((row) => row.name)).toEqual(
      expect.arrayContaining(["has_paid_access", "order_ledger", "paid_access_sources", "user_payment_status"]),
    );
    expect(rows.filter((row) => !row.comment?.trim()).map((row) => row.name)).toEqual([]);
  });
});
