import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrations } from "../../migrations";
import { Migrator, NO_MIGRATIONS } from "kysely";
import { startTestApp, type TestApp } from "../support/test-app";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const migrator = () => new Migrator({ db: app.db, provider: { getMigrations: async () => migrations } });

async function tableNames() {
  const { rows } = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`.execute(app.db);
  return rows.map((row) => row.name).filter((name) => !name.startsWith("kysely_"));
}

describe("migrations", () => {
  it("go all the way down and back up again", async () => {
    const before = await tableNames();
    expect(before).toEqual(expect.arrayContaining(["users", "sessions", "courses", "chapters", "user_payment_status"]));

    const down = await migrator().migrateTo(NO_MIGRATIONS);
    expect(down.error).toBeUndefined();
    expect(await tableNames()).toEqual([]);

    const up = await migrator().migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(await tableNames()).toEqual(before);
  });

  it("keep emails unique whatever their case", async () => {
    await app.db.insertInto("users").values({ email: "case@test.example", name: "A", password_hash: null }).execute();
    await expect(sql`INSERT INTO users (email, name) VALUES ('CASE@test.example', 'B')`.execute(app.db)).rejects.toThrow();
  });
});

describe("health check", () => {
  it("answers 503 when the database does not", async () => {
    // Closing the database from under the running server simulates an outage.
    await app.db.destroy();
    const response = await fetch(`${app.baseUrl}/healthz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "unavailable", database: false });
  });
});
