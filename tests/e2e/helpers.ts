import crypto from "node:crypto";
import { expect, type Page } from "@playwright/test";

export const uniqueEmail = (label: string) => `${label}-${crypto.randomBytes(5).toString("hex")}@e2e.example`;

export async function signUp(page: Page, { name = "Pat Member", email = uniqueEmail("member"), password = "member-password-1" } = {}) {
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

/** Waits until React has hydrated the page (its nodes carry React's fiber keys), so handlers are attached. */
export async function hydrated(page: Page) {
  await expect
    .poll(() => page.evaluate(() => Object.keys(document.querySelector("main") ?? {}).some((key) => key.startsWith("__react"))))
    .toBe(true);
}
