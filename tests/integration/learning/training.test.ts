import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminMessages as say } from "~/features/learning/admin-messages";
import { createUser, signIn } from "../../support/fixtures";
import { getPage, parseHtml, valueOf } from "../../support/html";
import { Browser, redirectTarget } from "../../support/http";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from "../../support/test-app";
import { FORBIDDEN_IN_OUTPUT, XSS_CORPUS } from "../../support/xss-corpus";

let app: TestApp;
let admin: Browser;
let member: Browser;

beforeAll(async () => {
  app = await startTestApp();
  admin = await signIn(app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  const paid = await createUser(app.db, { paid: "stripe-order" });
  member = await signIn(app.baseUrl, paid.email);
});
afterAll(async () => {
  await app?.close();
});

// Fixtures written straight to the database; the behaviour under test goes through HTTP.
// `chapterIds` has one id per chapter given, in order.
async function seedCourse<const Chapters extends ReadonlyArray<string | { title: string; content: string }>>(
  title: string,
  chapters?: Chapters,
) {
  const course = await app.db
    .insertInto("courses")
    .values({ title, description: `${title} description` })
    .returning("id")
    .executeTakeFirstOrThrow();
  const ids: string[] = [];
  for (const [index, chapter] of (chapters ?? []).entries()) {
    const values = typeof chapter === "string" ? { title: chapter, content: `<p>${chapter} body</p>` } : chapter;
    const row = await app.db
      .insertInto("chapters")
      .values({ ...values, course_id: course.id, sort_order: index + 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return { courseId: course.id, chapterIds: ids as { [K in keyof Chapters]: string } };
}

async function chapterOrder(courseId: string) {
  const rows = await app.db
    .selectFrom("chapters")
    .select(["title", "sort_order"])
    .where("course_id", "=", courseId)
    .orderBy("sort_order")
    .execute();
  return rows.map((row) => row.title);
}

async function sortOrders(courseId: string) {
  const rows = await app.db
    .selectFrom("chapters")
    .select("sort_order")
    .where("course_id", "=", courseId)
    .orderBy("sort_order")
    .execute();
  return rows.map((row) => row.sort_order);
}

/** Follows one redirect and returns the page it leads to, as the browser would show it. */
async function follow(browser: Browser, response: Response) {
  const target = redirectTarget(response);
  if (!target) throw new Error(`expected a redirect, got ${response.status}`);
  return getPage(browser, target);
}

const text = (document: ReturnType<typeof parseHtml>) => document.body.textContent ?? "";

describe("admin panel: courses", () => {
  it("says so when there are no courses yet", async () => {
    await app.db.deleteFrom("courses").execute();
    const { document } = await getPage(admin, "/admin");
    expect(text(document)).toContain("No courses yet. Create your first course to get started.");
  });

  it("creates a course, then shows it expanded and selected with the message", async () => {
    const response = await admin.post("/admin?new=course", {
      intent: "create-course",
      title: "  Launch Lab  ",
      description: "Ship it",
    });
    expect(response.status).toBe(303);
    const course = await app.db
      .selectFrom("courses")
      .selectAll()
      .where("title", "=", "Launch Lab")
      .executeTakeFirstOrThrow();
    expect(course.description).toBe("Ship it");
    expect(redirectTarget(response)).toBe(`/admin?course=${course.id}`);

    const { document } = await follow(admin, response);
    expect(document.querySelector('[role="status"]')?.textContent).toBe(say.courseCreated);
    expect(document.querySelector('a[aria-expanded="true"]')?.textContent).toBe("Launch Lab");
    // The message shows once.
    expect((await getPage(admin, `/admin?course=${course.id}`)).document.querySelector('[role="status"]')).toBeNull();
  });

  it("refuses an empty title and gives the form back as typed", async () => {
    const before = await app.db.selectFrom("courses").select("id").execute();
    const response = await admin.post("/admin?new=course", {
      intent: "create-course",
      title: "   ",
      description: "Kept words",
    });
    expect(response.status).toBe(400);
    const document = parseHtml(await response.text());
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(say.courseTitleRequired);
    expect(valueOf(document, 'textarea[name="description"]')).toBe("Kept words");
    expect(await app.db.selectFrom("courses").select("id").execute()).toHaveLength(before.length);
  });

  it("marks the title required so browsers refuse it before posting", async () => {
    const { document } = await getPage(admin, "/admin?new=course");
    expect(document.querySelector('input[name="title"]')?.hasAttribute("required")).toBe(true);
  });

  it("edits a course, and refuses an empty title there too", async () => {
    const { courseId } = await seedCourse("Old title");
    const { document: form } = await getPage(admin, `/admin?course=${courseId}&edit=course`);
    expect(valueOf(form, 'input[name="title"]')).toBe("Old title");

    const refused = await admin.post(`/admin?course=${courseId}&edit=course`, {
      intent: "update-course",
      courseId,
      title: "",
      description: "x",
    });
    expect(refused.status).toBe(400);
    expect(
      (await app.db.selectFrom("courses").select("title").where("id", "=", courseId).executeTakeFirstOrThrow()).title,
    ).toBe("Old title");

    const saved = await admin.post(`/admin?course=${courseId}&edit=course`, {
      intent: "update-course",
      courseId,
      title: "New title",
      description: "New words",
    });
    expect(redirectTarget(saved)).toBe(`/admin?course=${courseId}`);
    const row = await app.db.selectFrom("courses").selectAll().where("id", "=", courseId).executeTakeFirstOrThrow();
    expect([row.title, row.description]).toEqual(["New title", "New words"]);
    expect((await follow(admin, saved)).document.querySelector('[role="status"]')?.textContent).toBe(say.courseUpdated);
  });

  it("says when the course being edited is gone, keeping what was typed", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    const response = await admin.post(`/admin?course=${missing}&edit=course`, {
      intent: "update-course",
      courseId: missing,
      title: "Typed",
      description: "Also typed",
    });
    expect(response.status).toBe(404);
    const document = parseHtml(await response.text());
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(say.courseSaveError(say.courseGone));
    expect(valueOf(document, 'input[name="title"]')).toBe("Typed");
  });

  it("deletes a course with its chapters; deleting the expanded course collapses it", async () => {
    const { courseId, chapterIds } = await seedCourse("Doomed", ["One", "Two"]);
    const response = await admin.post(`/admin?course=${courseId}`, { intent: "delete-course", courseId });
    expect(redirectTarget(response)).toBe("/admin");
    expect(await app.db.selectFrom("courses").select("id").where("id", "=", courseId).execute()).toEqual([]);
    expect(await app.db.selectFrom("chapters").select("id").where("id", "in", chapterIds).execute()).toEqual([]);
    expect((await follow(admin, response)).document.querySelector('[role="status"]')?.textContent).toBe(
      say.courseDeleted,
    );
  });

  it("keeps the expanded course open when another one is deleted", async () => {
    const kept = await seedCourse("Kept");
    const doomed = await seedCourse("Other doomed");
    const response = await admin.post(`/admin?course=${kept.courseId}`, {
      intent: "delete-course",
      courseId: doomed.courseId,
    });
    expect(redirectTarget(response)).toBe(`/admin?course=${kept.courseId}`);
  });

  it("asks for confirmation with the spec's words before a delete without JavaScript", async () => {
    const { courseId, chapterIds } = await seedCourse("Confirm me", ["Only"]);
    const course = await getPage(admin, `/admin?course=${courseId}&delete=course`);
    expect(text(course.document)).toContain(say.confirmDeleteCourse);
    expect(valueOf(course.document, 'section[aria-label="Confirm delete"] form input[name="intent"]')).toBe(
      "delete-course",
    );

    const chapter = await getPage(admin, `/admin?course=${courseId}&delete=chapter:${chapterIds[0]}`);
    expect(text(chapter.document)).toContain(say.confirmDeleteChapter);
    expect(valueOf(chapter.document, 'section[aria-label="Confirm delete"] form input[name="chapterId"]')).toBe(
      chapterIds[0],
    );
    // Asking is not deleting.
    expect(await chapterOrder(courseId)).toEqual(["Only"]);
  });
});

describe("admin panel: chapters", () => {
  it("adds a chapter at the current maximum sort_order + 1, title trimmed, content sanitised", async () => {
    const { courseId, chapterIds } = await seedCourse("Gaps", ["A", "B"]);
    await app.db.updateTable("chapters").set({ sort_order: 7 }).where("id", "=", chapterIds[1]).execute();
    const response = await admin.post(`/admin?course=${courseId}&new=chapter`, {
      intent: "create-chapter",
      courseId,
      title: "  Fresh  ",
      content: '<p onclick="steal()">Hi <script>alert(1)</script><strong>there</strong></p>',
    });
    expect(redirectTarget(response)).toBe(`/admin?course=${courseId}`);
    const row = await app.db
      .selectFrom("chapters")
      .selectAll()
      .where("course_id", "=", courseId)
      .where("title", "=", "Fresh")
      .executeTakeFirstOrThrow();
    expect(row.sort_order).toBe(8);
    expect(row.content).toBe("<p>Hi <strong>there</strong></p>");
    expect((await follow(admin, response)).document.querySelector('[role="status"]')?.textContent).toBe(
      say.chapterCreated,
    );
  });

  it("starts a course's first chapter at 1", async () => {
    const { courseId } = await seedCourse("Empty");
    await admin.post(`/admin?course=${courseId}&new=chapter`, {
      intent: "create-chapter",
      courseId,
      title: "First",
      content: "",
    });
    expect(await sortOrders(courseId)).toEqual([1]);
  });

  it("refuses an empty title with the spec's message and keeps title and content as typed", async () => {
    const { courseId } = await seedCourse("Strict");
    for (const title of ["", "   "]) {
      const response = await admin.post(`/admin?course=${courseId}&new=chapter`, {
        intent: "create-chapter",
        courseId,
        title,
        content: "<p>My draft</p>",
      });
      expect(response.status).toBe(400);
      const document = parseHtml(await response.text());
      expect(document.querySelector('[role="alert"]')?.textContent).toBe("Please enter a title for the chapter");
      expect(valueOf(document, 'textarea[name="content"]')).toBe("<p>My draft</p>");
    }
    expect(await chapterOrder(courseId)).toEqual([]);
  });

  it("updates a chapter with the spec's message", async () => {
    const { courseId, chapterIds } = await seedCourse("Editable", ["Draft"]);
    const [chapterId] = chapterIds;
    const { document: form } = await getPage(admin, `/admin?course=${courseId}&edit=chapter:${chapterId}`);
    expect(valueOf(form, 'input[name="title"]')).toBe("Draft");
    expect(valueOf(form, 'textarea[name="content"]')).toBe("<p>Draft body</p>");

    const response = await admin.post(`/admin?course=${courseId}&edit=chapter:${chapterId}`, {
      intent: "update-chapter",
      courseId,
      chapterId,
      title: " Final ",
      content: '<h2>Done</h2><a href="javascript:alert(1)">x</a>',
    });
    expect(redirectTarget(response)).toBe(`/admin?course=${courseId}`);
    const row = await app.db.selectFrom("chapters").selectAll().where("id", "=", chapterId).executeTakeFirstOrThrow();
    expect([row.title, row.content]).toEqual(["Final", "<h2>Done</h2><a>x</a>"]);
    expect((await follow(admin, response)).document.querySelector('[role="status"]')?.textContent).toBe(
      say.chapterUpdated,
    );
  });

  it("refuses an empty title on update and leaves the chapter as it was", async () => {
    const { courseId, chapterIds } = await seedCourse("Kept chapter", ["Keep me"]);
    const response = await admin.post(`/admin?course=${courseId}&edit=chapter:${chapterIds[0]}`, {
      intent: "update-chapter",
      courseId,
      chapterId: chapterIds[0],
      title: " ",
      content: "<p>new</p>",
    });
    expect(response.status).toBe(400);
    expect(await chapterOrder(courseId)).toEqual(["Keep me"]);
  });

  it("says 'Error saving chapter' with the reason when the chapter is gone, keeping the typing", async () => {
    const { courseId, chapterIds } = await seedCourse("Vanishing", ["Gone soon"]);
    await app.db.deleteFrom("chapters").where("id", "=", chapterIds[0]).execute();
    const response = await admin.post(`/admin?course=${courseId}&edit=chapter:${chapterIds[0]}`, {
      intent: "update-chapter",
      courseId,
      chapterId: chapterIds[0],
      title: "Long work",
      content: "<p>an hour of typing</p>",
    });
    expect(response.status).toBe(404);
    const document = parseHtml(await response.text());
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(
      "Error saving chapter: The chapter no longer exists.",
    );
    expect(valueOf(document, 'input[name="title"]')).toBe("Long work");
    expect(valueOf(document, 'textarea[name="content"]')).toBe("<p>an hour of typing</p>");
  });

  it("says 'Error saving chapter: Unknown error' when the database refuses, keeping the typing", async () => {
    const { courseId } = await seedCourse("Refusing");
    // A real database failure: a constraint this one title breaks.
    await sql`ALTER TABLE chapters ADD CONSTRAINT test_refuse_boom CHECK (title <> 'boom')`.execute(app.db);
    try {
      const response = await admin.post(`/admin?course=${courseId}&new=chapter`, {
        intent: "create-chapter",
        courseId,
        title: "boom",
        content: "<p>precious</p>",
      });
      expect(response.status).toBe(500);
      const document = parseHtml(await response.text());
      expect(document.querySelector('[role="alert"]')?.textContent).toBe("Error saving chapter: Unknown error");
      expect(valueOf(document, 'textarea[name="content"]')).toBe("<p>precious</p>");
    } finally {
      await sql`ALTER TABLE chapters DROP CONSTRAINT test_refuse_boom`.execute(app.db);
    }
  });

  it("says when a new chapter's course is gone", async () => {
    const missing = "00000000-0000-4000-8000-000000000001";
    const response = await admin.post(`/admin?course=${missing}&new=chapter`, {
      intent: "create-chapter",
      courseId: missing,
      title: "Orphan",
      content: "",
    });
    expect(response.status).toBe(404);
    expect(parseHtml(await response.text()).querySelector('[role="alert"]')?.textContent).toBe(
      "Error saving chapter: The course no longer exists.",
    );
  });

  it("deletes a chapter with the message and keeps the course expanded", async () => {
    const { courseId, chapterIds } = await seedCourse("Trim", ["Stay", "Go"]);
    const response = await admin.post(`/admin?course=${courseId}&delete=chapter:${chapterIds[1]}`, {
      intent: "delete-chapter",
      chapterId: chapterIds[1],
    });
    expect(redirectTarget(response)).toBe(`/admin?course=${courseId}`);
    expect(await chapterOrder(courseId)).toEqual(["Stay"]);
    expect((await follow(admin, response)).document.querySelector('[role="status"]')?.textContent).toBe(
      say.chapterDeleted,
    );
  });
});

describe("admin panel: chapter order", () => {
  const move = (courseId: string, chapterId: string, direction: "up" | "down") =>
    admin.post(`/admin?course=${courseId}`, { intent: "move-chapter", chapterId, direction });

  it("swaps with the neighbour, and does nothing at either edge", async () => {
    const { courseId, chapterIds } = await seedCourse("Order", ["A", "B", "C"]);
    const [a, b, c] = chapterIds;
    expect(redirectTarget(await move(courseId, b, "up"))).toBe(`/admin?course=${courseId}`);
    expect(await chapterOrder(courseId)).toEqual(["B", "A", "C"]);
    await move(courseId, b, "up");
    expect(await chapterOrder(courseId)).toEqual(["B", "A", "C"]);
    await move(courseId, c, "down");
    expect(await chapterOrder(courseId)).toEqual(["B", "A", "C"]);
    await move(courseId, a, "down");
    expect(await chapterOrder(courseId)).toEqual(["B", "C", "A"]);
    expect(await sortOrders(courseId)).toEqual([1, 2, 3]);
  });

  it("swaps across gaps left by deletions", async () => {
    const { courseId, chapterIds } = await seedCourse("Gappy", ["A", "B", "C"]);
    await app.db.deleteFrom("chapters").where("id", "=", chapterIds[1]).execute();
    await move(courseId, chapterIds[2], "up");
    expect(await chapterOrder(courseId)).toEqual(["C", "A"]);
    expect(await sortOrders(courseId)).toEqual([1, 3]);
  });

  it("disables up on the first chapter and down on the last", async () => {
    const { courseId } = await seedCourse("Buttons", ["First", "Middle", "Last"]);
    const { document } = await getPage(admin, `/admin?course=${courseId}`);
    const button = (name: string) => document.querySelector(`button[aria-label="${name}"]`);
    expect(button("Move chapter First up")?.hasAttribute("disabled")).toBe(true);
    expect(button("Move chapter First down")?.hasAttribute("disabled")).toBe(false);
    expect(button("Move chapter Middle up")?.hasAttribute("disabled")).toBe(false);
    expect(button("Move chapter Last down")?.hasAttribute("disabled")).toBe(true);
    const titles = [...document.querySelectorAll("ol li p")].map((p) => p.textContent);
    expect(titles).toEqual(["First", "Middle", "Last"]);
  });

  it("keeps sort_order a permutation when moves run at once", async () => {
    const { courseId, chapterIds } = await seedCourse("Race", ["A", "B", "C", "D", "E", "F"]);
    const before = await sortOrders(courseId);
    // Two neighbours moving toward each other, then a burst of moves all at once.
    const pair = await Promise.all([move(courseId, chapterIds[1], "down"), move(courseId, chapterIds[2], "up")]);
    expect(pair.map((r) => r.status)).toEqual([303, 303]);
    expect(await sortOrders(courseId)).toEqual(before);

    const burst = await Promise.all(chapterIds.flatMap((id) => [move(courseId, id, "up"), move(courseId, id, "down")]));
    expect(burst.every((r) => r.status === 303)).toBe(true);
    expect(await sortOrders(courseId)).toEqual(before);
    expect(new Set(await chapterOrder(courseId)).size).toBe(6);
  });

  it("never lets two chapters of a course share a place, even written directly", async () => {
    const { courseId } = await seedCourse("Unique", ["A", "B"]);
    await expect(
      app.db.updateTable("chapters").set({ sort_order: 1 }).where("course_id", "=", courseId).execute(),
    ).rejects.toThrow();
  });
});

describe("content safety", () => {
  const allowedHref = /^(https?:|mailto:|tel:|\/(?!\/)|#)/i;
  const allowedImg = /^(https?:|\/(?!\/))/i;
  const allowedFrame = /^https:\/\/(www\.youtube-nocookie\.com\/embed\/|player\.vimeo\.com\/video\/)/;

  function assertInert(html: string, label: string) {
    for (const marker of FORBIDDEN_IN_OUTPUT) expect(html, `${label}: ${marker}`).not.toMatch(marker);
    const fragment = parseHtml(`<body>${html}</body>`);
    for (const element of fragment.body.querySelectorAll("*")) {
      expect(
        [
          ...["H1", "H2", "H3", "P", "BR", "STRONG", "B", "EM", "I", "U", "S", "OL", "UL", "LI", "A", "IMG", "IFRAME"],
          ...["PRE", "CODE", "BLOCKQUOTE", "FIGURE", "FIGCAPTION"],
        ],
        label,
      ).toContain(element.tagName);
      for (const attribute of element.getAttributeNames()) expect(attribute, label).not.toMatch(/^on/i);
    }
    for (const a of fragment.querySelectorAll("a[href]")) expect(a.getAttribute("href"), label).toMatch(allowedHref);
    for (const img of fragment.querySelectorAll("img")) expect(img.getAttribute("src"), label).toMatch(allowedImg);
    for (const frame of fragment.querySelectorAll("iframe"))
      expect(frame.getAttribute("src"), label).toMatch(allowedFrame);
  }

  async function renderedChapter(courseId: string, chapterId: string) {
    const { response, document } = await getPage(member, `/course/${courseId}?chapter=${chapterId}`);
    expect(response.status).toBe(200);
    return document.querySelector(".chapter-content")?.innerHTML ?? "";
  }

  it("saves and renders every entry of the XSS corpus inert", async () => {
    const { courseId } = await seedCourse("Hostile");
    for (const [index, content] of XSS_CORPUS.entries()) {
      const response = await admin.post(`/admin?course=${courseId}&new=chapter`, {
        intent: "create-chapter",
        courseId,
        title: `Case ${index}`,
        content,
      });
      expect(response.status, content).toBe(303);
    }
    const rows = await app.db
      .selectFrom("chapters")
      .select(["id", "title", "content"])
      .where("course_id", "=", courseId)
      .execute();
    expect(rows).toHaveLength(XSS_CORPUS.length);
    for (const row of rows) {
      assertInert(row.content, `stored ${row.title}`);
      assertInert(await renderedChapter(courseId, row.id), `rendered ${row.title}`);
    }
    // One save and two renders per corpus entry: 30 s ran out once on PGlite with the 2 CPUs shared.
  }, 90_000);

  it("sanitises again on render, whatever is in the database", async () => {
    const { courseId, chapterIds } = await seedCourse("Planted", [
      { title: "Raw", content: XSS_CORPUS.join("\n") + '<p>safe <a href="https://example.com">link</a></p>' },
    ]);
    const html = await renderedChapter(courseId, chapterIds[0]);
    assertInert(html, "planted");
    expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">link</a>');
  });

  it("turns video links into the standard 560x315 embed and keeps the toolbar's formatting", async () => {
    const { courseId } = await seedCourse("Videos");
    const content = [
      "<h1>Big</h1><h2>Medium</h2><h3>Small</h3>",
      "<p><strong>bold</strong> <em>italic</em> <u>underlined</u></p>",
      "<ol><li>one</li></ol><ul><li>dot</li></ul>",
      '<p><a href="mailto:help@example.com">mail</a> <a href="tel:+15550100">call</a></p>',
      '<iframe src="https://www.youtube.com/watch?v=dQw4w9WgXcQ"></iframe>',
      '<iframe src="https://youtu.be/dQw4w9WgXcQ?t=30" width="100"></iframe>',
      '<iframe class="ql-video" src="https://vimeo.com/76979871"></iframe>',
      '<iframe src="https://www.youtube.com/shorts/dQw4w9WgXcQ"></iframe>',
      '<iframe src="https://example.com/not-a-video"></iframe>',
    ].join("");
    await admin.post(`/admin?course=${courseId}&new=chapter`, {
      intent: "create-chapter",
      courseId,
      title: "Watch",
      content,
    });
    const row = await app.db
      .selectFrom("chapters")
      .select(["id", "content"])
      .where("course_id", "=", courseId)
      .executeTakeFirstOrThrow();
    const document = parseHtml(`<body>${await renderedChapter(courseId, row.id)}</body>`);
    const frames = [...document.querySelectorAll("iframe")];
    expect(frames.map((f) => f.getAttribute("src"))).toEqual([
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=30",
      "https://player.vimeo.com/video/76979871",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    ]);
    for (const frame of frames)
      expect([frame.getAttribute("width"), frame.getAttribute("height")]).toEqual(["560", "315"]);
    for (const tag of [
      "h1",
      "h2",
      "h3",
      "strong",
      "em",
      "u",
      "ol li",
      "ul li",
      'a[href="mailto:help@example.com"]',
      'a[href="tel:+15550100"]',
    ])
      expect(document.querySelector(tag), tag).not.toBeNull();
  });
});

describe("admin actions refuse everyone but admins, on the server", () => {
  async function snapshot() {
    const courses = await app.db.selectFrom("courses").selectAll().orderBy("id").execute();
    const chapters = await app.db.selectFrom("chapters").selectAll().orderBy("id").execute();
    return { courses, chapters };
  }

  it("for every intent, from a visitor, an unpaid user and a paid member", async () => {
    const { courseId, chapterIds } = await seedCourse("Protected", ["P1", "P2"]);
    const intents: Array<Record<string, string>> = [
      { intent: "create-course", title: "Intruder", description: "" },
      { intent: "update-course", courseId, title: "Hijacked", description: "" },
      { intent: "delete-course", courseId },
      { intent: "create-chapter", courseId, title: "Injected", content: "<p>x</p>" },
      { intent: "update-chapter", courseId, chapterId: chapterIds[0], title: "Hijacked", content: "" },
      { intent: "delete-chapter", chapterId: chapterIds[0] },
      { intent: "move-chapter", chapterId: chapterIds[1], direction: "up" },
    ];
    const unpaid = await signIn(app.baseUrl, (await createUser(app.db)).email);
    const callers: Array<[string, Browser, string]> = [
      ["visitor", new Browser(app.baseUrl), `/login?redirect=${encodeURIComponent(`/admin?course=${courseId}`)}`],
      ["unpaid user", unpaid, "/dashboard"],
      ["paid member", member, "/dashboard"],
    ];
    const before = await snapshot();
    for (const [who, browser, expected] of callers) {
      for (const fields of intents) {
        const response = await browser.post(`/admin?course=${courseId}`, fields);
        expect(redirectTarget(response), `${who} ${fields.intent}`).toBe(expected);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("and the admin page itself", async () => {
    expect(redirectTarget(await member.get("/admin"))).toBe("/dashboard");
    expect(redirectTarget(await new Browser(app.baseUrl).get("/admin"))).toBe("/login?redirect=%2Fadmin");
  });
});

describe("training area", () => {
  it("lists the courses as cards linking to their pages, with the footer", async () => {
    const { courseId } = await seedCourse("Card course");
    const { response, document } = await getPage(member, "/dashboard");
    expect(response.status).toBe(200);
    const card = document.querySelector(`a[href="/course/${courseId}"]`)?.closest("article");
    expect(card?.querySelector("h2")?.textContent).toBe("Card course");
    expect(card?.textContent).toContain("Card course description");
    const footer = document.querySelector("footer");
    expect(footer?.querySelector('a[href="/privacy-policy"]')).not.toBeNull();
    expect(footer?.querySelector('a[href="/terms-of-service"]')).not.toBeNull();
    expect(footer?.querySelector('a[href="mailto:support@aiprofitlabs.com"]')).not.toBeNull();
    expect(footer?.textContent).toContain(`© ${new Date().getFullYear()}`);
  });

  it("keeps member pages private and revalidated, as they show the member's own progress", async () => {
    const { courseId } = await seedCourse("Cached");
    await admin.get("/admin"); // shows (and so clears) any message left by earlier admin actions
    for (const path of ["/dashboard", `/course/${courseId}`, `/course/${courseId}.data`]) {
      const response = await member.get(path);
      expect(response.headers.get("Cache-Control"), path).toBe("private, no-cache");
      expect(response.headers.get("Vary"), path).toContain("Cookie");
      expect((await admin.get(path)).headers.get("Cache-Control"), path).toBe("private, no-cache");
    }
  });

  it("says 'Error loading courses' when the course list cannot be read", async () => {
    await sql`ALTER TABLE courses RENAME TO courses_hidden`.execute(app.db);
    try {
      const { response, document } = await getPage(member, "/dashboard");
      expect(response.status).toBe(503);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      expect(document.querySelector('[role="alert"] h2')?.textContent).toBe("Error loading courses");
      expect(text(document)).toContain("Please try refreshing the page.");
    } finally {
      await sql`ALTER TABLE courses_hidden RENAME TO courses`.execute(app.db);
    }
  });
});

describe("course viewer", () => {
  it("shows the sidebar in sort_order and the first chapter by default, to a paid member", async () => {
    const { courseId, chapterIds } = await seedCourse("Viewer", ["One", "Two", "Three"]);
    await app.db.updateTable("chapters").set({ sort_order: 10 }).where("id", "=", chapterIds[0]).execute();
    const { response, document } = await getPage(member, `/course/${courseId}`);
    expect(response.status).toBe(200);
    expect(document.querySelector("h1")?.textContent).toBe("Viewer");
    expect(text(document)).toContain("Viewer description");
    const links = [...document.querySelectorAll('nav[aria-label="Chapters"] a')];
    expect(links.map((a) => a.textContent)).toEqual(["1.Two", "2.Three", "3.One"]);
    expect(links[0]?.getAttribute("href")).toBe(`/course/${courseId}?chapter=${chapterIds[1]}`);
    expect(links[0]?.getAttribute("aria-current")).toBe("page");
    expect(document.querySelector("article h2")?.textContent).toBe("Two");
    expect(document.querySelector(".chapter-content")?.innerHTML).toBe("<p>Two body</p>");
  });

  it("shows the chapter named in the URL", async () => {
    const { courseId, chapterIds } = await seedCourse("Linked", ["One", "Two"]);
    const { document } = await getPage(member, `/course/${courseId}?chapter=${chapterIds[1]}`);
    expect(document.querySelector("article h2")?.textContent).toBe("Two");
    expect(document.querySelector('a[aria-current="page"]')?.textContent).toBe("2.Two");
  });

  it("has a sidebar toggle for small screens that needs no JavaScript", async () => {
    const { courseId } = await seedCourse("Toggle", ["One"]);
    const { document } = await getPage(member, `/course/${courseId}`);
    expect(document.querySelector('input[type="checkbox"]#course-sidebar-toggle')).not.toBeNull();
    expect(document.querySelector('label[for="course-sidebar-toggle"]')?.textContent).toContain("Show chapters");
  });

  it("says 'No content available yet. Check back soon!' for a course without chapters", async () => {
    const { courseId } = await seedCourse("Bare");
    expect(text((await getPage(member, `/course/${courseId}`)).document)).toContain(
      "No content available yet. Check back soon!",
    );
  });

  it("says 'No content available for this chapter yet.' for an empty chapter", async () => {
    const { courseId } = await seedCourse("Hollow", [{ title: "Blank", content: "<p><br></p>" }]);
    const { document } = await getPage(member, `/course/${courseId}`);
    expect(document.querySelector("article h2")?.textContent).toBe("Blank");
    expect(text(document)).toContain("No content available for this chapter yet.");
  });

  it("asks to pick a chapter when the URL names one that is not in this course", async () => {
    const { courseId } = await seedCourse("Picky", ["Mine"]);
    const other = await seedCourse("Elsewhere", ["Theirs"]);
    for (const chapter of [other.chapterIds[0], "00000000-0000-4000-8000-000000000002", "garbage"]) {
      const { document } = await getPage(member, `/course/${courseId}?chapter=${chapter}`);
      expect(text(document), chapter).toContain("Select a chapter from the sidebar to start learning");
      expect(text(document)).not.toContain("Theirs body");
    }
  });

  it("sends an unknown course to /dashboard, which says 'Course not found'", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000003", "not-a-uuid"]) {
      const response = await member.get(`/course/${id}`);
      expect(redirectTarget(response), id).toBe("/dashboard");
      const { document } = await follow(member, response);
      expect(document.querySelector('[role="alert"]')?.textContent).toBe("Course not found");
    }
  });

  it("sends the member to /dashboard when the course cannot be read", async () => {
    const { courseId } = await seedCourse("Unreadable", ["x"]);
    await sql`ALTER TABLE chapters RENAME TO chapters_hidden`.execute(app.db);
    try {
      expect(redirectTarget(await member.get(`/course/${courseId}`))).toBe("/dashboard");
    } finally {
      await sql`ALTER TABLE chapters_hidden RENAME TO chapters`.execute(app.db);
    }
  });
});
