import fs from "node:fs";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { E2E_ADMIN, E2E_BASE_URL } from "../../playwright.config";
import { logIn, signUp, uniqueEmail, withConsentChosen } from "./helpers";

/**
 * Issue 29 (decision 056), in a real browser with JavaScript on and off: a member downloads their
 * data, deletes the account and cannot sign in again; the consent choice made on pages without
 * React (`/`, the legal pages) and with it (`/jv-doc`) reaches local storage and Decline removes
 * the analytics cookies.
 */
const banner = (page: Page) => page.getByRole("region", { name: "Cookie Consent" });
const cookieValue = async (context: BrowserContext, name: string) =>
  (await context.cookies()).find((cookie) => cookie.name === name)?.value;
const ANALYTICS = ["_ga", "_gid", "_gat"];

/** Every test fails on a console error (a script the CSP blocked among them) or an uncaught page error. */
let consoleErrors: string[] = [];
test.beforeEach(({ page }) => {
  consoleErrors = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(error.message));
});
test.afterEach(() => {
  expect(consoleErrors).toEqual([]);
});

test.describe("privacy and data", () => {
  test("a member downloads their data, deletes the account, and cannot sign in", async ({ page, context }) => {
    await withConsentChosen(context);
    const account = await signUp(page, { name: "Dana Delete" });
    await page.goto("/account/privacy");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download my data" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(fs.readFileSync((await download.path())!, "utf8"));
    expect(data.profile).toMatchObject({ email: account.email, name: "Dana Delete" });
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);

    await page.goto("/account/privacy");
    await page.getByLabel(/Type your email address/).fill(account.email);
    await page.locator("#delete-password").fill(account.password);
    await page.getByRole("button", { name: "Delete my account" }).click();
    await page.waitForURL("**/login?notice=account-deleted");
    await expect(page.getByRole("status")).toContainText("Your account was deleted.");
    expect(await cookieValue(context, "__session")).toBeUndefined();
    expect(await cookieValue(context, "cookie-consent")).toBe("essential");

    await page.goto("/account");
    await expect(page).toHaveURL(/\/login\?redirect=%2Faccount$/);
    await logIn(page, account.email, account.password);
    await expect(page.getByText(/Invalid email or password/i).first()).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    // The refused sign-in answers 400, which the browser logs: expected here, and only here.
    const refused = consoleErrors.findIndex((text) => /status of 400/.test(text));
    expect(refused).toBeGreaterThanOrEqual(0);
    consoleErrors.splice(refused, 1);
  });
});

test.describe("privacy requests (admin)", () => {
  test("an admin exports a member's data and erases the member, whose session ends", async ({
    page,
    context,
    browser,
  }, testInfo) => {
    const memberContext = await browser.newContext({
      baseURL: E2E_BASE_URL,
      javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
    });
    await withConsentChosen(memberContext);
    const member = await memberContext.newPage();
    const account = await signUp(member, { name: "Erin Erase", email: uniqueEmail("erase") });
    const memberId = await memberIdOf(member);

    await withConsentChosen(context);
    await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.waitForURL("**/dashboard");
    await page.goto(`/admin/members/${memberId}/privacy`);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export data" }).click(),
    ]);
    const data = JSON.parse(fs.readFileSync((await download.path())!, "utf8"));
    expect(data.profile).toMatchObject({ id: memberId, email: account.email, name: "Erin Erase" });

    await page.goto(`/admin/members/${memberId}/privacy`);
    const form = page.getByRole("form", { name: "Erase member" });
    await form.getByLabel("Reason").fill("Erasure request by email");
    // A mistyped address is refused by the browser itself: nothing is posted and the reason stays.
    await form.getByLabel(/Type the member/).fill(`x${account.email}`);
    await form.getByRole("button", { name: "Erase member" }).click();
    expect(
      await form.getByLabel(/Type the member/).evaluate((input: HTMLInputElement) => input.validity.patternMismatch),
    ).toBe(true);
    await expect(page).toHaveURL(new RegExp(`/admin/members/${memberId}/privacy$`));
    await expect(form.getByLabel("Reason")).toHaveValue("Erasure request by email");
    await form.getByLabel(/Type the member/).fill(account.email);
    await form.getByRole("button", { name: "Erase member" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/members");
    await expect(page.getByRole("status")).toContainText("The member was erased; their orders are kept as erased-");

    await member.goto("/account");
    await expect(member).toHaveURL(/\/login\?redirect=%2Faccount$/);
    await memberContext.close();

    // The retention periods and housekeeping's dry run, in the panel.
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Retention" }).click();
    await expect(page.getByRole("heading", { name: "Data retention" })).toBeVisible();
    const periods = page.getByRole("region", { name: "Retention periods and the next run" });
    await expect(periods.getByRole("row", { name: /Text of sent emails/ })).toContainText("30 days after sending");
    await expect(periods.getByRole("row", { name: /Known devices/ })).toContainText("1 year after their last use");
  });
});

/** The signed-in member's account id, from their own data file (no admin needed). */
async function memberIdOf(page: Page): Promise<string> {
  await page.goto("/account/privacy");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download my data" }).click(),
  ]);
  return JSON.parse(fs.readFileSync((await download.path())!, "utf8")).profile.id as string;
}

test.describe("cookie consent on pages with and without React", () => {
  const CHOICES: Array<[string, "all" | "essential" | "none"]> = [
    ["Decline", "none"],
    ["Essential Only", "essential"],
    ["Accept All", "all"],
    ["Close (Essential Only)", "essential"],
  ];
  // `/` and the policy are sent without React (one small inline script); /jv-doc with it.
  for (const path of ["/", "/privacy-policy", "/jv-doc"]) {
    for (const [button, choice] of CHOICES) {
      test(`${button} on ${path} is stored in the cookie and local storage; Decline removes the analytics cookies`, async ({
        page,
        context,
        javaScriptEnabled,
      }) => {
        await context.addCookies(ANALYTICS.map((name) => ({ name, value: "GA1.1.42", url: E2E_BASE_URL })));
        await page.goto(path);
        await expect(banner(page)).toBeVisible();
        await banner(page).getByRole("button", { name: button, exact: true }).click();
        await expect(banner(page)).toHaveCount(0);
        await expect.poll(() => cookieValue(context, "cookie-consent")).toBe(choice);
        for (const name of ANALYTICS) {
          expect(await cookieValue(context, name), name).toBe(choice === "none" ? undefined : "GA1.1.42");
        }
        if (!javaScriptEnabled) return;
        await expect.poll(() => page.evaluate(() => window.localStorage.getItem("cookie-consent"))).toBe(choice);
        // While the choice is Decline, analytics cookies set since go at the next page.
        await context.addCookies(ANALYTICS.map((name) => ({ name, value: "GA1.1.43", url: E2E_BASE_URL })));
        await page.evaluate(() => window.localStorage.removeItem("cookie-consent"));
        await page.reload();
        await expect.poll(() => page.evaluate(() => window.localStorage.getItem("cookie-consent"))).toBe(choice);
        for (const name of ANALYTICS) {
          expect(await cookieValue(context, name), name).toBe(choice === "none" ? undefined : "GA1.1.43");
        }
      });
    }
  }
});
