import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { hydrated, logIn, logOut, signUp } from "./helpers";

test.describe("accounts", () => {
  test("signup leads to the plan page, and logout returns home", async ({ page }) => {
    await signUp(page);
    await expect(page.getByRole("heading", { name: "Choose Your Access Plan" })).toBeVisible();
    await logOut(page);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
  });

  test("the seeded admin logs in to the dashboard", async ({ page }) => {
    await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.waitForURL("**/dashboard");
    await expect(page.getByRole("link", { name: "Admin Panel" }).first()).toBeAttached();
  });

  test("an unpaid user logs in to the plan page", async ({ page, context }) => {
    const account = await signUp(page);
    await context.clearCookies();
    await logIn(page, account.email, account.password);
    await page.waitForURL("**/payment-options");
  });

  test("the special-access flag kept in this browser's session storage rides along with the login form @js-only", async ({
    page,
    context,
  }) => {
    await page.goto("/login?special_access=true");
    await hydrated(page);
    expect(await page.evaluate(() => window.sessionStorage.getItem("special_access"))).toBe("true");
    // Without the query parameter and the cookie, the browser-session flag alone still marks the form.
    await context.clearCookies();
    await page.goto("/login");
    await hydrated(page);
    await expect(page.locator('input[type="hidden"][name="special_access"]')).toHaveValue("true");
    await page.evaluate(() => window.sessionStorage.removeItem("special_access"));
    await page.reload();
    await hydrated(page);
    await expect(page.locator('input[type="hidden"][name="special_access"]')).toHaveCount(0);
  });

  test("a wrong password shows the message above the form and keeps the email", async ({ page }) => {
    await logIn(page, E2E_ADMIN.email, "not-the-password");
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
    await expect(page.getByLabel("Email address")).toHaveValue(E2E_ADMIN.email);
  });

  test("the sign-in and sign-up forms name what is missing, in the spec's words", async ({
    page,
    javaScriptEnabled,
  }) => {
    // With JavaScript the browser checks before posting (app/platform/forms/use-validated-form.ts); without
    // it the action answers: the same messages either way.
    await page.goto("/login");
    if (javaScriptEnabled) await hydrated(page);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Email address is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
    await expect(page.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/login$/);

    await page.goto("/signup");
    if (javaScriptEnabled) await hydrated(page);
    await page.getByLabel("Full Name").fill("Pat");
    await page.getByLabel("Email address").fill("pat@e2e.example");
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
    await expect(page.getByLabel("Email address")).toHaveValue("pat@e2e.example");
    if (javaScriptEnabled) {
      // Once shown, a message follows every keystroke.
      await page.getByLabel("Password").fill("long-enough-now");
      await expect(page.getByText("Password must be at least 8 characters")).toBeHidden();
    }
  });
});
