import crypto from "node:crypto";
import fs from "node:fs";
import { AxeBuilder } from "@axe-core/playwright";
import { E2E_ATTACHMENT_MAX_BYTES } from "../../playwright.config";
import { expect, test } from "./fixtures";
import { withConsentChosen } from "./helpers";

/**
 * Issue 25, chapter files in a real browser, with JavaScript and without: a file the server would
 * refuse never costs the admin what they typed, a good one is attached (and what was typed saved
 * with it), a member downloads the exact bytes from the chapter, and the admin removes it.
 */
test.describe.configure({ mode: "serial" });

test.beforeEach(async ({ context }) => {
  await withConsentChosen(context);
});

const notes = Buffer.from(`Setup notes ${crypto.randomBytes(8).toString("hex")}\n`);
let ids = { courseId: "", chapterId: "" };

test("an admin attaches a file; a refused one keeps the form as typed", async ({
  page,
  db,
  javaScriptEnabled,
  admin: _admin,
}) => {
  const course = await db
    .insertInto("courses")
    .values({ title: `Kits ${crypto.randomBytes(3).toString("hex")}` })
    .returning("id")
    .executeTakeFirstOrThrow();
  const chapter = await db
    .insertInto("chapters")
    .values({ course_id: course.id, title: "Kit chapter", content: "<p>Get the kit.</p>", sort_order: 1 })
    .returning("id")
    .executeTakeFirstOrThrow();
  ids = { courseId: course.id, chapterId: chapter.id };

  await page.goto(`/admin?course=${ids.courseId}&edit=chapter:${ids.chapterId}`);
  await expect(page.getByText("No files yet.")).toBeVisible();
  await page.getByLabel("Chapter title").fill("Kit chapter, retitled");

  // Over the limit: with JavaScript the form never sends it; without, the server answers with the form as typed.
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.getByLabel("Attach a file").setInputFiles({
    name: "too-big.zip",
    mimeType: "application/zip",
    buffer: Buffer.alloc(E2E_ATTACHMENT_MAX_BYTES + 1, 7),
  });
  await page.getByRole("button", { name: "Upload file" }).click();
  await expect(page.getByRole("alert")).toHaveText("The file is larger than the 1 MB limit. Choose a smaller file.");
  await expect(page.getByLabel("Chapter title")).toHaveValue("Kit chapter, retitled");
  expect(posts).toHaveLength(javaScriptEnabled ? 0 : 1);

  await page.getByLabel("Attach a file").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: notes });
  await page.getByRole("button", { name: "Upload file" }).click();
  await expect(page.getByRole("status")).toHaveText("File attached: notes.txt");
  await expect(page.getByRole("listitem").filter({ hasText: "notes.txt" })).toContainText(`(${notes.length} bytes)`);
  if (javaScriptEnabled) {
    // The editor with its file list and file field, checked by axe (it needs JavaScript).
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  }
  const saved = await db
    .selectFrom("chapters")
    .select("title")
    .where("id", "=", ids.chapterId)
    .executeTakeFirstOrThrow();
  expect(saved.title).toBe("Kit chapter, retitled");
});

test("a member downloads it from the chapter", async ({ page, javaScriptEnabled, paidMember: _member }) => {
  await page.goto(`/course/${ids.courseId}?chapter=${ids.chapterId}`);
  const link = page.getByRole("region", { name: "Downloads" }).getByRole("link", { name: /notes\.txt/ });
  await expect(link).toHaveText(`notes.txt (${notes.length} bytes)`);
  if (javaScriptEnabled) {
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  }
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe("notes.txt");
  expect(fs.readFileSync((await download.path())!)).toEqual(notes);
});

test("the admin removes it", async ({ page, admin: _admin }) => {
  await page.goto(`/admin?course=${ids.courseId}&edit=chapter:${ids.chapterId}`);
  await page.getByRole("button", { name: "Remove file notes.txt" }).click();
  await expect(page.getByRole("status")).toHaveText("File removed.");
  await expect(page.getByText("No files yet.")).toBeVisible();
});
