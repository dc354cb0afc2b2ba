import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN, E2E_BASE_URL, E2E_MAIL, E2E_WARRIORPLUS } from "../../playwright.config";
import { marketplaceRefund, marketplaceSale, postMarketplaceIpn } from "../support/marketplace-sale";
import { logIn, uniqueEmail, withConsentChosen } from "./helpers";
import { only } from "../support/present";

/**
 * Issue 25, with JavaScript and without: an admin maps the upsells' marketplace items; a buyer
 * buys the front end, the white-label and the custom SaaS package on the marketplace, gets in with
 * the one login email, sees the upgrades as owned, applies for the custom SaaS build, and when the
 * white-label is refunded only it closes.
 */
const ITEMS = { white_label: "wso_e2e_white_label", custom_saas: "wso_e2e_custom_saas" };

type ReceivedMail = { to: string[]; subject: string; text: string };
async function mailTo(address: string): Promise<ReceivedMail[]> {
  const response = await fetch(`${E2E_MAIL.apiUrl}/messages?${new URLSearchParams({ to: address })}`);
  return (await response.json()) as ReceivedMail[];
}

/** A sale of `item` to `email` on the marketplace, posted and accepted. */
async function buy(email: string, item: string, name: string, amount: string) {
  const form = marketplaceSale(
    { securityKey: E2E_WARRIORPLUS.securityKey, item, email },
    { WP_ITEM_NAME: name, WP_BUYER_NAME: "Ulla Upgrade", WP_SALE_AMOUNT: amount },
  );
  expect((await postMarketplaceIpn(E2E_BASE_URL, form)).status).toBe(200);
  return form;
}

async function mapItems(page: Page) {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.waitForURL("**/dashboard");
  for (const [key, item] of Object.entries(ITEMS)) {
    await page.goto("/admin/products");
    const form = page.locator("form", { has: page.locator(`#${key}-name`) });
    await form.getByLabel("Marketplace item numbers").fill(item);
    await form.getByRole("button", { name: /^Save / }).click();
    await expect(page.getByRole("status")).toContainText("saved.");
  }
}

test("marketplace upgrades unlock what they sell, and a refund closes only its own", async ({ browser }) => {
  // An admin's session, three sales, a set-password visit and four pages: as long as the longest walks.
  test.setTimeout(90_000);
  const adminContext = await browser.newContext();
  await withConsentChosen(adminContext);
  await mapItems(await adminContext.newPage());
  await adminContext.close();

  const buyer = uniqueEmail("upgrades");
  await buy(buyer, E2E_WARRIORPLUS.membershipItem, "AI Profit Labs", "17.00");
  const whiteLabel = await buy(buyer, ITEMS.white_label, "White-Label", "37.00");
  await buy(buyer, ITEMS.custom_saas, "SaaS Partner", "997.00");

  await expect.poll(async () => (await mailTo(buyer)).length, { timeout: 15_000 }).toBe(1);
  const login = only(await mailTo(buyer), "login mail");
  expect(login.subject).toBe("Your AI Profit Labs login details");
  const href = login.text.match(/https?:\/\/\S+/g)!.find((url) => new URL(url).pathname === "/reset-password")!;

  const context = await browser.newContext();
  await withConsentChosen(context);
  const page = await context.newPage();
  const link = new URL(href);
  await page.goto(link.pathname + link.search);
  await page.getByLabel("New password").fill("upgrade-buyer-password");
  await page.getByRole("button", { name: "Set password" }).click();
  await page.waitForURL((url) => url.pathname === "/dashboard");
  const upgrades = page.getByRole("region", { name: "Your upgrades" });
  await expect(upgrades.getByRole("link", { name: "12-in-1 White-Label AI SaaS" })).toBeVisible();
  await expect(upgrades.getByRole("link", { name: "Custom AI SaaS and 1-on-1 Coaching" })).toBeVisible();

  // The white-label opens its course, and each tool's kit downloads as a real zip.
  await upgrades.getByRole("link", { name: "12-in-1 White-Label AI SaaS" }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/course/"));
  const courseUrl = new URL(page.url());
  const kitHref = await page
    .getByRole("link", { name: /-kit\.zip/ })
    .first()
    .getAttribute("href");
  const kit = await page.request.get(kitHref!);
  expect(kit.status()).toBe(200);
  expect(kit.headers()["content-disposition"]).toMatch(/^attachment;/);
  expect((await kit.body()).subarray(0, 2).toString("latin1")).toBe("PK");

  await page.goto("/upgrades");
  await expect(page.locator("#white_label")).toContainText("You own this");
  await expect(page.locator("#custom_saas")).toContainText("You own this");

  await page.goto("/custom-saas/apply");
  await page.getByLabel("Project name").fill("Invoice Bot");
  await page.getByLabel("Describe your app").fill("Reads invoices and books them.");
  await page.getByLabel("Your availability").fill("Weekday mornings");
  await page.getByLabel("Recommend hosting for me").check();
  await page.getByRole("button", { name: "Send application" }).click();
  await expect(page.getByRole("status")).toHaveText("Application received. We reply within 24 hours.");

  expect((await postMarketplaceIpn(E2E_BASE_URL, marketplaceRefund(whiteLabel))).status).toBe(200);
  await page.goto("/upgrades");
  await expect(page.locator("#white_label")).not.toContainText("You own this");
  await expect(page.locator("#white_label").getByRole("link", { name: "See the White-Label Offer" })).toBeVisible();
  await expect(page.locator("#custom_saas")).toContainText("You own this");
  // The refunded white-label's course and kits are closed again.
  expect((await page.request.get(kitHref!)).status()).toBe(404);
  await page.goto(courseUrl.pathname);
  await page.waitForURL((url) => url.pathname === "/upgrades" && url.searchParams.get("locked") === "white_label");
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Your Training" })).toBeVisible();
  await context.close();
});
