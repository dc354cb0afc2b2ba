import { expect, test, type Page } from "@playwright/test";
import { currentStep, totpCode } from "../support/totp";
import { hydrated, logIn, logOut, signUp } from "./helpers";
import { at } from "../support/present";

/**
 * Issue 11 in Chromium, with JavaScript and without: enrol from /account/security (the code computed from
 * the secret the page shows), sign out, sign in through the code step, then with a recovery code.
 */
async function enterCode(page: Page, code: string) {
  if (test.info().project.name === "js") await hydrated(page);
  await page.getByLabel("Authentication code", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
}

test("enrol, sign out, sign in through the code step, then with a recovery code", async ({ page }) => {
  test.setTimeout(120_000); // one journey of eleven pages on a shared machine
  const account = await signUp(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Account" }).click();
  await page.waitForURL("**/account");
  // The account's pages, through their sub-navigation.
  const accountNav = page.getByRole("navigation", { name: "Account" });
  for (const [link, url, headings] of [
    ["Profile", "**/account", ["Profile", "Email"]],
    ["Sessions", "**/account/sessions", ["Sessions"]],
    ["Password and two-factor", "**/account/security", ["Password", "Two-factor authentication"]],
  ] as const) {
    await accountNav.getByRole("link", { name: link }).click();
    await page.waitForURL(url);
    for (const heading of headings) {
      await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
    }
    if (link === "Sessions") await expect(page.getByText("This device")).toBeVisible();
  }

  await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
  await page.waitForURL("**/account/two-factor");
  await expect(page.getByRole("img", { name: "QR code for your authentication app" }).locator("svg")).toBeVisible();
  const secret = (await page.getByLabel("Secret key").textContent())!.replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const enrolledAt = currentStep();
  await enterCode(page, totpCode(secret));

  await expect(page.getByRole("heading", { name: "Save your recovery codes" })).toBeVisible();
  const codes = await page.getByRole("list", { name: "Recovery codes" }).locator("code").allTextContents();
  expect(codes).toHaveLength(10);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download" }).click();
  expect((await download).suggestedFilename()).toBe("recovery-codes.txt");
  await page.getByRole("link", { name: "I have saved these codes" }).click();
  await page.waitForURL("**/account/security");
  await expect(page.getByText("10 recovery codes remain.")).toBeVisible();

  await logOut(page);
  await logIn(page, account.email, account.password);
  await page.waitForURL("**/login/two-factor");
  await expect(page.getByText("10 recovery codes remain.")).toBeVisible();
  // The enrolment used this step's code: the next step's is the one to use (codes work once).
  await enterCode(page, totpCode(secret, Math.max(currentStep(), enrolledAt + 1)));
  await page.waitForURL("**/payment-options");

  await logOut(page);
  await logIn(page, account.email, account.password);
  await page.waitForURL("**/login/two-factor");
  await enterCode(page, at(codes, 0, "recovery code"));
  await page.waitForURL("**/payment-options");
  await page.goto("/account/security");
  await expect(page.getByText("9 recovery codes remain.")).toBeVisible();
});

test("a wrong code is refused with a clear message", async ({ page }) => {
  const account = await signUp(page);
  await page.goto("/account/security");
  await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
  const secret = (await page.getByLabel("Secret key").textContent())!.replace(/\s/g, "");
  await enterCode(page, totpCode(secret));
  await page.getByRole("link", { name: "I have saved these codes" }).click();
  await logOut(page);
  await logIn(page, account.email, account.password);
  await page.waitForURL("**/login/two-factor");
  await enterCode(page, "12345");
  await expect(page.getByRole("alert")).toHaveText(
    "That code is not valid. Check your authentication app and try again.",
  );
});
