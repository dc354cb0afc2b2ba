import crypto from "node:crypto";
import { expect, type BrowserContext, type Page } from "@playwright/test";
import { E2E_BASE_URL } from "../../playwright.config";

export const uniqueEmail = (label: string) => `${label}-${crypto.randomBytes(5).toString("hex")}@e2e.example`;

export async function signUp(
  page: Page,
  { name = "Pat Member", email = uniqueEmail("member"), password = "member-password-1" } = {},
) {
  await page.goto("/signup");
  await page.getByLabel("Full Name").fill(name);
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL("**/payment-options");
  return { name, email, password };
}

export async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

export async function logOut(page: Page) {
  // The desktop bar or the plan page; either is a real form posting to /logout.
  await page.getByRole("button", { name: "Logout" }).first().click();
  await page.waitForURL((url) => url.pathname === "/");
}

/** Waits until React has hydrated the page (the root layout marks <html data-hydrated>), so handlers are attached. */
export async function hydrated(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

/**
 * The consent banner shows until a choice is made. Specs about the pages underneath it start
 * with a choice already made, as a returning visitor would.
 */
export async function withConsentChosen(context: BrowserContext, choice: "all" | "essential" | "none" = "essential") {
  await context.addCookies([{ name: "cookie-consent", value: choice, url: E2E_BASE_URL }]);
}
