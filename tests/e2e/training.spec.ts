import crypto from "node:crypto";
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { withConsentChosen } from "./helpers";

/**
 * Course authoring by an admin and reading by a paid member (both signed in by the fixtures of
 * fixtures.ts; payments.spec.ts tests paying), with JavaScript (rich-text editor, confirm(), prefetch) and without it (a textarea of
 * HTML, confirmation steps). The tests run in order and share the course they build.
 */
test.describe.configure({ mode: "serial" });

// The consent banner (tested in site.spec.ts) would otherwise sit above every page here.
test.beforeEach(async ({ context }) => {
  await withConsentChosen(context);
});

const suffix = crypto.randomBytes(3).toString("hex");
const courseTitle = `Launch Sprint ${suffix}`;
let courseId = "";

const CONFIRM_CHAPTER = "Are you sure you want to delete this chapter? This action cannot be undone.";
const CONFIRM_COURSE =
  "Are you sure you want to delete this course? This will also delete all chapters within it. This action cannot be undone.";

/** No accessibility violations (axe needs JavaScript, so only the js project runs it). Video frames load nothing here. */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).exclude("iframe").analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

const flash = (page: Page) => page.getByRole("status");

/**
 * Chromium routes a click by where frames were last drawn: right after the scroll to the Save
 * button, a video frame that sat there a moment before can catch the click. Scroll, let two
 * frames pass, then click (a person never clicks within milliseconds of scrolling). Without
 * JavaScript the editor is a textarea and no frame is drawn (nor can the page run a callback).
 */
async function saveChapter(page: Page, javaScriptEnabled: boolean) {
  const save = page.getByRole("button", { name: "Save chapter" });
  if (javaScriptEnabled) {
    await save.scrollIntoViewIfNeeded();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }
  await save.click();
}

async function addChapter(page: Page, javaScriptEnabled: boolean, title: string, writeContent: () => Promise<void>) {
  await page.getByRole("link", { name: "Add Chapter", exact: true }).click();
  await page.getByLabel("Chapter title").fill(title);
  await writeContent();
  await saveChapter(page, javaScriptEnabled);
  await expect(flash(page)).toHaveText("New chapter created successfully!");
}

/** Bold text, a bulleted list, a link and a video, through the toolbar. */
async function writeRichChapter(page: Page) {
  const editor = page.getByRole("textbox", { name: "Content" });
  await editor.click();
  const tool = (name: string) =>
    page.getByRole("toolbar", { name: "Formatting" }).getByRole("button", { name, exact: true });
  await tool("Bold").click();
  await page.keyboard.type("Bold words");
  await tool("Bold").click();
  await page.keyboard.type(" and plain words");
  await page.keyboard.press("Enter");
  await tool("Bulleted list").click();
  await page.keyboard.type("First item");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Second item");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Read the docs");
  await page.keyboard.press("Shift+Home");
  // The selected words become the link: the editor's dialog asks only for the address.
  await tool("Insert link").click();
  const linkDialog = page.getByRole("dialog", { name: "Insert a link" });
  await linkDialog.getByLabel("Address").fill("https://example.com/docs");
  await linkDialog.getByLabel("Address").press("Enter");
  await expect(linkDialog).toBeHidden();
  await page.keyboard.press("Control+End");
  await page.keyboard.press("Enter");
  await tool("Insert video").click();
  const videoDialog = page.getByRole("dialog", { name: "Insert a video" });
  const address = videoDialog.getByLabel("YouTube or Vimeo link");
  await address.fill("not a video link");
  await address.press("Enter");
  await expect(address).toHaveAttribute("aria-invalid", "true");
  await expect(videoDialog.getByRole("alert")).toHaveText("Paste a YouTube or Vimeo link.");
  await address.fill("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
  await address.press("Enter");
  await expect(videoDialog).toBeHidden();
  await expect(editor.locator("iframe")).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
}

const RICH_HTML =
  "<p><strong>Bold words</strong> and plain words</p><ul><li>First item</li><li>Second item</li></ul>" +
  '<p><a href="https://example.com/docs">Read the docs</a></p><iframe src="https://www.youtube.com/watch?v=dQw4w9WgXcQ"></iframe>' +
  "<script>document.title = 'hacked'</script>";

test("an admin creates a course and adds chapters with bold text, a list, a link and a video", async ({
  page,
  javaScriptEnabled,
  admin: _admin,
}) => {
  // A long walk through many pages: 31-40 s were seen on a 2-CPU machine shared by several test runs.
  test.setTimeout(90_000);
  await page.goto("/admin");
  await page.getByRole("link", { name: "New Course" }).click();
  const save = page.getByRole("button", { name: "Save", exact: true });
  if (javaScriptEnabled) await expect(save).toBeDisabled();
  else await expect(page.getByLabel("Title")).toHaveAttribute("required", "");
  await page.getByLabel("Title").fill(courseTitle);
  await page.getByLabel("Description").fill("Seven days from idea to launch.");
  await expect(save).toBeEnabled();
  await save.click();
  await expect(flash(page)).toHaveText("Course created successfully!");
  // Creating a course expands and selects it.
  await expect(page.getByRole("link", { name: courseTitle, exact: true })).toHaveAttribute("aria-expanded", "true");
  courseId = new URL(page.url()).searchParams.get("course") ?? "";
  expect(courseId).toMatch(/^[0-9a-f-]{36}$/);

  await addChapter(page, javaScriptEnabled, "Chapter One", async () => {
    if (javaScriptEnabled) {
      await writeRichChapter(page);
      await expectAccessible(page);
    } else await page.getByLabel("Content").fill(RICH_HTML);
  });
  await addChapter(page, javaScriptEnabled, "Chapter Two", async () => {
    if (javaScriptEnabled) {
      await page.getByRole("textbox", { name: "Content" }).click();
      await page.keyboard.type("Second chapter text");
    } else await page.getByLabel("Content").fill("<p>Second chapter text</p>");
  });
  await addChapter(page, javaScriptEnabled, "Chapter Three", async () => {});

  // A blank title is refused with the spec's words, and nothing is added.
  await page.getByRole("link", { name: "Add Chapter", exact: true }).click();
  await page.getByLabel("Chapter title").fill("   ");
  await page.getByRole("button", { name: "Save chapter" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please enter a title for the chapter");
  await page.getByRole("link", { name: "Cancel" }).click();
  const chapters = page.locator("ol li p");
  await expect(chapters).toHaveText(["Chapter One", "Chapter Two", "Chapter Three"]);
});

test("an admin edits, reorders and deletes chapters", async ({ page, javaScriptEnabled, admin: _admin }) => {
  await page.goto(`/admin?course=${courseId}`);
  const chapters = page.locator("ol li p");

  // Only the title changes: the content goes through the editor (or the textarea) and back
  // unchanged, which the reading test below checks.
  await page.getByRole("link", { name: "Edit chapter Chapter One" }).click();
  await expect(page.getByLabel("Chapter title")).toHaveValue("Chapter One");
  if (javaScriptEnabled)
    await expect(page.getByRole("textbox", { name: "Content" }).locator("strong")).toHaveText("Bold words");
  await page.getByLabel("Chapter title").fill("Chapter One: Basics");
  await saveChapter(page, javaScriptEnabled);
  await expect(flash(page)).toHaveText("Chapter updated successfully!");

  await expect(page.getByRole("button", { name: "Move chapter Chapter One: Basics up" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Move chapter Chapter Three down" })).toBeDisabled();
  await page.getByRole("button", { name: "Move chapter Chapter Three up" }).click();
  await expect(chapters).toHaveText(["Chapter One: Basics", "Chapter Three", "Chapter Two"]);
  await page.getByRole("button", { name: "Move chapter Chapter One: Basics down" }).click();
  await expect(chapters).toHaveText(["Chapter Three", "Chapter One: Basics", "Chapter Two"]);
  await page.getByRole("button", { name: "Move chapter Chapter Three down" }).click();
  await expect(chapters).toHaveText(["Chapter One: Basics", "Chapter Three", "Chapter Two"]);

  if (javaScriptEnabled) {
    // Cancelling the browser's confirm() keeps the chapter.
    page.once("dialog", (dialog) => dialog.dismiss());
    await page.getByRole("link", { name: "Delete chapter Chapter Two" }).click();
    await expect(chapters).toHaveCount(3);
    page.once("dialog", async (dialog) => {
      expect(dialog.message()).toBe(CONFIRM_CHAPTER);
      await dialog.accept();
    });
    await page.getByRole("link", { name: "Delete chapter Chapter Two" }).click();
  } else {
    await page.getByRole("link", { name: "Delete chapter Chapter Two" }).click();
    await expect(page.getByText(CONFIRM_CHAPTER)).toBeVisible();
    await page.getByRole("button", { name: "Delete chapter Chapter Two" }).click();
  }
  await expect(flash(page)).toHaveText("Chapter deleted successfully!");
  await expect(chapters).toHaveText(["Chapter One: Basics", "Chapter Three"]);
});

test("a paid member reads the course chapter by chapter, on a wide and a small screen", async ({
  page,
  javaScriptEnabled,
  paidMember: _paidMember,
}) => {
  await page.goto("/dashboard");
  const card = page.getByRole("link", { name: new RegExp(courseTitle) });
  if (javaScriptEnabled) {
    await expectAccessible(page);
    // Hovering a card fetches the course page's data ahead of the click.
    await card.hover();
    await expect(page.locator(`link[rel="prefetch"][href^="/course/${courseId}.data"]`)).toHaveCount(1);
  }
  await card.click();
  await page.waitForURL(`**/course/${courseId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(courseTitle);
  const sidebar = page.getByRole("navigation", { name: "Chapters" });
  await expect(sidebar.getByRole("link")).toHaveText(["1.Chapter One: Basics", "2.Chapter Three"]);

  const content = page.locator(".chapter-content");
  await expect(page.getByRole("heading", { level: 2 }).first()).toHaveText("Chapter One: Basics");
  await expect(content.locator("strong")).toHaveText("Bold words");
  await expect(content.locator("ul li")).toHaveText(["First item", "Second item"]);
  const link = content.getByRole("link", { name: "Read the docs" });
  await expect(link).toHaveAttribute("href", "https://example.com/docs");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  const video = content.locator("iframe");
  await expect(video).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
  await expect(video).toHaveAttribute("width", "560");
  await expect(video).toHaveAttribute("height", "315");
  await expect(content.locator("script")).toHaveCount(0);
  await expect(page).not.toHaveTitle("hacked");
  if (javaScriptEnabled) await expectAccessible(page);

  await sidebar.getByRole("link", { name: "Chapter Three" }).click();
  await expect(page).toHaveURL(new RegExp(`/course/${courseId}\\?chapter=`));
  await expect(page.getByRole("heading", { level: 2 })).toHaveText("Chapter Three");
  await expect(page.getByText("No content available for this chapter yet.")).toBeVisible();

  // The URL is the bookmark: opening it again shows the same chapter.
  const bookmark = page.url();
  await page.goto(bookmark);
  await expect(page.getByRole("heading", { level: 2 })).toHaveText("Chapter Three");

  // On a small screen the chapter list folds away behind a toggle, and folds again after a choice.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`/course/${courseId}`);
  await expect(sidebar).toBeHidden();
  await page.getByText("Show chapters").click();
  await expect(sidebar).toBeVisible();
  await sidebar.getByRole("link", { name: "Chapter Three" }).click();
  await expect(page.getByRole("heading", { level: 2 })).toHaveText("Chapter Three");
  await expect(sidebar).toBeHidden();

  // A member is not an admin.
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("an admin deletes the course with its chapters", async ({ page, javaScriptEnabled, admin: _admin }) => {
  await page.goto(`/admin?course=${courseId}`);
  if (javaScriptEnabled) {
    page.once("dialog", async (dialog) => {
      expect(dialog.message()).toBe(CONFIRM_COURSE);
      await dialog.accept();
    });
    await page.getByRole("link", { name: `Delete course ${courseTitle}` }).click();
  } else {
    await page.getByRole("link", { name: `Delete course ${courseTitle}` }).click();
    await expect(page.getByText(CONFIRM_COURSE)).toBeVisible();
    await page.getByRole("button", { name: `Delete course ${courseTitle}` }).click();
  }
  await expect(flash(page)).toHaveText("Course deleted successfully!");
  // Flash redirects end in #flash, so the message is scrolled into view.
  await expect(page).toHaveURL(/\/admin#flash$/);
  await expect(page.getByRole("link", { name: courseTitle, exact: true })).toHaveCount(0);

  await page.goto(`/course/${courseId}`);
  await page.waitForURL(/\/dashboard#flash$/);
  await expect(page.getByRole("alert")).toHaveText("Course not found");
});
