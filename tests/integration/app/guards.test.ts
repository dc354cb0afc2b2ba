import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signIn, type PaidSource } from "../../support/fixtures";
import { Browser, redirectTarget } from "../../support/http";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from "../../support/test-app";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const MEMBER_PAGES = ["/dashboard", "/app-builder", "/app-idea-generator", "/bonuses"];

async function memberPages() {
  const course = await app.db.selectFrom("courses").select("id").executeTakeFirstOrThrow();
  return [...MEMBER_PAGES, `/course/${course.id}`];
}

describe("visitors", () => {
  it("are sent to /login with the page they wanted, from every member page", async () => {
    const visitor = new Browser(app.baseUrl);
    for (const page of await memberPages()) {
      const response = await visitor.get(page);
      expect(response.status, page).toBe(302);
      expect(redirectTarget(response), page).toBe(`/login?redirect=${encodeURIComponent(page)}`);
    }
  });

  it("are sent to /login from /admin and /payment-options", async () => {
    const visitor = new Browser(app.baseUrl);
    expect(redirectTarget(await visitor.get("/admin"))).toBe("/login?redirect=%2Fadmin");
    expect(redirectTarget(await visitor.get("/payment-options"))).toBe("/login?redirect=%2Fpayment-options");
  });

  it("see public pages without a redirect", async () => {
    const visitor = new Browser(app.baseUrl);
    for (const page of ["/", "/login", "/signup"]) expect((await visitor.get(page)).status, page).toBe(200);
  });

  it("go to / from an unknown path", async () => {
    const response = await new Browser(app.baseUrl).get("/no/such/page");
    expect(response.status).toBe(302);
    expect(redirectTarget(response)).toBe("/");
  });
});

describe("paid sources (docs/product.md §6), each on its own", () => {
  const cases: Array<[PaidSource, boolean]> = [
    ["none", false],
    ["warriorplus", true],
    ["warriorplus-refunded", false],
    ["warriorplus-upsell-only", false],
    ["stripe-order", true],
    ["stripe-order-refunded", false],
    ["stripe-order-pending", false],
    ["subscription-active", true],
    ["subscription-trialing", true],
    ["subscription-canceled", false],
  ];

  for (const [source, grants] of cases) {
    it(`${source} ${grants ? "opens" : "does not open"} the member pages`, async () => {
      const user = await createUser(app.db, { paid: source });
      const browser = await signIn(app.baseUrl, user.email);
      for (const page of await memberPages()) {
        const response = await browser.get(page);
        if (grants) expect(response.status, page).toBe(200);
        else expect(redirectTarget(response), page).toBe("/payment-options");
      }
      const status = await app.db
        .selectFrom("user_payment_status")
        .select("has_paid")
        .where("user_id", "=", user.id)
        .executeTakeFirstOrThrow();
      expect(status.has_paid).toBe(grants);
    });
  }

  it("paid members are not admins", async () => {
    const user = await createUser(app.db, { paid: "stripe-order" });
    const browser = await signIn(app.baseUrl, user.email);
    expect(redirectTarget(await browser.get("/admin"))).toBe("/dashboard");
  });
});

describe("admins", () => {
  it("open every member page and /admin without paying", async () => {
    const admin = await signIn(app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    for (const page of [...(await memberPages()), "/admin"]) expect((await admin.get(page)).status, page).toBe(200);
  });
});

describe("signed-in data requests (client-side navigation)", () => {
  it("are never stored by a shared cache, even where the route sets no caching of its own", async () => {
    const admin = await signIn(app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    for (const page of ["/admin.data", "/bonuses.data", "/app-builder.data", "/_root.data"]) {
      const response = await admin.get(page, { headers: { Accept: "*/*" } });
      expect(response.status, page).toBe(200);
      expect(response.headers.get("Cache-Control"), page).toMatch(/^private\b/);
    }
  });
});

describe("a refunded marketplace order", () => {
  it("revokes access on the next request", async () => {
    const user = await createUser(app.db, { paid: "warriorplus" });
    const browser = await signIn(app.baseUrl, user.email);
    expect((await browser.get("/dashboard")).status).toBe(200);
    await app.db
      .updateTable("warriorplus_orders")
      .set({ refunded_at: new Date() })
      .where("user_id", "=", user.id)
      .execute();
    expect(redirectTarget(await browser.get("/dashboard"))).toBe("/payment-options");
  });
});

describe("health check", () => {
  it("answers 200 while the database answers", async () => {
    const response = await fetch(`${app.baseUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: true });
  });
});
