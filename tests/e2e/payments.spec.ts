import { expect, test } from "@playwright/test";
import { E2E_STRIPE } from "../../playwright.config";
import { signUp } from "./helpers";

test.describe("payments", () => {
  test("a new member pays through Stripe Checkout and lands in the dashboard with access", async ({ page }) => {
    await signUp(page);
    await expect(page.getByRole("heading", { name: "Choose Your Access Plan" })).toBeVisible();
    await expect(page.getByText("$25", { exact: true })).toBeVisible();
    await expect(page.getByText("Lifetime Updates")).toBeVisible();
    await expect(page.getByRole("button", { name: "Logout" }).last()).toBeVisible();

    // Its pending label ('Processing...') is tests/unit/pending-labels.test.tsx.
    await page.getByRole("button", { name: "Get Lifetime Access Now" }).click();

    await page.waitForURL(`${E2E_STRIPE.baseUrl}/pay/**`);
    await page.getByRole("button", { name: "Pay $25.00" }).click();

    await page.waitForURL("**/success?session_id=cs_test_*");
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await expect(page.getByText("Your lifetime access is active.")).toBeVisible();

    // No click: the page moves on to the dashboard by itself after 5 seconds.
    await page.waitForURL((url) => url.pathname === "/dashboard", { timeout: 10_000 });
    await page.waitForLoadState("load");
    expect(new URL(page.url()).pathname).toBe("/dashboard");
    await page.goto("/payment-options");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("cancelling at Stripe shows 'Payment Cancelled' and the button leads on", async ({ page }) => {
    await signUp(page);
    await page.getByRole("button", { name: "Get Lifetime Access Now" }).click();
    await page.waitForURL(`${E2E_STRIPE.baseUrl}/pay/**`);
    await page.getByRole("link", { name: "Cancel and go back" }).click();

    await page.waitForURL("**/cancel");
    await expect(page.getByRole("heading", { name: "Payment Cancelled" })).toBeVisible();
    await page.getByRole("link", { name: "Go to Dashboard" }).click();
    // Not paid: the member guard sends the user back to the plan page.
    await page.waitForURL("**/payment-options");
    await expect(page.getByRole("heading", { name: "Choose Your Access Plan" })).toBeVisible();
  });

  test("'Forgot password?' on the login page leads to a form that never reveals accounts", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL("**/forgot-password");
    await page.getByLabel("Email address").fill("nobody-here@e2e.example");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText("If an account exists for that email address")).toBeVisible();
  });
});
