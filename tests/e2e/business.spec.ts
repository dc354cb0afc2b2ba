import fs from "node:fs";
import { AxeBuilder } from "@axe-core/playwright";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { E2E_ADMIN, E2E_BASE_URL, E2E_WARRIORPLUS } from "../../playwright.config";
import { marketplaceSale, postMarketplaceIpn } from "../support/marketplace-sale";
import { logIn, signUp, uniqueEmail, withConsentChosen } from "./helpers";

/**
 * Running the business, with JavaScript and without: an admin finds a member who paid on the
 * marketplace and sees the order, grants and revokes complimentary access to another user (who
 * gets in, then is out again), and exports the members CSV.
 */
test.beforeEach(async ({ context }) => {
  await withConsentChosen(context);
});

async function asAdmin(page: Page) {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.waitForURL("**/dashboard");
}

async function findMember(page: Page, email: string) {
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Members" }).click();
  await page.waitForURL("**/admin/members");
  await page.getByLabel("Search").fill(email);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/admin/members" && url.searchParams.get("q") === email);
}

test("an admin finds a marketplace buyer, sees the order and exports the CSV", async ({ page }, testInfo) => {
  const buyer = uniqueEmail("market");
  const sold = marketplaceSale(
    { securityKey: E2E_WARRIORPLUS.securityKey, item: E2E_WARRIORPLUS.membershipItem, email: buyer },
    { WP_BUYER_NAME: "Maya Market", WP_AFFID: "aff_e2e" },
  );
  expect((await postMarketplaceIpn(E2E_BASE_URL, sold)).status).toBe(200);

  await asAdmin(page);
  await findMember(page, buyer);
  const row = page.getByRole("row", { name: new RegExp(buyer) });
  await expect(row).toContainText("Paid");
  await expect(row).toContainText("WarriorPlus");
  if (testInfo.project.name === "js") {
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  }

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^members-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows: Record<string, string>[] = parse(fs.readFileSync(await download.path(), "utf8"), { columns: true });
  expect(rows).toEqual([
    expect.objectContaining({ email: buyer, name: "Maya Market", access: "Paid", source: "WarriorPlus" }),
  ]);

  await row.getByRole("link", { name: buyer }).click();
  await expect(page.getByRole("heading", { level: 1, name: buyer })).toBeVisible();
  await page.getByRole("navigation", { name: "Member" }).getByRole("link", { name: "Orders and refunds" }).click();
  const orders = page.getByRole("region", { name: "Orders" });
  await expect(orders).toContainText(sold.WP_SALE);
  await expect(orders).toContainText("$17.00 USD");
  await expect(orders).toContainText("aff_e2e");
  await page.getByRole("navigation", { name: "Member" }).getByRole("link", { name: "Sign-in help" }).click();
  await expect(page.getByRole("region", { name: "Emails" })).toContainText("Your AI Profit Labs login details");
});

/**
 * Where the member's own browser is sent from /dashboard, asked afresh: a member's pages may be
 * kept by the browser for 5 minutes (private, max-age=300), which a check of the guard must skip.
 */
async function dashboardAnswer(context: BrowserContext): Promise<string> {
  const response = await context.request.get("/dashboard", { maxRedirects: 0 });
  return response.status() === 200 ? "/dashboard" : new URL(response.headers().location!, E2E_BASE_URL).pathname;
}

test("an admin grants and revokes complimentary access to another user", async ({ page, browser }, testInfo) => {
  // The other user signs up in a browser of their own.
  const memberContext = await browser.newContext({
    baseURL: E2E_BASE_URL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
  });
  await withConsentChosen(memberContext);
  const member = await memberContext.newPage();
  const { email } = await signUp(member, { email: uniqueEmail("comp") });
  expect(await dashboardAnswer(memberContext)).toBe("/payment-options");

  await asAdmin(page);
  await findMember(page, email);
  await expect(page.getByRole("row", { name: new RegExp(email) })).toContainText("No access");
  await page.getByRole("link", { name: email }).click();

  // The member page has a form per product too: this is the complimentary access one.
  await page.getByRole("form", { name: "Grant complimentary access" }).getByLabel("Reason").fill("Podcast guest");
  await page.getByRole("button", { name: "Grant complimentary access" }).click();
  await expect(page.getByRole("status")).toHaveText("Complimentary access granted.");
  await expect(page.getByRole("region", { name: "Access" })).toContainText("Complimentary");
  await expect(page.getByRole("region", { name: "Complimentary grants" })).toContainText("Podcast guest");

  await member.goto("/dashboard");
  await expect(member).toHaveURL(/\/dashboard$/);
  expect(await dashboardAnswer(memberContext)).toBe("/dashboard");

  await page.getByRole("button", { name: "Revoke complimentary access" }).click();
  await expect(page.getByRole("status")).toHaveText("Complimentary access revoked.");
  await expect(page.getByRole("region", { name: "Access" })).toContainText("No access");
  const log = page.getByRole("region", { name: "Activity log" });
  await expect(log).toContainText("Granted complimentary access");
  await expect(log).toContainText("Revoked complimentary access");

  expect(await dashboardAnswer(memberContext)).toBe("/payment-options");
  await memberContext.close();
});

test("the sales and emails pages render for an admin", async ({ page }, testInfo) => {
  await asAdmin(page);
  await page.goto("/admin/sales");
  await expect(page.getByRole("heading", { level: 1, name: "Sales" })).toBeVisible();
  await expect(page.getByRole("img", { name: /Daily net revenue/ }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Export orders CSV" })).toBeVisible();
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Emails" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Emails" })).toBeVisible();
  if (testInfo.project.name === "js") {
    for (const path of ["/admin/sales", "/admin/emails"]) {
      await page.goto(path);
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(
        violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${path}: ${v.id}`),
      ).toEqual([]);
    }
  }
});
