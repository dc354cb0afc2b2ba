import type { CompiledQuery, QueryResult } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signIn } from "../../support/fixtures";
import { Browser } from "../../support/http";
import { startTestApp, type TestApp } from "../../support/test-app";

/**
 * docs/architecture.md#performance: no query at all for an anonymous visitor without a session
 * cookie, and ONE round trip for session + admin + paid however many loaders of a page ask.
 * The app's own query executor is wrapped to count the statements it sends (they still run).
 */
let app: TestApp;
const statements: string[] = [];

beforeAll(async () => {
  // The in-process page cache would answer repeat visits before any loader runs: off, so each
  // request below really goes through the loaders.
  app = await startTestApp({ PAGE_CACHE_SECONDS: "0" });
  const executor = app.db.getExecutor() as unknown as {
    executeQuery: (query: CompiledQuery, ...rest: unknown[]) => Promise<QueryResult<unknown>>;
  };
  const execute = executor.executeQuery.bind(executor);
  executor.executeQuery = (query, ...rest) => {
    // The catalogue (features/catalogue/catalogue.server) and the launch settings (decision 053) are re-read
    // on timers of their own, by no request: such a read landing inside a measured request is not
    // that request's.
    if (/^select .* from "products"/.test(query.sql)) return execute(query, ...rest);
    if (query.sql.includes('"launch_settings"')) return execute(query, ...rest);
    statements.push(query.sql);
    return execute(query, ...rest);
  };
});
afterAll(async () => {
  await app?.close();
});

async function statementsOf(send: () => Promise<Response>) {
  statements.length = 0;
  const response = await send();
  await response.arrayBuffer();
  return { status: response.status, statements: [...statements] };
}

const sessionLookups = (sqls: string[]) => sqls.filter((sql) => sql.includes("has_paid_access"));

describe("anonymous visitors without a session cookie", () => {
  it("cost no query on the public pages", async () => {
    const visitor = new Browser(app.baseUrl);
    for (const page of ["/", "/ailabs-offer", "/upgrades", "/privacy-policy", "/jv-affiliate", "/login", "/signup"]) {
      const result = await statementsOf(() => visitor.get(page));
      expect(result.status, page).toBe(200);
      expect(result.statements, page).toEqual([]);
    }
  });
});

describe("a signed-in member", () => {
  it("costs one session lookup per page, however many loaders guard it", async () => {
    const member = await createUser(app.db, { paid: "stripe-order" });
    const browser = await signIn(app.baseUrl, member.email);
    const course = await app.db.selectFrom("courses").select("id").executeTakeFirstOrThrow();
    for (const page of ["/dashboard", `/course/${course.id}`, "/bonuses", "/upgrades"]) {
      const result = await statementsOf(() => browser.get(page));
      expect(result.status, page).toBe(200);
      expect(sessionLookups(result.statements), page).toHaveLength(1);
    }
    // A client-side navigation (single fetch) runs the same loaders in one data request.
    const data = await statementsOf(() => browser.get(`/dashboard.data`, { headers: { Accept: "*/*" } }));
    expect(data.status).toBe(200);
    expect(sessionLookups(data.statements)).toHaveLength(1);
  });
});

describe("the dashboard with learning progress (issue 15)", () => {
  it("costs two statements, session + paid then courses + progress + resume, however many courses and chapters", async () => {
    const member = await createUser(app.db, { paid: "stripe-order" });
    const browser = await signIn(app.baseUrl, member.email);
    const courses: string[] = [];
    for (let course = 0; course < 4; course++) {
      const row = await app.db
        .insertInto("courses")
        .values({ title: `Budget course ${course}` })
        .returning("id")
        .executeTakeFirstOrThrow();
      courses.push(row.id);
      for (let chapter = 1; chapter <= 3; chapter++) {
        const inserted = await app.db
          .insertInto("chapters")
          .values({ course_id: row.id, title: `Chapter ${chapter}`, content: "<p>x</p>", sort_order: chapter })
          .returning("id")
          .executeTakeFirstOrThrow();
        await app.db
          .insertInto("chapter_progress")
          .values({ user_id: member.id, chapter_id: inserted.id, completed_at: chapter === 1 ? new Date() : null })
          .execute();
      }
    }
    for (const path of ["/dashboard", "/dashboard.data"]) {
      const result = await statementsOf(() =>
        browser.get(path, { headers: { Accept: path.endsWith(".data") ? "*/*" : "text/html" } }),
      );
      expect(result.status, path).toBe(200);
      expect(sessionLookups(result.statements), path).toHaveLength(1);
      expect(result.statements, path).toHaveLength(2);
      expect(
        result.statements.filter((sql) => sql.includes("chapter_progress")),
        path,
      ).toHaveLength(1);
    }
  });
});
