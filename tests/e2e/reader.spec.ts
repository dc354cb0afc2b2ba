import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { createUser } from "../support/fixtures";
import { hydrated, logIn, withConsentChosen } from "./helpers";
import { at } from "../support/present";

/**
 * Issue 30, "The lesson is the product", in a real browser at 390 and 1280 px, with JavaScript and
 * without: an admin authors a lesson (heading, code block, quote, an uploaded image with alt text
 * and a caption, a video); a member reads it (the line length measured, a code block copied, no
 * sideways scroll, axe clean in light and dark mode) and completes the course into the 'Course
 * completed' panel. Screenshots go to SHOTS_DIR when it is set.
 */
test.describe.configure({ mode: "serial" });

test.beforeEach(async ({ context }) => {
  await withConsentChosen(context);
});

const suffix = crypto.randomBytes(3).toString("hex");

const sentence =
  "A prompt is a small specification: it names the user, the screen, the data and the one thing that must work, and it leaves out everything the builder can decide alone.";
const paragraph = Array.from({ length: 4 }, () => sentence).join(" ");

/**
 * axe on the page as shown. axe is a script, and a context without JavaScript runs none, so the
 * no-JavaScript page is checked in a twin context (same cookies, size and colour scheme) whose
 * own scripts are blocked: the same server-rendered page, never hydrated.
 */
async function expectAccessible(page: Page, { javaScriptEnabled = true, dark = false } = {}) {
  let target = page;
  const twin = javaScriptEnabled
    ? null
    : await page
        .context()
        .browser()!
        .newContext({
          storageState: await page.context().storageState(),
          viewport: page.viewportSize(),
          colorScheme: dark ? "dark" : "light",
          javaScriptEnabled: true,
        });
  if (twin) {
    target = await twin.newPage();
    await target.route(/\.js(\?|$)/, (route) => route.abort());
    await target.goto(page.url());
  }
  // The video's frame is YouTube's page (unreachable from the test machine): axe checks ours.
  const { violations } = await new AxeBuilder({ page: target }).options({ iframes: false }).analyze();
  await twin?.close();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function shot(page: Page, name: string, { fullPage = true } = {}) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  // From the top, so sticky bars sit where they belong in a full-page picture.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
}

/** Every field and button in `scope` is a 44 px tap target on a phone. */
async function expectTapTargets(scope: Locator, width: number) {
  if (width !== 390) return;
  for (const control of await scope.locator("input, button").all()) {
    expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
}

/** The average characters per full line of the lesson's paragraphs, measured from where each character sits. */
async function charactersPerLine(page: Page): Promise<number> {
  return page.evaluate(() => {
    const perLine: number[] = [];
    for (const paragraph of document.querySelectorAll<HTMLElement>(".chapter-content > p")) {
      const lines = new Map<number, number>();
      const walker = document.createTreeWalker(paragraph, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        for (let i = 0; i < text.length; i++) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const top = Math.round(range.getBoundingClientRect().top);
          lines.set(top, (lines.get(top) ?? 0) + 1);
        }
      }
      // The last line of a paragraph is short by nature: only full lines count.
      const counts = [...lines.entries()].sort((a, b) => a[0] - b[0]).map(([, count]) => count);
      perLine.push(...counts.slice(0, -1));
    }
    return perLine.reduce((sum, count) => sum + count, 0) / perLine.length;
  });
}

for (const width of [390, 1280] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    let courseId = "";
    let chapterIds: string[] = [];

    test("an admin authors a lesson with a heading, code, a quote, an image with alt text and a video", async ({
      page,
      db,
      javaScriptEnabled,
      admin: _admin,
    }) => {
      test.setTimeout(60_000);
      const mode = javaScriptEnabled ? "js" : "no-js";
      const course = await db
        .insertInto("courses")
        .values({ title: `Prompt Craft ${suffix} ${width} ${mode}`, description: "Write prompts that build apps." })
        .returning("id")
        .executeTakeFirstOrThrow();
      courseId = course.id;
      const rows = await db
        .insertInto("chapters")
        .values(
          ["Writing the prompt", "Shipping it"].map((title, index) => ({
            course_id: course.id,
            title,
            content: "<p>Draft.</p>",
            sort_order: index + 1,
          })),
        )
        .returning("id")
        .execute();
      chapterIds = rows.map((row) => row.id);
      await page.goto(`/admin?course=${courseId}&edit=chapter:${chapterIds[0]}`);

      if (!javaScriptEnabled) {
        // Without JavaScript the lesson is HTML in a textarea, and 'Add image' uploads an image and
        // appends its figure to what was typed.
        const image = await sharp({ create: { width: 2400, height: 1350, channels: 3, background: "#c7d2fe" } })
          .png()
          .toBuffer();
        await page
          .getByRole("textbox", { name: "Content" })
          .fill(
            `<h2>Writing the prompt</h2><p>${paragraph}</p><h2>The prompt</h2><pre>Build a habit tracker.\nUsers: busy parents.\nMust work: a daily check-in.</pre>` +
              `<blockquote>Name the one thing that must work.</blockquote><p>${paragraph}</p>` +
              `<h3>Watch it built</h3><iframe src="https://www.youtube.com/watch?v=dQw4w9WgXcQ"></iframe><p>${paragraph}</p>`,
          );
        await page
          .getByLabel(/^Image \(PNG/)
          .setInputFiles({ name: "tracker.png", mimeType: "image/png", buffer: image });
        await page.getByLabel(/^Alt text/).fill("The finished habit tracker on a phone");
        await page.getByLabel("Caption (optional)").fill("The app the prompt built");
        await page.getByRole("button", { name: "Add image" }).click();
        await expect(
          page.getByText("Image added at the end of the content. Save the chapter to keep it."),
        ).toBeVisible();
        await expect(page.getByRole("textbox", { name: "Content" })).toHaveValue(
          /<figure><img src="\/course\/[0-9a-f-]+\/images\/[0-9a-f-]+" alt="The finished habit tracker on a phone" width="1600" height="900"><figcaption>The app the prompt built<\/figcaption><\/figure>$/,
        );
        await shot(page, `editor-${width}-no-js`);
        await page.getByRole("button", { name: "Save chapter" }).click();
        await expect(page.getByRole("status").first()).toBeVisible();
      } else {
        await hydrated(page);
        const editor = page.getByRole("textbox", { name: "Content" });
        await expect(editor).toBeVisible();
        // The toolbar's controls are 44 px on a phone.
        const bold = page.getByRole("button", { name: "Bold" });
        const box = await bold.boundingBox();
        expect(box?.height).toBeGreaterThanOrEqual(width === 390 ? 44 : 24);
        await editor.click();
        await page.keyboard.press("Control+A");
        await page.keyboard.press("Delete");
        await page.keyboard.type(paragraph);
        await page.keyboard.press("Enter");
        // A code block and a quote from the toolbar.
        await page.getByRole("button", { name: "Code block" }).click();
        await page.keyboard.type("Build a habit tracker.");
        await page.keyboard.press("Enter");
        await page.keyboard.type("Must work: a daily check-in.");
        // The toolbar's buttons toggle the line the cursor is on: a new line, then off.
        await page.keyboard.press("Enter");
        await page.getByRole("button", { name: "Code block" }).click();
        await page.getByRole("button", { name: "Quote" }).click();
        await page.keyboard.type("Name the one thing that must work.");
        await page.keyboard.press("Enter");
        await page.getByRole("button", { name: "Quote" }).click();

        // The editor asks in its own in-page dialog, never the browser's prompt().
        const nativeDialogs: string[] = [];
        page.on("dialog", (dialog) => {
          nativeDialogs.push(dialog.message());
          void dialog.dismiss();
        });

        // 'Insert link' with nothing selected asks for the text and the address; blank, it says why.
        await page.getByRole("button", { name: "Insert link" }).click();
        const linkDialog = page.getByRole("dialog", { name: "Insert a link" });
        await expect(linkDialog).toBeVisible();
        await expect(linkDialog.getByLabel("Link text")).toBeFocused();
        await expectTapTargets(linkDialog, width);
        await linkDialog.getByRole("button", { name: "Insert" }).click();
        await expect(linkDialog.getByRole("alert")).toHaveText("Enter the words that show as the link.");
        await expect(linkDialog.getByLabel("Link text")).toBeFocused();
        await linkDialog.getByLabel("Link text").fill("the builder's guide");
        await linkDialog.getByLabel("Address").fill("https://example.com/guide");
        await shot(page, `editor-${width}-js-link-dialog`, { fullPage: false });
        await linkDialog.getByLabel("Address").press("Enter");
        await expect(linkDialog).toBeHidden();
        await expect(editor.getByRole("link", { name: "the builder's guide" })).toBeVisible();
        // Back in the editor, the caret after the link: typing goes on from there.
        await expect(editor).toBeFocused();
        // A link in the text shows its address with 'Edit', which asks in the same dialog.
        await editor.getByRole("link", { name: "the builder's guide" }).click();
        await page.locator(".ql-tooltip a.ql-action").click();
        const editDialog = page.getByRole("dialog", { name: "Edit the link" });
        await expect(editDialog.getByLabel("Address")).toHaveValue("https://example.com/guide");
        await editDialog.getByLabel("Address").fill("https://example.com/guide/");
        await editDialog.getByRole("button", { name: "Insert" }).click();
        await expect(editor.getByRole("link", { name: "the builder's guide" })).toHaveAttribute(
          "href",
          "https://example.com/guide/",
        );
        await expect(editor).toBeFocused();
        await page.keyboard.press("End");
        await page.keyboard.press("Enter");

        // Escape closes the dialog, inserts nothing and gives the editor its focus back.
        await page.getByRole("button", { name: "Insert video" }).click();
        const videoDialog = page.getByRole("dialog", { name: "Insert a video" });
        await videoDialog.getByLabel("YouTube or Vimeo link").fill("https://example.com/not-a-video");
        await videoDialog.getByRole("button", { name: "Insert" }).click();
        await expect(videoDialog.getByRole("alert")).toHaveText("Paste a YouTube or Vimeo link.");
        await page.keyboard.press("Escape");
        await expect(videoDialog).toBeHidden();
        await expect(editor).toBeFocused();
        await expect(editor.locator("iframe")).toHaveCount(0);

        // An image: uploaded, then its alt text and caption asked for beside a preview.
        const image = await sharp({ create: { width: 2400, height: 1350, channels: 3, background: "#c7d2fe" } })
          .png()
          .toBuffer();
        const chooser = page.waitForEvent("filechooser");
        await page.getByRole("button", { name: "Insert image" }).click();
        await (await chooser).setFiles({ name: "tracker.png", mimeType: "image/png", buffer: image });
        const imageDialog = page.getByRole("dialog", { name: "Describe the image" });
        await expect(imageDialog.getByLabel("Alt text")).toBeFocused();
        await imageDialog.getByLabel("Alt text").fill("The finished habit tracker on a phone");
        await imageDialog.getByLabel("Caption (optional)").fill("The app the prompt built");
        await expectAccessible(page);
        await shot(page, `editor-${width}-js-image-dialog`, { fullPage: false });
        await page.emulateMedia({ colorScheme: "dark" });
        await expectAccessible(page, { dark: true });
        await shot(page, `editor-${width}-js-image-dialog-dark`, { fullPage: false });
        await page.emulateMedia({ colorScheme: "light" });
        await imageDialog.getByRole("button", { name: "Insert" }).click();
        await expect(imageDialog).toBeHidden();
        await expect(editor).toBeFocused();
        const figure = editor.locator("figure img");
        await expect(figure).toHaveAttribute("alt", "The finished habit tracker on a phone");
        await expect(figure).toHaveAttribute("width", "1600");
        await expect(figure).toHaveAttribute("src", new RegExp(`^/course/${courseId}/images/`));
        await expect(editor.locator("figcaption")).toHaveText("The app the prompt built");
        expect(nativeDialogs).toEqual([]);

        // An image pasted inside HTML arrives as a data: URL: it becomes an upload, with its alt text.
        const pasted = (
          await sharp({ create: { width: 40, height: 20, channels: 3, background: "#fde68a" } })
            .png()
            .toBuffer()
        ).toString("base64");
        await editor.evaluate((root, base64) => {
          const clipboard = new DataTransfer();
          clipboard.setData("text/html", `<img src="data:image/png;base64,${base64}" alt="A pasted screenshot">`);
          root.dispatchEvent(
            new ClipboardEvent("paste", { clipboardData: clipboard, bubbles: true, cancelable: true }),
          );
        }, pasted);
        const pastedImage = editor.getByRole("img", { name: "A pasted screenshot" });
        await expect(pastedImage).toHaveAttribute("src", new RegExp(`^/course/${courseId}/images/`));
        await expect(pastedImage).toHaveAttribute("width", "40");
        await expect(editor.locator('img[src^="data:"]')).toHaveCount(0);

        // The editor uses the reader's type scale: its code is monospace, as members will see it.
        const codeFont = await editor
          .locator(".ql-code-block-container")
          .evaluate((node) => getComputedStyle(node).fontFamily);
        expect(codeFont).toMatch(/mono/i);
        await shot(page, `editor-${width}-js`);

        // Scrolled down a long chapter, the toolbar stays in view under the site's header.
        await editor.locator("figcaption").scrollIntoViewIfNeeded();
        await page.evaluate(() => window.scrollBy(0, 200));
        const toolbar = page.getByRole("toolbar", { name: "Formatting" }).or(page.locator(".ql-toolbar"));
        await expect.poll(async () => (await toolbar.first().boundingBox())?.y).toBeGreaterThanOrEqual(64);
        expect((await toolbar.first().boundingBox())!.y).toBeLessThanOrEqual(66);
        const dir = process.env.SHOTS_DIR;
        if (dir) await page.screenshot({ path: path.join(dir, `editor-${width}-js-scrolled.png`) });

        // A save that never reaches the server keeps the text on the page and says why...
        await page.context().setOffline(true);
        await page.getByRole("button", { name: "Save chapter" }).click();
        await expect(page.getByRole("alert")).toContainText(
          "Error saving chapter: the server could not be reached (check your connection).",
        );
        await expect(editor.locator("figure img").first()).toBeVisible();
        await page.context().setOffline(false);

        // ...and the draft survives a reload that never saved.
        await page.reload();
        await hydrated(page);
        await expect(page.getByText("Restored your unsaved changes.")).toBeVisible();
        await expect(page.getByRole("textbox", { name: "Content" }).locator("figure img")).toHaveCount(2);
        await page.getByRole("button", { name: "Save chapter" }).click();
        await expect(page.getByRole("status").first()).toBeVisible();
        await expect(page.getByText("Restored your unsaved changes.")).toHaveCount(0);
      }

      const saved = await db
        .selectFrom("chapters")
        .select("content")
        .where("id", "=", at(chapterIds, 0))
        .executeTakeFirstOrThrow();
      expect(saved.content).toContain("<pre>");
      expect(saved.content).toContain("<blockquote>");
      expect(saved.content).toMatch(
        /<figure><img src="\/course\/[0-9a-f-]+\/images\/[0-9a-f-]+" alt="The finished habit tracker on a phone" width="\d+" height="\d+" \/><figcaption>The app the prompt built<\/figcaption><\/figure>/,
      );
      expect(saved.content).not.toContain("data:");
      if (javaScriptEnabled) {
        expect(saved.content).toContain('<a href="https://example.com/guide/"');
        // The video and heading, for the reader below: added as the no-JavaScript author does.
        await db
          .updateTable("chapters")
          .set({
            content: `<h2>Writing the prompt</h2>${saved.content}<h3>Watch it built</h3><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"></iframe><p>${paragraph}</p>`,
          })
          .where("id", "=", at(chapterIds, 0))
          .execute();
      }
    });

    test("a member reads it: the measure, Copy, no sideways scroll, axe clean in light and dark", async ({
      page,
      context,
      javaScriptEnabled,
      paidMember: _paidMember,
    }) => {
      test.setTimeout(60_000);
      const mode = javaScriptEnabled ? "js" : "no-js";
      await page.goto(`/course/${courseId}?chapter=${chapterIds[0]}`);
      const article = page.getByRole("article");
      // The chapter's own first heading repeats its title: shown once.
      await expect(page.getByRole("heading", { name: "Writing the prompt" })).toHaveCount(1);
      await expect(article.getByText(/^\d+ min read$/)).toBeVisible();

      const measured = await charactersPerLine(page);
      if (width === 1280) {
        // The column is 60ch of whatever sans font the machine has, which reads 60 to 75 characters
        // a line; the average lands on either side of a bound by a fraction with another font's
        // widths (75.25 with Debian's fallback fonts), so one character either way is allowed.
        expect(measured).toBeGreaterThanOrEqual(60 - 1);
        expect(measured).toBeLessThanOrEqual(75 + 1);
      } else {
        // On a phone the text takes the full width less one padding (16 px each side).
        const box = await page.locator(".chapter-content").boundingBox();
        expect(box?.x).toBe(16);
        expect(box?.width).toBe(390 - 32);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // The title, the actions and 'Next chapter' keep the lesson's column, not one of their own.
      const column = (await page.locator(".chapter-content").boundingBox())!;
      for (const part of [article.locator("header"), page.getByRole("navigation", { name: "Chapter navigation" })]) {
        const box = (await part.boundingBox())!;
        expect(box.x + box.width).toBeCloseTo(column.x + column.width, 0);
      }

      // The video is 16:9 across the text; the image keeps its alt, size and caption.
      const video = await page.locator(".chapter-content iframe").boundingBox();
      const text = await page.locator(".chapter-content").boundingBox();
      expect(video!.width).toBeCloseTo(text!.width, 0);
      expect(video!.width / video!.height).toBeCloseTo(16 / 9, 1);
      const image = page.getByRole("img", { name: "The finished habit tracker on a phone" });
      await expect(image).toHaveAttribute("width", /\d+/);
      await expect(page.getByText("The app the prompt built")).toBeVisible();
      await expect(image).toHaveJSProperty("complete", true);

      const code = page.locator(".chapter-content pre");
      await expect(code).toHaveCSS("font-family", /mono/i);
      if (javaScriptEnabled) {
        await context.grantPermissions(["clipboard-read", "clipboard-write"]);
        const copy = page.getByRole("button", { name: "Copy" });
        await copy.click();
        await expect(page.getByRole("button", { name: "Copied!" })).toBeVisible();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toContain("Build a habit tracker.");
      } else {
        await expect(page.getByRole("button", { name: "Copy" })).toHaveCount(0);
        await expect(code).not.toHaveCSS("user-select", "none");
      }

      await expectAccessible(page, { javaScriptEnabled });
      await shot(page, `reader-${width}-${mode}`);
      await page.emulateMedia({ colorScheme: "dark" });
      await expect(page.locator("body")).toHaveCSS("background-color", "rgb(2, 6, 23)");
      // A card from md up only: on a phone no band of another colour sits behind the text.
      await expect(article).toHaveCSS("background-color", width === 390 ? "rgba(0, 0, 0, 0)" : "rgb(15, 23, 42)");
      await expectAccessible(page, { javaScriptEnabled, dark: true });
      await shot(page, `reader-${width}-${mode}-dark`);
      await page.emulateMedia({ colorScheme: "light" });

      // One primary action, then 'Complete course' on the last chapter, into the panel.
      await page.getByRole("button", { name: "Complete and continue" }).click();
      await expect(page.getByRole("heading", { level: 2, name: "Shipping it" })).toBeVisible();
      await page.getByRole("button", { name: "Complete course" }).click();
      const panel = page.getByRole("region", { name: "Course completed" });
      await expect(panel).toBeVisible();
      // Focused on arrival for screen readers, without a ring round the whole panel.
      await expect(panel).toHaveCSS("outline-style", "none");
      await expect(panel).toContainText(/Completed on [A-Z][a-z]+ \d{1,2}, \d{4}/);
      await expect(panel.getByRole("link", { name: "View certificate" })).toBeVisible();
      await expect(panel.getByRole("textbox", { name: "Share certificate" })).toHaveValue(
        /^http:\/\/127\.0\.0\.1:\d+\/certificates\/[A-Za-z0-9_-]{22}$/,
      );
      if (javaScriptEnabled) {
        await panel.getByRole("button", { name: "Copy link" }).click();
        await expect(panel.getByRole("button", { name: "Copied!" })).toBeVisible();
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectAccessible(page, { javaScriptEnabled });
      await shot(page, `completed-${width}-${mode}`);
      await page.emulateMedia({ colorScheme: "dark" });
      await expectAccessible(page, { javaScriptEnabled, dark: true });
      await shot(page, `completed-${width}-${mode}-dark`);
      await page.goto("/dashboard");
      await expectAccessible(page, { javaScriptEnabled, dark: true });
      await shot(page, `dashboard-${width}-${mode}-dark`);
    });
  });
}

test.describe("the plan page at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("its Logout button is a 44 px tap target (issue 30)", async ({ page, db }) => {
    const user = await createUser(db, { paid: "none" });
    await logIn(page, user.email, user.password);
    await page.waitForURL("**/payment-options");
    const logout = page.getByRole("main").getByRole("button", { name: "Logout" });
    const box = await logout.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
  });
});

test.describe("dark mode across the member area", () => {
  test.use({ viewport: { width: 1280, height: 900 }, colorScheme: "dark" });

  // The same pages without JavaScript render the same colours; the reader's no-JS dark check is above.
  test("the tools and bonuses pass axe too @js-only", async ({ page, javaScriptEnabled, paidMember: _paidMember }) => {
    for (const address of ["/dashboard", "/app-builder", "/app-idea-generator", "/bonuses"]) {
      await page.goto(address);
      await expect(page.locator("body")).toHaveCSS("background-color", "rgb(2, 6, 23)");
      await expectAccessible(page, { javaScriptEnabled, dark: true });
    }
  });
});
