import crypto from "node:crypto";
import { expect, test } from "@playwright/test";
import { E2E_ADMIN, E2E_MAIL } from "../../playwright.config";
import { logIn, uniqueEmail, withConsentChosen } from "./helpers";

/**
 * Issue 27, with JavaScript and without: a lead signs up on /special-access, makes the account the
 * confirmation email offers, confirms the address and opens the starter course; the admin sends
 * an announcement to the leads; the lead unsubscribes from the link in the email it received.
 */
type ReceivedMail = { to: string[]; subject: string; text: string };
async function mailTo(address: string): Promise<ReceivedMail[]> {
  const response = await fetch(`${E2E_MAIL.apiUrl}/messages?${new URLSearchParams({ to: address })}`);
  return (await response.json()) as ReceivedMail[];
}
async function waitForMail(address: string, subject: string): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailTo(address)).find((mail) => mail.subject.includes(subject));
        return Boolean(found);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}
const linkIn = (mail: ReceivedMail, pattern: RegExp) => {
  const match = mail.text.match(pattern);
  if (!match) throw new Error(`no link ${pattern} in:\n${mail.text}`);
  return match[1]!;
};

test("a lead gets the starter course, the admin's announcement, and unsubscribes from its link", async ({
  page,
  browser,
}) => {
  // A long story: two people, four emails waited for.
  test.setTimeout(90_000);
  const lead = await browser.newContext();
  await withConsentChosen(lead);
  const leadPage = await lead.newPage();
  const email = uniqueEmail("lead");
  const password = "lead-password-123";

  // The lead form, then the account its confirmation email offers.
  await leadPage.goto("/special-access");
  await leadPage.getByLabel("Email address").fill(email);
  await leadPage.getByLabel("First name (optional)").fill("Lee");
  await leadPage.getByRole("button", { name: /access/i }).click();
  await leadPage.waitForURL("**/thank-you-access");
  const confirmation = await waitForMail(email, "access is confirmed");
  await leadPage.goto(linkIn(confirmation, /(https?:\/\/\S+\/signup\?email=\S+)/));
  await expect(leadPage.getByLabel("Email address")).toHaveValue(email);
  await leadPage.getByLabel("Full Name").fill("Lee Lead");
  await leadPage.getByLabel("Password").fill(password);
  await leadPage.getByRole("button", { name: "Create account" }).click();
  // The link proved the address: the starter course is open at once.
  await leadPage.waitForURL("**/dashboard");
  await leadPage.getByRole("button", { name: "Logout" }).first().click();
  await leadPage.waitForURL((url) => url.pathname === "/");
  // Back through /thank-you-access's button: `special_access` leads to the dashboard.
  await leadPage.goto("/login?special_access=true");
  await leadPage.getByLabel("Email address").fill(email);
  await leadPage.getByLabel("Password").fill(password);
  await leadPage.getByRole("button", { name: "Sign in" }).click();
  await leadPage.waitForURL("**/dashboard");
  await expect(leadPage.getByRole("link", { name: /Unlock with lifetime access/ }).first()).toBeVisible();
  await leadPage.getByRole("link", { name: /: Your first AI SaaS idea in 30 minutes/ }).click();
  await expect(leadPage.getByRole("heading", { name: /Minutes 0 to 10/ }).first()).toBeVisible();
  // Another browser, a plain /login (no special_access flag remembered): the dashboard too, as
  // the starter course is there.
  const returning = await browser.newContext();
  await withConsentChosen(returning);
  const returningPage = await returning.newPage();
  await logIn(returningPage, email, password);
  await returningPage.waitForURL("**/dashboard");
  await expect(returningPage.getByRole("link", { name: /: Your first AI SaaS idea in 30 minutes/ })).toBeVisible();
  await returning.close();

  // The admin announces to the leads who have not bought.
  const subject = `Launch news ${crypto.randomBytes(4).toString("hex")}`;
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.waitForURL("**/dashboard");
  await page.goto("/admin/emails/announcements/new");
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Body").fill("The doors open **tomorrow**.");
  await page.getByLabel("Leads who have not bought").check();
  await page.getByRole("button", { name: "Preview" }).click();
  await page.waitForURL(/\/admin\/emails\/announcements\/[0-9a-f-]+$/);
  const send = page.getByRole("button", { name: /^Send to \d+ recipients?$/ });
  await expect(send).toBeVisible();
  await send.click();
  await expect(page.getByText(/^Queued \d+ messages?/)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/emails(#flash)?$/);

  // The lead unsubscribes from the email's link: a page with a button, then the new state.
  const announcement = await waitForMail(email, subject);
  expect(announcement.text).toContain("AI Profit Labs E2E, 1 Test Street, Springfield");
  await leadPage.goto(linkIn(announcement, /Unsubscribe: (\S+)/));
  await leadPage.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(leadPage.getByText("You have been unsubscribed.")).toBeVisible();
  await expect(leadPage.getByRole("button", { name: "Resubscribe" })).toBeVisible();
  await leadPage.goto("/account/email-preferences");
  await expect(leadPage.getByLabel("Product news and announcements")).not.toBeChecked();
  await lead.close();
});
