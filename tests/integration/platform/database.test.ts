import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrations } from "../../../migrations";
import { Migrator, NO_MIGRATIONS, sql, type Kysely, type RawBuilder } from "kysely";
import type { DB } from "~/platform/db/db-schema";
import { createUser, signIn } from "../../support/fixtures";
import { Browser } from "../../support/http";
import { captureLog } from "../../support/log-lines";
import { startTestApp, type TestApp } from "../../support/test-app";
import { present } from "../../support/present";

let app: TestApp;
const log = captureLog();
beforeAll(async () => {
  app = await startTestApp({}, { logTo: log.destination });
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
    const {
      rows: [inserted],
    } = await sql<{ id: string }>`
      INSERT INTO courses (title, description) VALUES ('Before drafts', '') RETURNING id`.execute(app.db);
    await sql`INSERT INTO chapters (course_id, title, sort_order) VALUES (${present(inserted, "the course").id}, 'Old chapter', 1)`.execute(
      app.db,
    );

    const up = await migrator().migrateToLatest();
    expect(up.error).toBeUndefined();
    const course = await app.db
      .selectFrom("courses")
      .select("status")
      .where("id", "=", present(inserted, "the course").id)
      .executeTakeFirstOrThrow();
    const chapter = await app.db
      .selectFrom("chapters")
      .select("status")
      .where("course_id", "=", present(inserted, "the course").id)
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

  it("date paid orders by their receipt, else their start, when adding paid_at (0023_order_paid_at)", async () => {
    const back = await migrator().migrateTo("0022_chapter_images");
    expect(back.error).toBeUndefined();
    const started = "2026-01-01T10:00:00.000Z";
    const receipt = "2026-01-03T12:00:00.000Z";
    await sql`
      INSERT INTO stripe_orders (checkout_session_id, status, created_at, receipt_queued_at) VALUES
        ('cs_paid_0023', 'completed', ${started}, ${receipt}),
        ('cs_refunded_0023', 'refunded', ${started}, NULL),
        ('cs_pending_0023', 'pending', ${started}, NULL),
        ('cs_canceled_0023', 'canceled', ${started}, NULL)`.execute(app.db);

    const up = await migrator().migrateToLatest();
    expect(up.error).toBeUndefined();
    const rows = await app.db
      .selectFrom("stripe_orders")
      .select(["checkout_session_id", "paid_at"])
      .where("checkout_session_id", "like", "cs\\_%\\_0023")
      .orderBy("checkout_session_id")
      .execute();
    expect(rows.map((row) => [row.checkout_session_id, row.paid_at && new Date(row.paid_at).toISOString()])).toEqual([
      ["cs_canceled_0023", null],
      ["cs_paid_0023", receipt],
      ["cs_pending_0023", null],
      ["cs_refunded_0023", started],
    ]);
  });

  it("keep emails unique whatever their case", async () => {
    await app.db.insertInto("users").values({ email: "case@test.example", name: "A", password_hash: null }).execute();
    await expect(
      sql`INSERT INTO users (email, name) VALUES ('CASE@test.example', 'B')`.execute(app.db),
    ).rejects.toThrow();
  });
});

describe("prepared statements (decision 034)", () => {
  type Prepared = { statement: string };
  const preparedOnThisConnection = (executor: Kysely<DB>) =>
    sql<Prepared>`SELECT statement FROM pg_prepared_statements WHERE from_sql = false`
      .execute(executor)
      .then(({ rows }) => rows.map((row) => row.statement));

  it("prepare a data statement with parameters once on its connection and run it again on that plan", async () => {
    await app.db.connection().execute(async (connection) => {
      const lookup = (email: string) => connection.selectFrom("users").select("id").where("email", "=", email);
      await lookup("first@prepared.example").execute();
      await lookup("second@prepared.example").execute();
      const text = lookup("x").compile().sql;
      expect((await preparedOnThisConnection(connection)).filter((statement) => statement === text)).toHaveLength(1);
      // Parameterless statements (BEGIN, migrations, health checks) stay unnamed.
      await sql`SELECT 1 AS parameterless`.execute(connection);
      expect(await preparedOnThisConnection(connection)).not.toContain("SELECT 1 AS parameterless");
    });
  });

  it("send values and read results of every type the app uses exactly as an unnamed query does", async () => {
    const values = {
      at: new Date("2026-11-23T12:34:56.789Z"),
      yes: true,
      name: "Zoë ✓ 'quoted'",
      answer: 42,
      doc: JSON.stringify({ a: [1, "b"] }),
      big: "12345678901",
    };
    // The same SELECT with its values as parameters (prepared) and as literals (no parameter: unnamed).
    const select = (value: (v: unknown) => RawBuilder<unknown>) => sql<Record<string, unknown>>`
      SELECT ${value(values.at)}::timestamptz AS at, ${value(values.yes)}::boolean AS yes, ${value(null)}::text AS nothing,
        ${value(values.name)}::text AS name, ${value(values.answer)}::int AS answer, ${value(values.doc)}::jsonb AS doc,
        ${value(values.big)}::bigint AS big`;
    const unnamed = (await select((v) => sql.lit(v instanceof Date ? v.toISOString() : v)).execute(app.db)).rows[0];
    expect(unnamed).toMatchObject({ at: values.at, yes: true, nothing: null, name: values.name, doc: { a: [1, "b"] } });
    for (let run = 0; run < 7; run++) {
      // Past PostgreSQL's five custom plans, onto the generic plan.
      expect((await select((v) => sql.val(v)).execute(app.db)).rows[0]).toEqual(unnamed);
    }
  });

  it("report a failing prepared statement with its SQLSTATE and leave the connection usable", async () => {
    const insert = (email: string) =>
      app.db.insertInto("users").values({ email, name: "Twice", password_hash: null }).execute();
    await insert("twice@prepared.example");
    await expect(insert("twice@prepared.example")).rejects.toMatchObject({ code: "23505" });
    const found = await app.db
      .selectFrom("users")
      .select("name")
      .where("email", "=", "twice@prepared.example")
      .executeTakeFirst();
    expect(found).toEqual({ name: "Twice" });
  });

  it("read a table's new columns after a schema change instead of failing on the old plan", async () => {
    await sql`CREATE TABLE prepared_probe (id int PRIMARY KEY, label text)`.execute(app.db);
    try {
      await sql`INSERT INTO prepared_probe VALUES (1, 'one')`.execute(app.db);
      await app.db.connection().execute(async (connection) => {
        const everything = () =>
          sql<Record<string, unknown>>`SELECT * FROM prepared_probe WHERE id = ${1}`.execute(connection);
        expect((await everything()).rows).toEqual([{ id: 1, label: "one" }]);
        await sql`ALTER TABLE prepared_probe ADD COLUMN extra text DEFAULT 'new'`.execute(connection);
        expect((await everything()).rows).toEqual([{ id: 1, label: "one", extra: "new" }]);
      });
    } finally {
      await sql`DROP TABLE prepared_probe`.execute(app.db);
    }
  });
});

// PostgreSQL only: PGlite has no connections to lose.
if (process.env.TEST_ENGINE !== "pglite") {
  describe("a PostgreSQL connection lost while a request holds it", () => {
    it("fails that request's next statement and leaves the process serving", async () => {
      const lost = app.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx);
        const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await other.connect();
        // The second argument waits (up to 5 s) until the backend has gone.
        await other.query("SELECT pg_terminate_backend($1, 5000)", [rows[0]!.pid]);
        await other.end();
        // The connection is idle and held: pg's pool no longer listens to it. Without a listener
        // of our own, its 'error' event is unhandled and ends the process (vitest reports it).
        await expect
          .poll(() => log.lines.some((line) => line.msg === "a database connection in use was lost"), {
            timeout: 15_000,
          })
          .toBe(true);
        await sql`SELECT 1`.execute(trx);
      });
      await expect(lost).rejects.toThrow();
      expect((await fetch(`${app.baseUrl}/healthz`)).status).toBe(200);
    });
  });
}

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
