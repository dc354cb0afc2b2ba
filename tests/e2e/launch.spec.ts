import fs from "node:fs";
import path from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { toZonedInput } from "../../app/features/launch/launch";
import { expect, test } from "./fixtures";
import { withConsentChosen } from "./helpers";

/**
 * Issue 26 (decision 053), with JavaScript and without: the admin moves 'Cart closes' at
 * /admin/launch, a visitor's countdown follows at once, and after the close the pages say the
 * launch price has ended. The settings are shared by every spec on the server: this one puts
 * them back as it found them.
 */
const ZONE = "America/Chicago";
const MINUTE = 60_000;

/**
 * The js and no-js runs of this spec go side by side in two workers against one server: without
 * this, one run's `finally` put the settings back while the other was reading its own deadline.
 * A directory in the run's data folder (shared by every worker, fresh each run) is the lock:
 * creating it is atomic, so one run at a time changes the settings.
 */
async function takeLaunchSettingsLock(): Promise<() => void> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set: run the specs through playwright.config.ts");
  const lock = path.join(dataDir, "launch-settings.lock");
  const taken = () => {
    try {
      fs.mkdirSync(lock);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      return false;
    }
  };
  await expect.poll(taken, { timeout: 45_000, message: "the other run's launch settings lock" }).toBe(true);
  return () => fs.rmSync(lock, { recursive: true, force: true });
}

async function saveLaunch(page: Page, values: { cartOpensAt: string; cartClosesAt: string }) {
  await page.goto("/admin/launch");
  await page.getByLabel("Cart opens").fill(values.cartOpensAt);
  await page.getByLabel("Cart closes").fill(values.cartClosesAt);
  await page.getByRole("button", { name: "Save launch settings" }).click();
  await expect(page.getByText("Launch settings saved.")).toBeVisible();
}

test("the admin moves 'Cart closes'; a visitor's countdown follows, then the launch price has ended", async ({
  page,
  admin,
  browser,
}, testInfo) => {
  test.setTimeout(90_000); // it may wait for the other project's run of it (takeLaunchSettingsLock)
  expect(admin.email).toBeTruthy(); // the fixture signs the admin in
  const releaseLock = await takeLaunchSettingsLock();
  try {
    await page.goto("/admin/launch");
    await expect(page.getByLabel("Launch time zone")).toHaveValue(ZONE);
    const before = {
      cartOpensAt: await page.getByLabel("Cart opens").inputValue(),
      cartClosesAt: await page.getByLabel("Cart closes").inputValue(),
    };
    if (testInfo.project.name === "js") {
      // axe runs in the page, so only where JavaScript runs (as business.spec.ts does).
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
    }
    const visitorContext = await browser.newContext();
    await withConsentChosen(visitorContext);
    const visitor = await visitorContext.newPage();
    try {
      // Open since yesterday, closing 2 days 3 hours 30 minutes from now (the form takes minutes).
      const now = Date.now();
      await saveLaunch(page, {
        cartOpensAt: toZonedInput(new Date(now - 24 * 60 * MINUTE), ZONE),
        cartClosesAt: toZonedInput(new Date(now + (2 * 24 * 60 + 3 * 60 + 30) * MINUTE), ZONE),
      });
      await visitor.goto("/ailabs-offer3");
      const timer = visitor.getByRole("timer", { name: "The launch price ends in" });
      await expect(timer).toHaveText(/^02Days03Hours(2[89]|30)Minutes\d\dSeconds$/);
      await visitor.goto("/");
      await expect(visitor.getByText("This launch price will rise to $197 in")).toBeVisible();
      await expect(visitor.getByRole("timer", { name: "Time left at the launch price" })).toHaveText(
        /^02d 03h (2[89]|30)m \d\ds$/,
      );

      // Closed a minute ago.
      await saveLaunch(page, {
        cartOpensAt: toZonedInput(new Date(now - 24 * 60 * MINUTE), ZONE),
        cartClosesAt: toZonedInput(new Date(now - MINUTE), ZONE),
      });
      for (const pagePath of ["/ailabs-offer3", "/"]) {
        await visitor.goto(pagePath);
        await expect(visitor.getByText("The launch price has ended").first()).toBeVisible();
        await expect(visitor.getByRole("timer")).toHaveCount(0);
        await expect(visitor.getByText("-$172")).toHaveCount(0);
      }
    } finally {
      await saveLaunch(page, before);
      await visitorContext.close();
    }
  } finally {
    releaseLock();
  }
});

test(
  "a page open when 'Cart closes' passes: the countdown gives way to 'The launch price has ended', and the page reloads once",
  { tag: "@js-only" },
  async ({ page, admin, browser }) => {
    test.setTimeout(90_000); // it may wait for the other project's run of the first test
    expect(admin.email).toBeTruthy();
    const releaseLock = await takeLaunchSettingsLock();
    try {
      await page.goto("/admin/launch");
      const before = {
        cartOpensAt: await page.getByLabel("Cart opens").inputValue(),
        cartClosesAt: await page.getByLabel("Cart closes").inputValue(),
      };
      try {
        const now = Date.now();
        const closesAt = toZonedInput(new Date(now + 60 * MINUTE), ZONE);
        await saveLaunch(page, {
          cartOpensAt: toZonedInput(new Date(now - 24 * 60 * MINUTE), ZONE),
          cartClosesAt: closesAt,
        });
        // The form takes minutes: the deadline is that minute, as the server stored it.
        const deadline = new Date(now + 60 * MINUTE);
        deadline.setUTCSeconds(0, 0);
        for (const [pagePath, timerName] of [
          ["/ailabs-offer3", "The launch price ends in"],
          ["/", "Time left at the launch price"],
        ] as const) {
          // The visitor's clock 3 s before the deadline (the server's stays real, so it renders the open page).
          const context = await browser.newContext();
          await withConsentChosen(context);
          const visitor = await context.newPage();
          try {
            await visitor.clock.install({ time: deadline.getTime() - 5000 });
            await visitor.clock.pauseAt(deadline.getTime() - 3000);
            await visitor.goto(pagePath);
            const timer = visitor.getByRole("timer", { name: timerName });
            await expect(timer).toHaveText(/^00\s*[Dd]\D*00\s*[Hh]\D*00\s*[Mm]\D*03\s*[Ss]/);
            const reloaded = visitor.waitForEvent("load", { timeout: 10_000 });
            await visitor.clock.runFor(3000);
            await reloaded;
            // The reloaded page is still the open one (the server's clock is real): the ticker
            // relabels it on arrival, and does not reload it again.
            await expect(visitor.getByText("The launch price has ended").first()).toBeVisible();
            await expect(visitor.getByRole("timer")).toHaveCount(0);
            let reloads = 0;
            visitor.on("load", () => reloads++);
            await visitor.clock.runFor(5000);
            await expect(visitor.getByText("The launch price has ended").first()).toBeVisible();
            expect(reloads).toBe(0);
          } finally {
            await context.close();
          }
        }
      } finally {
        await saveLaunch(page, before);
      }
    } finally {
      releaseLock();
    }
  },
);
