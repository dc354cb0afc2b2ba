import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signIn } from "../../support/fixtures";
import { type Browser, redirectTarget } from "../../support/http";
import { getPage } from "../../support/html";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from "../../support/test-app";

/**
 * Issue 25 (decision 051): a course names the product that opens it. A member without it sees
 * the card locked and is sent to /upgrades?locked=<product>; nothing of its chapters leaks, in
 * the page, its `.data` or the progress forms.
 */
let app: TestApp;
let admin: Browser;
const SECRET_TITLE = "Secret VIP chapter title";
const SECRET_HTML = "only-for-vip-owners";
let courseId: string;
let chapterId: string;

beforeAll(async () => {
  app = await startTestApp({ SEED_DEMO_CONTENT: "false" });
  admin = await signIn(app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  const created = await admin.post("/admin", {
    intent: "create-course",
    title: "VIP Masterclass",
    description: "For VIP owners",
    requiredProduct: "vip",
  });
  expect(created.status).toBe(303);
  const course = await app.db
    .selectFrom("courses")
    .select(["id", "required_product"])
    .where("title", "=", "VIP Masterclass")
    .executeTakeFirstOrThrow();
  expect(course.required_product).toBe("vip");
  courseId = course.id;
  const chapter = await app.db
    .insertInto("chapters")
    .values({ course_id: courseId, title: SECRET_TITLE, content: `<p>${SECRET_HTML}</p>`, sort_order: 1 })
    .returning("id")
    .executeTakeFirstOrThrow();
  chapterId = chapter.id;
});
afterAll(async () => {
  await app?.close();
});

async function grant(userId: string, product: string) {
  await app.db.insertInto("access_grants").values({ user_id: userId, reason: "test", product_key: product }).execute();
}

describe("a course for VIP owners", () => {
  it("is locked for a member without VIP: the card, the 303 and no chapter anywhere", async () => {
    const member = await createUser(app.db, { paid: "stripe-order" });
    const browser = await signIn(app.baseUrl, member.email);

    const { response, document } = await getPage(browser, "/dashboard");
    expect(response.status).toBe(200);
    const unlock = [...document.querySelectorAll("a")].find((a) => a.textContent?.includes("Unlock with VIP Upgrade"));
    expect(unlock?.getAttribute("href")).toBe("/upgrades?locked=vip");
    const html = document.documentElement.outerHTML;
    expect(html).toContain("VIP Masterclass");
    expect(html).not.toContain(SECRET_TITLE);

    for (const path of [`/course/${courseId}`, `/course/${courseId}?chapter=${chapterId}`]) {
      const page = await browser.get(path);
      expect(page.status, path).toBe(303);
      expect(redirectTarget(page), path).toBe("/upgrades?locked=vip");
      expect(await page.text()).not.toContain(SECRET_TITLE);
    }
    for (const path of [
      `/course/${courseId}.data`,
      `/course/${courseId}.data?chapter=${chapterId}`,
      "/dashboard.data",
    ]) {
      const data = await browser.get(path, { headers: { Accept: "*/*" } });
      const body = await data.text();
      expect(body, path).not.toContain(SECRET_TITLE);
      expect(body, path).not.toContain(SECRET_HTML);
    }
    if ((await browser.get(`/course/${courseId}.data`, { headers: { Accept: "*/*" } })).status === 200) {
      // Single fetch encodes the redirect in the body; it must name the upgrades page.
      expect(await (await browser.get(`/course/${courseId}.data`, { headers: { Accept: "*/*" } })).text()).toContain(
        "/upgrades?locked=vip",
      );
    }

    // The action refuses it (404), and the page's loader then sends the member on.
    const progress = await browser.post(`/course/${courseId}`, { intent: "complete", chapterId });
    expect(redirectTarget(progress)).toBe("/upgrades?locked=vip");
    expect(
      await app.db.selectFrom("chapter_progress").select("chapter_id").where("user_id", "=", member.id).execute(),
    ).toEqual([]);
  });

  it("opens for a VIP owner, and for an admin", async () => {
    const member = await createUser(app.db, { paid: "warriorplus" });
    await grant(member.id, "vip");
    const browser = await signIn(app.baseUrl, member.email);
    const page = await browser.get(`/course/${courseId}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(SECRET_HTML);
    const { document } = await getPage(browser, "/dashboard");
    expect(document.body.textContent).not.toContain("Unlock with VIP Upgrade");
    const upgrades = document.querySelector('[aria-labelledby="upgrades-heading"]');
    expect(upgrades?.querySelector("a")?.textContent).toBe("VIP Upgrade");
    // 'Your upgrades' links to the first course VIP opens: the included VIP course every install has (decision 063).
    const first = await app.db
      .selectFrom("courses")
      .select(["id", "title"])
      .where("required_product", "=", "vip")
      .orderBy("created_at")
      .executeTakeFirstOrThrow();
    expect(first.title).toBe("VIP Priority Extras");
    expect(upgrades?.querySelector("a")?.getAttribute("href")).toBe(`/course/${first.id}`);

    expect((await admin.get(`/course/${courseId}`)).status).toBe(200);
  });

  it("refuses an audience that is not on the list, changing nothing", async () => {
    const response = await admin.post("/admin", {
      intent: "update-course",
      courseId,
      title: "VIP Masterclass",
      description: "",
      requiredProduct: "platinum",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Choose who can open this course from the list.");
    const course = await app.db
      .selectFrom("courses")
      .select("required_product")
      .where("id", "=", courseId)
      .executeTakeFirstOrThrow();
    expect(course.required_product).toBe("vip");
  });
});
