import { expect, test } from "@playwright/test";
import { hydrated, signUp, withConsentChosen } from "./helpers";

/**
 * The account's pages in a real browser, with JavaScript and without: the sub-navigation leads
 * from page to page and marks the one shown; with JavaScript an old link to a section of the
 * single page they were (/account#privacy) opens that section's page, the script allowed by the
 * page's CSP nonce.
 */
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

test("the sub-navigation leads to each page and marks it", async ({ page, context }) => {
  await withConsentChosen(context);
  await signUp(page);
  await page.goto("/account");
  const nav = page.getByRole("navigation", { name: "Account" });
  for (const [link, path, heading] of [
    ["Password and two-factor", "/account/security", "Password"],
    ["Sessions", "/account/sessions", "Sessions"],
    ["Email preferences", "/account/email-preferences", "Email preferences"],
    ["Privacy and data", "/account/privacy", "Privacy and data"],
    ["Profile", "/account", "Profile"],
  ] as const) {
    await nav.getByRole("link", { name: link }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
    await expect(nav.getByRole("link", { name: link })).toHaveAttribute("aria-current", "page");
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  }
});

test("an old link to a section of /account opens its page @js-only", async ({ page, context }) => {
  // The fragment never reaches the server: only the page's script can follow it.
  await withConsentChosen(context);
  await signUp(page);
  for (const [fragment, path] of [
    ["#privacy", "/account/privacy"],
    ["#email-preferences", "/account/email-preferences"],
    ["#sessions", "/account/sessions"],
    ["#two-factor", "/account/security"],
  ] as const) {
    await page.goto(`/account${fragment}`);
    await page.waitForURL(`**${path}`);
  }
  // A fragment that stayed on /account stays.
  await page.goto("/account#email");
  await expect(page.getByRole("heading", { name: "Email", exact: true })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/account");
});

test("the profile's forms say what is wrong, in the browser or from the server", async ({ page, context }) => {
  // With JavaScript the form's schema checks it before it goes; without, the server's answer is the flash.
  await withConsentChosen(context);
  const account = await signUp(page);
  await page.goto("/account");
  if (test.info().project.name === "js") await hydrated(page);
  await page.getByLabel("Name", { exact: true }).fill("   ");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText("Your name is required")).toBeVisible();

  await page.getByLabel("New email address").fill("not-an-address");
  await page.getByRole("button", { name: "Change email" }).click();
  await expect(page.getByText("Enter a valid email address")).toBeVisible();

  await page.getByLabel("Name", { exact: true }).fill("Pat Renamed");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText("Your name was saved.")).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Pat Renamed");
  expect(account.name).not.toBe("Pat Renamed");
});
