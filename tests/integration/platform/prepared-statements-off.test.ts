import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signIn } from "../../support/fixtures";
import { startTestApp, type TestApp } from "../../support/test-app";

/**
 * DATABASE_PREPARED_STATEMENTS=off (decision 034): for a connection pooler in transaction mode
 * that cannot keep named statements, every statement goes out unnamed, and the site works as before.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ DATABASE_PREPARED_STATEMENTS: "off" });
});
afterAll(async () => {
  await app?.close();
});

describe("with prepared statements switched off", () => {
  it("sends every statement unnamed", async () => {
    await app.db.connection().execute(async (connection) => {
      await connection.selectFrom("users").select("id").where("email", "=", "nobody@off.example").execute();
      await connection.selectFrom("users").select("id").where("email", "=", "nobody@off.example").execute();
      const { rows } = await sql<{ name: string }>`SELECT name FROM pg_prepared_statements`.execute(connection);
      expect(rows).toEqual([]);
    });
  });

  it("still signs a paid member in and shows the training area", async () => {
    const user = await createUser(app.db, { paid: "stripe-order" });
    const member = await signIn(app.baseUrl, user.email);
    const response = await member.get("/dashboard");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Training");
  });
});
