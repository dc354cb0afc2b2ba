import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrations } from "../../migrations";
import { Migrator, NO_MIGRATIONS, sql } from "kysely";
import { createUser, signIn } from "../support/fixtures";
import { Browser } from "../support/http";
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

  it("publish every course and chapter that existed before drafts (0006_progress)", async () => {
    const back = await migrator().migrateTo("0004_chapter_order");
    expect(back.error).toBeUndefined();
    const { rows } = await sql<{ id: string }>`
      INSERT INTO courses (title, description) VALUES ('Before drafts', '') RETURNING id`.execute(app.db);
    await sql`INSERT INTO chapters (course_id, title, sort_order) VALUES (${rows[0].id}, 'Old chapter', 1)`.execute(
      app.db,
    );

    const up = await migrator().migrateToLatest();
    expect(up.error).toBeUndefined();
    const course = await app.db
      .selectFrom("courses")
      .select("status")
      .where("id", "=", rows[0].id)
      .executeTakeFirstOrThrow();
    const chapter = await app.db
      .selectFrom("chapters")
      .select("status")
      .where("course_id", "=", rows[0].id)
      .executeTakeFirstOrThrow();
    expect([course.status, chapter.status]).toEqual(["published", "published"]);
  });

  it("keep the paid-access rule's plan per connection (0009: PL/pgSQL) with the same answers as before", async () => {
    const language = async () =>
      (
        await sql<{ lanname: string }>`
          SELECT l.lanname FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
          WHERE p.proname = 'paid_access_sources'`.execute(app.db)
      ).rows[0]?.lanname;
    const user = await app.db
      .insertInto("users")
      .values({ email: "granted@test.example", name: "G", password_hash: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    await sql`INSERT INTO access_grants (user_id, reason) VALUES (${user.id}, 'Support')`.execute(app.db);
    const answers = async () =>
      (
        await sql<{ sources: string[]; paid: boolean }>`
          SELECT paid_access_sources(${user.id}::uuid) AS sources, has_paid_access(${user.id}::uuid) AS paid`.execute(
          app.db,
        )
      ).rows[0];

    expect(await language()).toBe("plpgsql");
    expect(await answers()).toEqual({ sources: ["Complimentary"], paid: true });
    const back = await migrator().migrateTo("0008_account_2fa");
    expect(back.error).toBeUndefined();
    expect(await language()).toBe("sql");
    expect(await answers()).toEqual({ sources: ["Complimentary"], paid: true });
    const up = await migrator().migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(await language()).toBe("plpgsql");
  });

  it("keep emails unique whatever their case", async () => {
    await app.db.insertInto("users").values({ email: "case@test.example", name: "A", password_hash: null }).execute();
    await expect(
      sql`INSERT INTO users (email, name) VALUES ('CASE@test.example', 'B')`.execute(app.db),
    ).rejects.toThrow();
  });
});

describe("when the database stops answering", () => {
  // Closing the database from under the running server simulates an outage. Keep these last.
  let member: Browser;
  beforeAll(async () => {
    const user = await createUser(app.db, { paid: "stripe-order" });
    member = await signIn(app.baseUrl, user.email);
    await app.db.destroy();
  });

  it("the health check answers 503", async () => {
    const response = await fetch(`${app.baseUrl}/healthz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "unavailable", database: false });
  });

  it("signup and login show the spec's generic messages on the form", async () => {
    const signup = await new Browser(app.baseUrl).post("/signup", {
      name: "N",
      email: "outage@test.example",
      password: "long-enough-pw",
    });
    expect(signup.status).toBe(500);
    expect(await signup.text()).toContain("An error occurred during signup");
    const login = await new Browser(app.baseUrl).post("/login", {
      email: "outage@test.example",
      password: "long-enough-pw",
    });
    expect(login.status).toBe(500);
    const html = await login.text();
    expect(html).toContain("An error occurred");
    expect(html).toContain('value="outage@test.example"');
  });

  it("other pages show the generic error page with no stack trace", async () => {
    const response = await member.get("/dashboard");
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain("Unexpected Application Error!");
    expect(html).not.toMatch(/\bat .+\.(js|ts):\d+/);
    expect(html).not.toContain("Cannot use a pool");
  });
});
