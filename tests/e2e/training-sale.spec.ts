import { sql } from "kysely";
import { E2E_MAIL, E2E_STRIPE } from "../../playwright.config";
import { expect, test } from "./fixtures";
import { uniqueEmail, withConsentChosen } from "./helpers";

/**
 * Issue 40, with JavaScript and without: no dead end for a lead. A lead makes the account the
 * confirmation email offers, the training's Day 3 email arrives (its time brought forward in the
 * outbox, as the clock cannot move in another process), and its link leads to the page that sells
 * the membership, where the lead buys it through the (fake) Stripe Checkout.
 */
type ReceivedMail = { to: string[]; subject: string; text: string };
async function waitForMail(address: string, subject: string): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${E2E_MAIL.apiUrl}/messages?${new URLSearchParams({ to: address })}`);
        found = ((await response.json()) as ReceivedMail[]).find((mail) => mail.subject.includes(subject));
        return Boolean(found);
      },
      // The sender looks for due mail every 15 s (MAIL_POLL_SECONDS).
      { timeout: 40_000 },
    )
    .toBe(true);
  return found!;
}

test("a lead follows the Day 3 email to the page that sells the membership, and buys it", async ({
  page,
  context,
  db,
}) => {
  test.setTimeout(90_000);
  await withConsentChosen(context);
  const email = uniqueEmail("day3");

  await page.goto("/special-access");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: /access/i }).click();
  await page.waitForURL("**/thank-you-access");
  const confirmation = await waitForMail(email, "access is confirmed");
  await page.goto(confirmation.text.match(/(https?:\/\/\S+\/signup\?email=\S+)/)![1]!);
  await page.getByLabel("Full Name").fill("Dee Three");
  await page.getByLabel("Password").fill("day3-password-123");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL("**/dashboard");

  // A membership course's lock leads to a page that sells the membership.
  await page
    .getByRole("link", { name: /Unlock with lifetime access/ })
    .first()
    .click();
  await page.waitForURL("**/upgrades?locked=membership");
  await expect(page.locator("#membership")).toContainText("$25");
  await expect(page.locator("#membership").getByRole("link", { name: "Get Lifetime Access" })).toHaveAttribute(
    "href",
    "/payment-options",
  );

  // Day 3 is due now instead of in 72 hours.
  await sql`UPDATE email_outbox SET send_after = now(), next_attempt_at = now()
            WHERE to_address = ${email} AND category = 'sequence' AND subject LIKE 'Day 3%'`.execute(db);
  const day3 = await waitForMail(email, "Day 3");
  const link = day3.text.match(/behind these three days: (https?:\/\/\S+)/)?.[1];
  expect(link).toBeDefined();
  await page.goto(link!);

  await expect(page.getByRole("heading", { name: "Choose Your Access Plan" })).toBeVisible();
  await expect(page.getByText("$25", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Get Lifetime Access Now" }).click();
  await page.waitForURL(`${E2E_STRIPE.baseUrl}/pay/**`);
  await page.getByRole("button", { name: "Pay $25.00" }).click();
  await page.waitForURL("**/success?session_id=cs_test_*");
  await expect(page.getByText("Your lifetime access is active.")).toBeVisible();
  await page.goto("/payment-options");
  await expect(page).toHaveURL(/\/dashboard$/);
});
