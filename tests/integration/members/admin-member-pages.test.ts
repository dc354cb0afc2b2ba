import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signIn } from "../../support/fixtures";
import { Browser, redirectTarget } from "../../support/http";
import { getPage } from "../../support/html";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from "../../support/test-app";

/**
 * The admin member page split by concern (docs/product.md "Admin: members"): one layout with the
 * member's header and a sub-navigation, a page per concern, each guarded on its own, and the old
 * single page's forms still answered.
 */
let app: TestApp;
let admin: Browser;

beforeAll(async () => {
  app = await startTestApp();
  admin = await signIn(app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await app?.close();
});

const pages = (id: string): Array<{ url: string; label: string; post: Record<string, string> }> => [
  { url: `/admin/members/${id}`, label: "Profile and access", post: { intent: "grant", reason: "x", expiresOn: "" } },
  {
    url: `/admin/members/${id}/orders`,
    label: "Orders and refunds",
    post: { intent: "refund", order: id, reason: "x" },
  },
  { url: `/admin/members/${id}/sign-in`, label: "Sign-in help", post: { intent: "sign-out" } },
  { url: `/admin/members/${id}/privacy`, label: "Privacy", post: { intent: "export" } },
];

const auditRows = (memberId: string) =>
  app.db.selectFrom("admin_audit_log").select("action").where("member_id", "=", memberId).execute();

describe("the member's concern pages", () => {
  it("each answers an admin under the member's header, with the sub-navigation marking it", async () => {
    const member = await createUser(app.db, { name: "Nadia Nav", paid: "stripe-order" });
    for (const page of pages(member.id)) {
      const { response, document } = await getPage(admin, page.url);
      expect(response.status, page.url).toBe(200);
      expect(document.querySelector("h1")?.textContent, page.url).toBe(member.email);
      expect(document.querySelector("main")?.textContent, page.url).toContain("Nadia Nav");
      const nav = document.querySelector('nav[aria-label="Member"]');
      const links = [...(nav?.querySelectorAll("a") ?? [])];
      expect(
        links.map((link) => [link.textContent, link.getAttribute("href")]),
        page.url,
      ).toEqual(pages(member.id).map((each) => [each.label, each.url]));
      const current = links.filter((link) => link.getAttribute("aria-current") === "page");
      expect(
        current.map((link) => link.getAttribute("href")),
        page.url,
      ).toEqual([page.url]);
    }
  });

  it("each refuses visitors and members who are not admins, for its page and its action, changing nothing", async () => {
    const member = await createUser(app.db, { paid: "stripe-order" });
    const visitor = new Browser(app.baseUrl);
    const paid = await signIn(app.baseUrl, (await createUser(app.db, { paid: "stripe-order" })).email);
    const sessionsBefore = await app.db
      .selectFrom("sessions")
      .select("id_hash")
      .where("user_id", "=", member.id)
      .execute();
    for (const page of pages(member.id)) {
      expect(redirectTarget(await visitor.get(page.url)), page.url).toBe(
        `/login?${new URLSearchParams({ redirect: page.url })}`,
      );
      expect(redirectTarget(await paid.get(page.url)), page.url).toBe("/dashboard");
      for (const browser of [visitor, paid]) {
        const response = await browser.post(page.url, page.post);
        expect([302, 303], page.url).toContain(response.status);
        expect(redirectTarget(response), page.url).toMatch(/^\/(login|dashboard)/);
      }
    }
    // 'Export data' answers with a file from a route of its own, guarded the same way.
    for (const browser of [visitor, paid]) {
      const response = await browser.post(`/admin/members/${member.id}/privacy/export`, { intent: "export" });
      expect(response.headers.get("Content-Disposition")).toBeNull();
      expect(redirectTarget(response)).toMatch(/^\/(login|dashboard)/);
    }
    expect(await auditRows(member.id)).toEqual([]);
    expect(await app.db.selectFrom("access_grants").select("id").where("user_id", "=", member.id).execute()).toEqual(
      [],
    );
    expect(await app.db.selectFrom("sessions").select("id_hash").where("user_id", "=", member.id).execute()).toEqual(
      sessionsBefore,
    );
  });

  it("each answers 404 for a member who does not exist, or an id that is not one", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      for (const page of pages(id)) expect((await admin.get(page.url)).status, page.url).toBe(404);
    }
  });
});

describe("a form posted to /admin/members/{id} from a page opened before the split", () => {
  it("is sent on to its concern page with a 307, which keeps the method and the form", async () => {
    const member = await createUser(app.db, { paid: "stripe-order" });
    const old = `/admin/members/${member.id}`;
    for (const [intent, page] of [
      ["refund", "orders"],
      ["send-link", "sign-in"],
      ["sign-out", "sign-in"],
      ["remove-2fa", "sign-in"],
    ] as const) {
      const response = await admin.post(old, { intent });
      expect(response.status, intent).toBe(307);
      expect(redirectTarget(response), intent).toBe(`${old}/${page}`);
    }
    // 'Export data' posted to the privacy page goes to the route that answers with the file.
    const exported = await admin.post(`${old}/privacy`, { intent: "export" });
    expect(exported.status).toBe(307);
    expect(redirectTarget(exported)).toBe(`${old}/privacy/export`);
    expect(await auditRows(member.id)).toEqual([]);

    // What a browser does with the 307: the same POST, to the new page, which acts on it.
    const form = { intent: "sign-out" };
    const forwarded = await admin.post(old, form);
    const answered = await admin.post(redirectTarget(forwarded)!, form);
    expect(redirectTarget(answered)).toBe(`${old}/sign-in`);
    const { document } = await getPage(admin, `${old}/sign-in`);
    expect(document.querySelector('[role="status"]')?.textContent).toMatch(
      /^Signed out of all sessions \(\d+ ended\)\.$/,
    );
    expect((await auditRows(member.id)).map((row) => row.action)).toEqual(["sign_out_sessions"]);

    // The profile page's own intents are still answered where they were.
    const refused = await admin.post(old, { intent: "grant", reason: "  ", expiresOn: "" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Please give a reason for the complimentary access.");
  });

  it("is refused to a member who is not an admin before it is sent anywhere", async () => {
    const member = await createUser(app.db, { paid: "stripe-order" });
    const paid = await signIn(app.baseUrl, (await createUser(app.db, { paid: "stripe-order" })).email);
    const response = await paid.post(`/admin/members/${member.id}`, { intent: "sign-out" });
    expect(redirectTarget(response)).toBe("/dashboard");
    expect(await auditRows(member.id)).toEqual([]);
  });
});
