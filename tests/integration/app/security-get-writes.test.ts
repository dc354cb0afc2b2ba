import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signIn } from "../../support/fixtures";
import { getPage } from "../../support/html";
import { Browser, redirectTarget } from "../../support/http";
import { startTestApp, type TestApp } from "../../support/test-app";
import { at, only } from "../../support/present";

/**
 * Issue 31 item 8 (decision 050): GETs that write. Showing a course issues no certificate (a POST,
 * 'Get my certificate', does), and a chapter page another site sends the member's browser to
 * records no view, so no page elsewhere can move what the member's training shows them.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ PAGE_CACHE_SECONDS: "0" });
});
afterAll(async () => {
  await app?.close();
});

async function seedCourse(title: string, chapters: string[]) {
  const course = await app.db
    .insertInto("courses")
    .values({ title, description: `${title} description`, status: "published" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const chapterIds: string[] = [];
  for (const [index, chapter] of chapters.entries()) {
    const row = await app.db
      .insertInto("chapters")
      .values({ course_id: course.id, title: chapter, content: `<p>${chapter} body</p>`, sort_order: index + 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    chapterIds.push(row.id);
  }
  return { courseId: course.id, chapterIds };
}

async function newMember() {
  const user = await createUser(app.db, { paid: "stripe-order", name: "Gina Getter" });
  return { ...user, browser: await signIn(app.baseUrl, user.email) };
}

const viewedChapters = async (userId: string) =>
  (await app.db.selectFrom("chapter_progress").select("chapter_id").where("user_id", "=", userId).execute())
    .map((row) => row.chapter_id)
    .sort();
const certificatesOf = (userId: string) =>
  app.db.selectFrom("certificates").select(["code", "course_id"]).where("user_id", "=", userId).execute();

/** A top-level navigation as a browser sends it, started by `site` (fetch metadata). */
const navigation = (site: string) => ({
  headers: { "Sec-Fetch-Site": site, "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document" },
});

describe("chapter views", () => {
  it("a chapter page another site sends the member to shows the chapter but records no view", async () => {
    const { courseId, chapterIds } = await seedCourse("Views", ["One", "Two", "Three"]);
    const member = await newMember();
    const chapter = (id: string) => `/course/${courseId}?chapter=${id}`;

    // The member's own reading: a link on this site, and a typed address or bookmark.
    expect((await member.browser.get(chapter(at(chapterIds, 0)), navigation("same-origin"))).status).toBe(200);
    expect(await viewedChapters(member.id)).toEqual([at(chapterIds, 0)]);

    for (const site of ["cross-site", "same-site"]) {
      const response = await member.browser.get(chapter(at(chapterIds, 2)), navigation(site));
      expect(response.status, site).toBe(200);
      expect(await response.text()).toContain("Three body");
      expect(await viewedChapters(member.id), site).toEqual([at(chapterIds, 0)]);
    }
    // 'Continue where you left off' and the course's own resume point are still the member's.
    const dashboard = (await getPage(member.browser, "/dashboard")).document;
    expect(dashboard.body.textContent).toContain("Continue where you left off");
    expect(dashboard.querySelector(`a[href="${chapter(at(chapterIds, 0))}"]`)).not.toBeNull();
    expect(dashboard.querySelector(`a[href="${chapter(at(chapterIds, 2))}"]`)).toBeNull();

    expect((await member.browser.get(chapter(at(chapterIds, 1)), navigation("none"))).status).toBe(200);
    expect(await viewedChapters(member.id)).toEqual([at(chapterIds, 0), at(chapterIds, 1)].sort());
  });
});

describe("certificates", () => {
  it("showing a completed course issues nothing; 'Get my certificate', a POST, issues it once", async () => {
    const { courseId, chapterIds } = await seedCourse("Claimed", ["One", "Two"]);
    const member = await newMember();
    await member.browser.post(`/course/${courseId}`, { intent: "complete", chapterId: at(chapterIds, 0) });
    // The last open chapter is unpublished: the course is complete without its last form.
    await app.db.updateTable("chapters").set({ status: "draft" }).where("id", "=", at(chapterIds, 1)).execute();

    for (const site of ["same-origin", "cross-site"]) {
      const { response, document } = await getPage(
        { get: (path: string) => member.browser.get(path, navigation(site)) },
        `/course/${courseId}?chapter=${at(chapterIds, 0)}`,
      );
      expect(response.status).toBe(200);
      expect(document.body.textContent).toContain("Course completed");
      expect([...document.querySelectorAll("a")].some((a) => a.textContent === "View certificate")).toBe(false);
      const button = [...document.querySelectorAll("button")].find((b) => b.textContent === "Get my certificate");
      expect(button?.getAttribute("value")).toBe("certificate");
      expect(button?.closest("form")?.getAttribute("method")).toBe("post");
      expect(await certificatesOf(member.id), site).toEqual([]);
    }

    const claim = await member.browser.post(`/course/${courseId}`, {
      intent: "certificate",
      chapterId: at(chapterIds, 0),
    });
    expect(claim.status).toBe(303);
    expect(redirectTarget(claim)).toBe(`/course/${courseId}?chapter=${at(chapterIds, 0)}`);
    const issued = only(await certificatesOf(member.id), "certificate");
    expect(issued.course_id).toBe(courseId);
    const page = (await getPage(member.browser, `/course/${courseId}`)).document;
    const link = [...page.querySelectorAll("a")].find((a) => a.textContent === "View certificate");
    expect(link?.getAttribute("href")).toBe(`/certificates/${issued.code}`);

    // A second press keeps the first certificate.
    await member.browser.post(`/course/${courseId}`, { intent: "certificate" });
    expect(await certificatesOf(member.id)).toEqual([issued]);
  });

  it("refuses a course not completed, a visitor and a user who has not paid, issuing nothing", async () => {
    const { courseId, chapterIds } = await seedCourse("Unfinished", ["One", "Two"]);
    const member = await newMember();
    await member.browser.post(`/course/${courseId}`, { intent: "complete", chapterId: at(chapterIds, 0) });
    const early = await member.browser.post(`/course/${courseId}`, { intent: "certificate" });
    expect(early.status).toBe(409);
    expect(await early.text()).toContain("Complete every chapter of this course to get its certificate.");
    expect(await certificatesOf(member.id)).toEqual([]);

    expect(redirectTarget(await new Browser(app.baseUrl).post(`/course/${courseId}`, { intent: "certificate" }))).toBe(
      `/login?${new URLSearchParams({ redirect: `/course/${courseId}` })}`,
    );
    const unpaid = await createUser(app.db);
    const browser = await signIn(app.baseUrl, unpaid.email);
    expect(redirectTarget(await browser.post(`/course/${courseId}`, { intent: "certificate" }))).toBe(
      "/payment-options",
    );
    expect(await certificatesOf(unpaid.id)).toEqual([]);
  });
});
