import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signIn } from "../../support/fixtures";
import { getPage, parseHtml } from "../../support/html";
import { Browser, redirectTarget } from "../../support/http";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from "../../support/test-app";
import { at } from "../../support/present";

/**
 * Learning progress (issue 15) through real HTTP on both engines: the progress forms with and
 * without JavaScript, resume, the dashboard, completion and certificates, chapters changing,
 * drafts, and the admin's figures.
 */
let app: TestApp;
let admin: Browser;

beforeAll(async () => {
  app = await startTestApp({ PAGE_CACHE_SECONDS: "0" });
  admin = await signIn(app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await app?.close();
});

type Status = "draft" | "published";

/** A course and its chapters, in order; `chapterIds` has one id per chapter given. */
async function seedCourse<const Chapters extends ReadonlyArray<string | { title: string; status: Status }>>(
  title: string,
  chapters: Chapters,
  status: Status = "published",
) {
  const course = await app.db
    .insertInto("courses")
    .values({ title, description: `${title} description`, status })
    .returning("id")
    .executeTakeFirstOrThrow();
  const ids: string[] = [];
  for (const [index, chapter] of chapters.entries()) {
    const values = typeof chapter === "string" ? { title: chapter, status: "published" as const } : chapter;
    const row = await app.db
      .insertInto("chapters")
      .values({ ...values, content: `<p>${values.title} body</p>`, course_id: course.id, sort_order: index + 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return { courseId: course.id, chapterIds: ids as { [K in keyof Chapters]: string } };
}

async function newMember(name = "Ada Learner") {
  const user = await createUser(app.db, { paid: "stripe-order", name });
  return { ...user, browser: await signIn(app.baseUrl, user.email) };
}

async function progressRows(userId: string) {
  return app.db
    .selectFrom("chapter_progress")
    .select(["chapter_id", "completed_at", "last_viewed_at"])
    .where("user_id", "=", userId)
    .execute();
}

const completedIds = async (userId: string) =>
  (await progressRows(userId))
    .filter((row) => row.completed_at !== null)
    .map((row) => row.chapter_id)
    .sort();

const text = (document: ReturnType<typeof parseHtml>) => document.body.textContent ?? "";

/** Posts a progress form as a browser without JavaScript does. */
const postForm = (browser: Browser, courseId: string, intent: string, chapterId: string) =>
  browser.post(`/course/${courseId}`, { intent, chapterId });

/** Posts it as the page's fetcher does with JavaScript: a single-fetch data request asking for data. */
const postFetcher = (browser: Browser, courseId: string, intent: string, chapterId: string) =>
  browser.post(`/course/${courseId}.data`, { intent, chapterId, respond: "data" }, { headers: { Accept: "*/*" } });

describe("the progress forms without JavaScript", () => {
  it("'Mark as complete' records the chapter and redirects back to it, which then says 'Completed'", async () => {
    const { courseId, chapterIds } = await seedCourse("Forms", ["One", "Two", "Three"]);
    const member = await newMember();
    const response = await postForm(member.browser, courseId, "complete", chapterIds[1]);
    expect(response.status).toBe(303);
    expect(redirectTarget(response)).toBe(`/course/${courseId}?chapter=${chapterIds[1]}`);
    expect(await completedIds(member.id)).toEqual([chapterIds[1]]);

    const { document } = await getPage(member.browser, redirectTarget(response)!);
    const form = document.querySelector(`form[action="/course/${courseId}"]`);
    expect(form?.getAttribute("method")).toBe("post");
    expect(form?.textContent).toContain("Completed");
    expect(form?.querySelector('button[value="incomplete"]')?.textContent).toBe("Mark as not complete");
    expect(form?.querySelector('button[value="complete"]')).toBeNull();
  });

  it("'Mark as not complete' undoes it", async () => {
    const { courseId, chapterIds } = await seedCourse("Undo", ["One"]);
    const member = await newMember();
    await postForm(member.browser, courseId, "complete", chapterIds[0]);
    const response = await postForm(member.browser, courseId, "incomplete", chapterIds[0]);
    expect(redirectTarget(response)).toBe(`/course/${courseId}?chapter=${chapterIds[0]}`);
    expect(await completedIds(member.id)).toEqual([]);
    const { document } = await getPage(member.browser, `/course/${courseId}?chapter=${chapterIds[0]}`);
    expect(document.querySelector('button[value="complete"]')?.textContent).toBe("Mark as complete");
    // The course's only chapter: its primary action finishes the course.
    expect(document.querySelector('button[value="complete-and-continue"]')?.textContent).toBe("Complete course");
  });

  it("offers one primary action first: 'Complete and continue', then 'Complete course' on the last one left", async () => {
    const { courseId, chapterIds } = await seedCourse("Way forward", ["One", "Two"]);
    const member = await newMember();
    const first = (await getPage(member.browser, `/course/${courseId}?chapter=${chapterIds[0]}`)).document;
    const buttons = [...first.querySelectorAll(`form[action="/course/${courseId}"] button`)];
    expect(buttons.map((b) => b.textContent)).toEqual(["Complete and continue", "Mark as complete"]);
    expect(buttons[0]?.className).toContain("bg-brand-600");
    expect(buttons[1]?.className).not.toContain("bg-brand-600");
    // 'Next chapter' is a plain link for moving on without completing.
    expect(first.querySelector('nav[aria-label="Chapter navigation"] a')?.textContent).toContain("Next chapter");
    await postForm(member.browser, courseId, "complete", chapterIds[0]);
    const last = (await getPage(member.browser, `/course/${courseId}?chapter=${chapterIds[1]}`)).document;
    expect(last.querySelector('button[value="complete-and-continue"]')?.textContent).toBe("Complete course");
  });

  it("completing the course lands on the 'Course completed' panel: date, certificate, share link, next course", async () => {
    await app.db.deleteFrom("courses").execute();
    const { courseId, chapterIds } = await seedCourse("Finish line", ["Only"]);
    const following = await seedCourse("The sequel", ["S1"]);
    const member = await newMember();
    const response = await postForm(member.browser, courseId, "complete-and-continue", chapterIds[0]);
    expect(response.headers.get("Location")).toBe(`/course/${courseId}?chapter=${chapterIds[0]}#course-completed`);
    const { document } = await getPage(member.browser, `/course/${courseId}?chapter=${chapterIds[0]}`);
    const panel = document.querySelector("article #course-completed");
    expect(panel?.querySelector("h3")?.textContent).toBe("Course completed");
    expect(panel?.textContent).toMatch(/Completed on [A-Z][a-z]+ \d{1,2}, \d{4}/);
    const code = (
      await app.db.selectFrom("certificates").select("code").where("user_id", "=", member.id).executeTakeFirstOrThrow()
    ).code;
    expect(panel?.querySelector(`a[href="/certificates/${code}"]`)?.textContent).toBe("View certificate");
    const share = panel?.querySelector("input[readonly]");
    expect(share?.getAttribute("value")).toMatch(new RegExp(`^https?://[^/]+/certificates/${code}$`));
    expect(panel?.textContent).toContain("Share certificate");
    expect(panel?.querySelector(`a[href="/course/${following.courseId}"]`)?.textContent).toBe("The sequel");
  });

  it("with no course left, the panel offers the upgrades this member does not own, and only those", async () => {
    await app.db.deleteFrom("courses").execute();
    const { courseId, chapterIds } = await seedCourse("The only course", ["Only"]);
    const member = await newMember();
    await app.db
      .insertInto("access_grants")
      .values({ user_id: member.id, reason: "test", product_key: "white_label" })
      .execute();
    await postForm(member.browser, courseId, "complete-and-continue", chapterIds[0]);
    const { document } = await getPage(member.browser, `/course/${courseId}?chapter=${chapterIds[0]}`);
    const panel = document.querySelector("article #course-completed");
    expect(panel?.textContent).not.toContain("Up next");
    expect(panel?.textContent).toContain("Ready for more? Go further with:");
    const offered = [...(panel?.querySelectorAll("li a") ?? [])].map((link) => link.getAttribute("href"));
    expect(offered).toContain("/custom-saas-upsell");
    expect(offered).not.toContain("/white-label-upsell");
    expect(offered).toHaveLength(3);
  });

  it("'Complete and continue' goes to the next chapter that is not complete", async () => {
    const { courseId, chapterIds } = await seedCourse("Continue", ["One", "Two", "Three", "Four"]);
    const member = await newMember();
    await postForm(member.browser, courseId, "complete", chapterIds[1]);
    const response = await postForm(member.browser, courseId, "complete-and-continue", chapterIds[0]);
    expect(redirectTarget(response)).toBe(`/course/${courseId}?chapter=${chapterIds[2]}`);
    // From the last chapter it goes back to what was skipped.
    await postForm(member.browser, courseId, "complete", chapterIds[2]);
    expect(redirectTarget(await postForm(member.browser, courseId, "complete", chapterIds[3]))).toBe(
      `/course/${courseId}?chapter=${chapterIds[3]}`,
    );
    await postForm(member.browser, courseId, "incomplete", chapterIds[1]);
    const back = await postForm(member.browser, courseId, "complete-and-continue", chapterIds[3]);
    expect(redirectTarget(back)).toBe(`/course/${courseId}?chapter=${chapterIds[1]}`);
  });
});

describe("the progress forms with JavaScript (fetcher)", () => {
  it("answers with data instead of a redirect, so the page updates in place", async () => {
    const { courseId, chapterIds } = await seedCourse("Fetcher", ["One", "Two"]);
    const member = await newMember();
    const response = await postFetcher(member.browser, courseId, "complete", chapterIds[0]);
    expect(response.status).toBe(200);
    expect(redirectTarget(response)).toBeNull();
    expect(await response.text()).toContain("courseComplete");
    expect(await completedIds(member.id)).toEqual([chapterIds[0]]);
  });

  it("'Complete and continue' still answers with the next chapter to navigate to", async () => {
    const { courseId, chapterIds } = await seedCourse("Fetcher continue", ["One", "Two"]);
    const member = await newMember();
    const response = await postFetcher(member.browser, courseId, "complete-and-continue", chapterIds[0]);
    // Single fetch answers a data request's redirect with a 202 naming it (the client navigates).
    expect(response.status).toBe(202);
    expect(await response.text()).toContain(`/course/${courseId}?chapter=${chapterIds[1]}`);
    expect(await completedIds(member.id)).toEqual([chapterIds[0]]);
  });
});

describe("the progress forms refuse, changing nothing", () => {
  it("a visitor (sent to log in) and an unpaid user (sent to the plans)", async () => {
    const { courseId, chapterIds } = await seedCourse("Guarded", ["One"]);
    const visitor = await postForm(new Browser(app.baseUrl), courseId, "complete", chapterIds[0]);
    expect(redirectTarget(visitor)).toMatch(/^\/login\?redirect=/);
    const unpaid = await createUser(app.db, { paid: "none" });
    const unpaidBrowser = await signIn(app.baseUrl, unpaid.email);
    expect(redirectTarget(await postForm(unpaidBrowser, courseId, "complete", chapterIds[0]))).toBe("/payment-options");
    expect(redirectTarget(await postFetcher(unpaidBrowser, courseId, "complete", chapterIds[0]))).toBe(
      "/payment-options",
    );
    const rows = await app.db
      .selectFrom("chapter_progress")
      .select("user_id")
      .where("chapter_id", "=", chapterIds[0])
      .execute();
    expect(rows).toEqual([]);
  });

  it("a chapter of another course, an unknown chapter, a bad intent and a draft chapter", async () => {
    const { courseId, chapterIds } = await seedCourse("Mine", ["One", { title: "Hidden", status: "draft" }]);
    const other = await seedCourse("Theirs", ["Other one"]);
    const member = await newMember();
    const elsewhere = await postForm(member.browser, courseId, "complete", other.chapterIds[0]);
    expect(elsewhere.status).toBe(404);
    expect(parseHtml(await elsewhere.text()).querySelector('[role="alert"]')?.textContent).toBe(
      "This chapter is not part of this course.",
    );
    expect((await postFetcher(member.browser, courseId, "complete", other.chapterIds[0])).status).toBe(404);
    expect((await postForm(member.browser, courseId, "complete", "not-a-uuid")).status).toBe(404);
    expect((await postForm(member.browser, courseId, "finish-everything", chapterIds[0])).status).toBe(400);
    expect((await postForm(member.browser, courseId, "complete", chapterIds[1])).status).toBe(404);
    // The refusal shows the course page again (a view of its first chapter), but completes nothing.
    expect(await completedIds(member.id)).toEqual([]);
  });
});

describe("course viewer", () => {
  it("records a view, ticks completed chapters with an accessible 'completed', and shows the progress", async () => {
    const { courseId, chapterIds } = await seedCourse("Viewer", ["One", "Two", "Three"]);
    const member = await newMember();
    await postForm(member.browser, courseId, "complete", chapterIds[0]);
    const { document } = await getPage(member.browser, `/course/${courseId}?chapter=${chapterIds[1]}`);
    const links = [...document.querySelectorAll('nav[aria-label="Chapters"] a')];
    expect(links.map((a) => a.textContent)).toEqual(["1.One (completed)", "2.Two", "3.Three"]);
    expect(text(document)).toContain("1 of 3 chapters completed");
    const bar = document.querySelector('[role="progressbar"]');
    expect(bar?.getAttribute("aria-valuenow")).toBe("33");
    expect(bar?.getAttribute("aria-valuetext")).toBe("1 of 3 chapters completed");
    const nav = document.querySelector('nav[aria-label="Chapter navigation"]');
    expect(nav?.querySelector(`a[href$="?chapter=${chapterIds[0]}"]`)?.textContent).toContain("Previous chapter");
    expect(nav?.querySelector(`a[href$="?chapter=${chapterIds[2]}"]`)?.textContent).toContain("Next chapter");
    const viewed = (await progressRows(member.id)).map((row) => row.chapter_id).sort();
    expect(viewed).toEqual([chapterIds[0], chapterIds[1]].sort());
  });

  it("has no 'Previous chapter' on the first chapter and no 'Next chapter' on the last", async () => {
    const { courseId, chapterIds } = await seedCourse("Edges", ["One", "Two"]);
    const member = await newMember();
    const first = (await getPage(member.browser, `/course/${courseId}?chapter=${chapterIds[0]}`)).document;
    expect(text(first)).not.toContain("Previous chapter");
    expect(text(first)).toContain("Next chapter");
    const last = (await getPage(member.browser, `/course/${courseId}?chapter=${chapterIds[1]}`)).document;
    expect(text(last)).toContain("Previous chapter");
    expect(text(last)).not.toContain("Next chapter");
  });

  it("resumes at the chapter viewed last, and opens the first for a new member", async () => {
    const { courseId, chapterIds } = await seedCourse("Resume", ["One", "Two", "Three"]);
    const member = await newMember();
    const fresh = (await getPage(member.browser, `/course/${courseId}`)).document;
    expect(fresh.querySelector("article h2")?.textContent).toBe("One");
    await member.browser.get(`/course/${courseId}?chapter=${chapterIds[2]}`);
    await member.browser.get(`/course/${courseId}?chapter=${chapterIds[1]}`);
    const resumed = (await getPage(member.browser, `/course/${courseId}`)).document;
    expect(resumed.querySelector("article h2")?.textContent).toBe("Two");
    expect(resumed.querySelector('a[aria-current="page"]')?.getAttribute("href")).toBe(
      `/course/${courseId}?chapter=${chapterIds[1]}`,
    );
  });

  it("records a repeat view of the chapter viewed last at most once a minute", async () => {
    const { courseId, chapterIds } = await seedCourse("Repeat", ["One", "Two"]);
    const member = await newMember();
    const viewedAt = async () =>
      (await progressRows(member.id)).map((row) => [row.chapter_id, new Date(row.last_viewed_at!).getTime()]);
    await member.browser.get(`/course/${courseId}?chapter=${chapterIds[0]}`);
    const first = await viewedAt();
    await member.browser.get(`/course/${courseId}?chapter=${chapterIds[0]}`);
    await member.browser.get(`/course/${courseId}`);
    expect(await viewedAt()).toEqual(first);

    // A minute later the same chapter's view is recorded again.
    await app.db
      .updateTable("chapter_progress")
      .set({ last_viewed_at: new Date(Date.now() - 61_000) })
      .where("user_id", "=", member.id)
      .execute();
    await member.browser.get(`/course/${courseId}`);
    const [, again] = at((await viewedAt()) as [string, number][], 0, "view");
    expect(Date.now() - again).toBeLessThan(30_000);

    // Another chapter, then back: each moves where the member resumes, so each is written.
    await member.browser.get(`/course/${courseId}?chapter=${chapterIds[1]}`);
    await member.browser.get(`/course/${courseId}?chapter=${chapterIds[0]}`);
    const resumed = (await getPage(member.browser, `/course/${courseId}`)).document;
    expect(resumed.querySelector("article h2")?.textContent).toBe("One");
  });

  it("does not count a browser's prefetch (a hovered link) as a view", async () => {
    const { courseId, chapterIds } = await seedCourse("Prefetch", ["One", "Two"]);
    const member = await newMember();
    await member.browser.get(`/course/${courseId}?chapter=${chapterIds[0]}`);
    await member.browser.get(`/course/${courseId}.data?chapter=${chapterIds[1]}`, {
      headers: { Accept: "*/*", "Sec-Purpose": "prefetch" },
    });
    expect((await progressRows(member.id)).map((row) => row.chapter_id)).toEqual([chapterIds[0]]);
  });
});

describe("dashboard", () => {
  it("shows each course's progress and 'Start course', 'Continue' or 'Review', and the resume card", async () => {
    await app.db.deleteFrom("courses").execute();
    const fresh = await seedCourse("Fresh course", ["A1", "A2"]);
    const started = await seedCourse("Started course", ["B1", "B2", "B3"]);
    const done = await seedCourse("Done course", ["C1"]);
    const member = await newMember();

    const before = (await getPage(member.browser, "/dashboard")).document;
    expect(text(before)).not.toContain("Continue where you left off");

    await postForm(member.browser, done.courseId, "complete", done.chapterIds[0]);
    await member.browser.get(`/course/${started.courseId}?chapter=${started.chapterIds[0]}`);
    await postForm(member.browser, started.courseId, "complete", started.chapterIds[0]);
    await member.browser.get(`/course/${started.courseId}?chapter=${started.chapterIds[1]}`);

    const { document } = await getPage(member.browser, "/dashboard");
    const card = (courseId: string) => document.querySelector(`a[href="/course/${courseId}"]`)?.closest("article");
    expect(card(fresh.courseId)?.textContent).toContain("0 of 2 chapters completed");
    expect(card(fresh.courseId)?.querySelector("a")?.textContent).toBe("Start course: Fresh course");
    expect(card(started.courseId)?.textContent).toContain("1 of 3 chapters completed");
    expect(card(started.courseId)?.querySelector('[role="progressbar"]')?.getAttribute("aria-valuenow")).toBe("33");
    // One 'Continue' per course (issue 30): the resume card has it, so the card only opens the course.
    expect(card(started.courseId)?.querySelector("a")?.textContent).toBe("Open course: Started course");
    expect(card(started.courseId)?.textContent).toContain("33%");
    expect(card(done.courseId)?.textContent).toContain("1 of 1 chapter completed");
    expect(card(done.courseId)?.querySelector("a")?.textContent).toBe("Review: Done course");

    const resume = document.querySelector('section[aria-labelledby="resume-heading"]');
    expect(resume?.textContent).toContain("Continue where you left off");
    expect(resume?.textContent).toContain("B2");
    expect(resume?.textContent).toContain("Started course");
    expect(resume?.querySelector("a")?.getAttribute("href")).toBe(
      `/course/${started.courseId}?chapter=${started.chapterIds[1]}`,
    );
    const continues = [...document.querySelectorAll("main a")].filter((a) => a.textContent?.startsWith("Continue"));
    expect(continues).toHaveLength(1);
  });
});

describe("completion and the certificate", () => {
  it("appears at 100% with the date and a link, and is public, printable and shows only what is printed", async () => {
    const { courseId, chapterIds } = await seedCourse("Certified", ["One", "Two"]);
    const member = await newMember("Grace Finisher");
    await postForm(member.browser, courseId, "complete", chapterIds[0]);
    const halfway = (await getPage(member.browser, `/course/${courseId}`)).document;
    expect(text(halfway)).not.toContain("Course completed");
    expect(await app.db.selectFrom("certificates").select("id").where("user_id", "=", member.id).execute()).toEqual([]);

    await postForm(member.browser, courseId, "complete", chapterIds[1]);
    const { document } = await getPage(member.browser, `/course/${courseId}`);
    expect(text(document)).toContain("Course completed");
    const today = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date());
    expect(text(document)).toContain(`on ${today}`);
    const link = [...document.querySelectorAll("a")].find((a) => a.textContent === "View certificate");
    const href = link?.getAttribute("href") ?? "";
    const code = href.replace("/certificates/", "");
    // 128 random bits in base64url: nothing to guess or count up.
    expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);

    // A stranger (no session) opens it.
    const stranger = new Browser(app.baseUrl);
    const page = await getPage(stranger, href);
    expect(page.response.status).toBe(200);
    const sheet = page.document.querySelector('section[aria-label="Certificate of completion"]');
    expect(sheet?.textContent).toContain("Grace Finisher");
    expect(sheet?.textContent).toContain("Certified");
    expect(sheet?.textContent).toContain(today);
    expect(sheet?.textContent).toContain("AI Profit Labs");
    const html = await (await stranger.get(href)).text();
    expect(html).not.toContain(member.email);
    expect(html).not.toContain(member.id);
    expect(html).not.toContain(courseId);
    expect(page.document.querySelector('link[rel="stylesheet"][href*="certificate"]')).not.toBeNull();
    expect(page.document.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex");
    expect(text(page.document)).toContain("Save as PDF");
  });

  it("has a different code for every certificate, and answers 404 for one that does not exist", async () => {
    const { courseId, chapterIds } = await seedCourse("Twice", ["Only"]);
    const codes = new Set<string>();
    for (const name of ["First", "Second"]) {
      const member = await newMember(name);
      await postForm(member.browser, courseId, "complete", chapterIds[0]);
      const row = await app.db
        .selectFrom("certificates")
        .select("code")
        .where("user_id", "=", member.id)
        .executeTakeFirstOrThrow();
      codes.add(row.code);
    }
    expect(codes.size).toBe(2);
    for (const code of ["AAAAAAAAAAAAAAAAAAAAAA", "short", "../../etc/passwd"]) {
      expect((await new Browser(app.baseUrl).get(`/certificates/${encodeURIComponent(code)}`)).status, code).toBe(404);
    }
  });

  it("survives a refund, a renamed course and a course that grows; it is issued once", async () => {
    const { courseId, chapterIds } = await seedCourse("Kept", ["One"]);
    const member = await newMember("Kept Member");
    await postForm(member.browser, courseId, "complete", chapterIds[0]);
    const { code } = await app.db
      .selectFrom("certificates")
      .select("code")
      .where("user_id", "=", member.id)
      .executeTakeFirstOrThrow();
    await app.db
      .updateTable("stripe_orders")
      .set({ status: "refunded" })
      .where(
        "customer_id",
        "in",
        app.db.selectFrom("stripe_customers").select("customer_id").where("user_id", "=", member.id),
      )
      .execute();
    await app.db.updateTable("courses").set({ title: "Kept, renamed" }).where("id", "=", courseId).execute();
    const page = await getPage(new Browser(app.baseUrl), `/certificates/${code}`);
    expect(page.response.status).toBe(200);
    expect(text(page.document)).toContain("Kept Member");
    expect(text(page.document)).toContain("Kept");
    expect(text(page.document)).not.toContain("renamed");
  });
});

describe("chapters change", () => {
  it("keeps progress through a reorder, drops a deleted chapter, and a new chapter lowers the share", async () => {
    const { courseId, chapterIds } = await seedCourse("Changing", ["One", "Two", "Three"]);
    const member = await newMember();
    await postForm(member.browser, courseId, "complete", chapterIds[0]);
    await postForm(member.browser, courseId, "complete", chapterIds[1]);
    const shown = async () => {
      const { document } = await getPage(member.browser, `/course/${courseId}`);
      return {
        label: document.querySelector('[role="progressbar"]')?.getAttribute("aria-valuetext"),
        ticks: [...document.querySelectorAll('nav[aria-label="Chapters"] a')].map((a) => a.textContent),
      };
    };
    expect((await shown()).label).toBe("2 of 3 chapters completed");

    // Reorder through the admin panel: One moves down.
    await admin.post(`/admin?course=${courseId}`, {
      intent: "move-chapter",
      chapterId: chapterIds[0],
      direction: "down",
    });
    expect(await shown()).toEqual({
      label: "2 of 3 chapters completed",
      ticks: ["1.Two (completed)", "2.One (completed)", "3.Three"],
    });

    await admin.post(`/admin?course=${courseId}`, { intent: "delete-chapter", chapterId: chapterIds[1] });
    expect((await shown()).label).toBe("1 of 2 chapters completed");

    await admin.post(`/admin?course=${courseId}`, {
      intent: "create-chapter",
      courseId,
      title: "Four",
      content: "<p>4</p>",
    });
    expect((await shown()).label).toBe("1 of 3 chapters completed");
    const dashboard = (await getPage(member.browser, "/dashboard")).document;
    expect(dashboard.querySelector(`a[href="/course/${courseId}"]`)?.closest("article")?.textContent).toContain(
      "1 of 3 chapters completed",
    );
  });

  it("completes the course when its last open chapter is deleted", async () => {
    const { courseId, chapterIds } = await seedCourse("Shrinking", ["One", "Two"]);
    const member = await newMember();
    await postForm(member.browser, courseId, "complete", chapterIds[0]);
    await admin.post(`/admin?course=${courseId}`, { intent: "delete-chapter", chapterId: chapterIds[1] });
    const { document } = await getPage(member.browser, `/course/${courseId}`);
    expect(text(document)).toContain("Course completed");
    // Showing the page issues nothing (decision 050): 'Get my certificate' posts for it.
    expect([...document.querySelectorAll("button")].some((b) => b.textContent === "Get my certificate")).toBe(true);
    expect(redirectTarget(await member.browser.post(`/course/${courseId}`, { intent: "certificate" }))).toBe(
      `/course/${courseId}`,
    );
    const after = (await getPage(member.browser, `/course/${courseId}`)).document;
    expect([...after.querySelectorAll("a")].some((a) => a.textContent === "View certificate")).toBe(true);
  });
});

describe("drafts", () => {
  it("existing and new courses and chapters are published; 'Save as draft' keeps them from members", async () => {
    const before = await app.db.selectFrom("courses").select("status").execute();
    expect(before.every((row) => row.status === "published")).toBe(true);

    const created = await admin.post("/admin", {
      intent: "create-course",
      title: "Draft course",
      description: "",
      status: "draft",
    });
    expect(created.status).toBe(303);
    const course = await app.db
      .selectFrom("courses")
      .select(["id", "status"])
      .where("title", "=", "Draft course")
      .executeTakeFirstOrThrow();
    expect(course.status).toBe("draft");
    await admin.post(`/admin?course=${course.id}`, {
      intent: "create-chapter",
      courseId: course.id,
      title: "Published one",
      content: "<p>p</p>",
    });
    await admin.post(`/admin?course=${course.id}`, {
      intent: "create-chapter",
      courseId: course.id,
      title: "Draft one",
      content: "<p>d</p>",
      status: "draft",
    });
    const chapters = await app.db
      .selectFrom("chapters")
      .select(["title", "status"])
      .where("course_id", "=", course.id)
      .orderBy("sort_order")
      .execute();
    expect(chapters).toEqual([
      { title: "Published one", status: "published" },
      { title: "Draft one", status: "draft" },
    ]);

    const member = await newMember();
    expect(text((await getPage(member.browser, "/dashboard")).document)).not.toContain("Draft course");
    const response = await member.browser.get(`/course/${course.id}`);
    expect(redirectTarget(response)).toBe("/dashboard");
  });

  it("a member sees only published chapters of a published course, counted alone; a draft's link has no content", async () => {
    const { courseId, chapterIds } = await seedCourse("Mixed", ["Public", { title: "Secret draft", status: "draft" }]);
    const member = await newMember();
    await postForm(member.browser, courseId, "complete", chapterIds[0]);
    const { document } = await getPage(member.browser, `/course/${courseId}`);
    expect([...document.querySelectorAll('nav[aria-label="Chapters"] a')].map((a) => a.textContent)).toEqual([
      "1.Public (completed)",
    ]);
    expect(text(document)).toContain("1 of 1 chapter completed");
    expect(text(document)).toContain("Course completed");

    const draft = await getPage(member.browser, `/course/${courseId}?chapter=${chapterIds[1]}`);
    expect(text(draft.document)).toContain("No content available for this chapter yet.");
    expect(await (await member.browser.get(`/course/${courseId}?chapter=${chapterIds[1]}`)).text()).not.toContain(
      "Secret draft",
    );
    const dashboard = (await getPage(member.browser, "/dashboard")).document;
    expect(dashboard.querySelector(`a[href="/course/${courseId}"]`)?.closest("article")?.textContent).toContain(
      "1 of 1 chapter completed",
    );
  });

  it("admins see drafts with a 'Draft' badge, preview them, and publish and unpublish them", async () => {
    const { courseId, chapterIds } = await seedCourse(
      "Admin draft",
      [{ title: "Draft chapter", status: "draft" }],
      "draft",
    );
    const panel = (await getPage(admin, `/admin?course=${courseId}`)).document;
    const courseRow = panel.querySelector(`a[href="/course/${courseId}"]`)?.closest("li");
    expect(courseRow?.textContent).toContain("Draft");
    expect(panel.querySelector(`a[aria-label="Preview course Admin draft"]`)?.getAttribute("href")).toBe(
      `/course/${courseId}`,
    );
    expect(panel.querySelector(`a[aria-label="Preview chapter Draft chapter"]`)?.getAttribute("href")).toBe(
      `/course/${courseId}?chapter=${chapterIds[0]}`,
    );
    expect(panel.querySelector('button[aria-label="Publish course Admin draft"]')?.textContent).toBe("Publish");

    const preview = (await getPage(admin, `/course/${courseId}?chapter=${chapterIds[0]}`)).document;
    expect(preview.querySelector("article h2")?.textContent).toContain("Draft chapter");
    expect(preview.querySelector("h1")?.textContent).toContain("Draft");
    const adminDashboard = (await getPage(admin, "/dashboard")).document;
    expect(adminDashboard.querySelector(`a[href="/course/${courseId}"]`)?.closest("article")?.textContent).toContain(
      "Draft",
    );

    const member = await newMember();
    expect(redirectTarget(await member.browser.get(`/course/${courseId}`))).toBe("/dashboard");

    const published = await admin.post(`/admin?course=${courseId}`, {
      intent: "set-course-status",
      courseId,
      status: "published",
    });
    expect(redirectTarget(published)).toBe(`/admin?course=${courseId}`);
    await admin.post(`/admin?course=${courseId}`, {
      intent: "set-chapter-status",
      chapterId: chapterIds[0],
      status: "published",
    });
    const seen = (await getPage(member.browser, `/course/${courseId}`)).document;
    expect(seen.querySelector("article h2")?.textContent).toBe("Draft chapter");
    const flash = (await getPage(admin, `/admin?course=${courseId}`)).document.querySelector('[role="status"]');
    expect(flash?.textContent).toBe("Chapter published. Members can see it now.");

    await admin.post(`/admin?course=${courseId}`, { intent: "set-course-status", courseId, status: "draft" });
    expect(redirectTarget(await member.browser.get(`/course/${courseId}`))).toBe("/dashboard");
  });

  it("refuses status changes from members and unknown statuses", async () => {
    const { courseId } = await seedCourse("Guarded status", ["One"]);
    const member = await newMember();
    expect(
      redirectTarget(await member.browser.post("/admin", { intent: "set-course-status", courseId, status: "draft" })),
    ).toBe("/dashboard");
    await admin.post(`/admin?course=${courseId}`, { intent: "set-course-status", courseId, status: "archived" });
    const row = await app.db
      .selectFrom("courses")
      .select("status")
      .where("id", "=", courseId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("published");
  });
});

describe("admin figures", () => {
  it("shows who started and completed each course, and the drop-off per chapter, leaving admins out", async () => {
    const { courseId, chapterIds } = await seedCourse("Funnel", ["Intro", "Middle", "End"]);
    const a = await newMember();
    const b = await newMember();
    const c = await newMember();
    for (const id of chapterIds) await postForm(a.browser, courseId, "complete", id);
    await postForm(b.browser, courseId, "complete", chapterIds[0]);
    await c.browser.get(`/course/${courseId}?chapter=${chapterIds[0]}`);
    await postForm(admin, courseId, "complete", chapterIds[0]); // a preview: not counted

    const { document } = await getPage(admin, `/admin?course=${courseId}`);
    const courseRow = document.querySelector(`a[href="/course/${courseId}"]`)?.closest("li");
    expect(courseRow?.textContent).toContain("3 members started · 1 completed");
    const dropOff = [...document.querySelectorAll('section[aria-labelledby^="dropoff-"] li')].map((li) =>
      li.textContent?.replace(/\s+/g, " ").trim(),
    );
    expect(dropOff).toEqual(["1. Intro2 of 3", "2. Middle1 of 3", "3. End1 of 3"]);
  });
});
