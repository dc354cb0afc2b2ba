import { E2E_BASE_URL, E2E_MAIL } from "../../playwright.config";
import { signatureFor } from "../support/fake-stripe";
import { createUser } from "../support/fixtures";
import { expect, test } from "./fixtures";
import { hydrated, signUp, uniqueEmail, withConsentChosen } from "./helpers";
import { only } from "../support/present";

/**
 * Issue 28 (decision 055), with JavaScript and without: the admin refunds a card order from the
 * member page and sees access end once Stripe's webhook arrives; a buyer signs in from the link
 * 'Email me a sign-in link' mailed them.
 */
type ReceivedMail = { to: string[]; subject: string; text: string };
async function mailTo(address: string): Promise<ReceivedMail[]> {
  const response = await fetch(`${E2E_MAIL.apiUrl}/messages?${new URLSearchParams({ to: address })}`);
  return (await response.json()) as ReceivedMail[];
}

test("the admin refunds an order from the member page; access ends when the webhook arrives", async ({
  page,
  admin: _admin,
  browser,
  db,
}, testInfo) => {
  // The buyer, in a browser of their own, pays through the fake Stripe Checkout.
  const buyerContext = await browser.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
  await withConsentChosen(buyerContext);
  const buyer = await buyerContext.newPage();
  const { email } = await signUp(buyer, { email: uniqueEmail("refund-buyer") });
  await buyer.getByRole("button", { name: "Get Lifetime Access Now" }).click();
  await buyer.getByRole("button", { name: "Pay $25.00" }).click();
  await buyer.waitForURL("**/success?session_id=cs_test_*");
  await buyer.goto("/dashboard");
  await expect(buyer).toHaveURL(/\/dashboard$/);

  const user = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  await withConsentChosen(page.context());
  await page.goto(`/admin/members/${user.id}/orders`);
  const form = page.getByRole("form", { name: /^Refund order / });
  await expect(form).toContainText("Guarantee ends");
  await form.getByLabel("Reason").fill("Asked for the 30-day guarantee");
  await form.getByRole("button", { name: "Refund" }).click();
  await expect(page.getByRole("status")).toHaveText("Refund requested. Access ends when Stripe confirms.");
  await expect(page.getByText(/Refund requested \d+ \w+ \d{4}/)).toBeVisible();

  // Stripe confirms: its charge.refunded webhook ends the access.
  const order = await db
    .selectFrom("stripe_orders as o")
    .innerJoin("stripe_customers as c", "c.customer_id", "o.customer_id")
    .select(["o.payment_intent_id", "o.amount_total", "o.currency"])
    .where("c.user_id", "=", user.id)
    .executeTakeFirstOrThrow();
  const payload = JSON.stringify({
    id: `evt_e2e_${Date.now()}`,
    object: "event",
    type: "charge.refunded",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `ch_e2e_${Date.now()}`,
        object: "charge",
        amount: order.amount_total,
        amount_refunded: order.amount_total,
        currency: order.currency,
        payment_intent: order.payment_intent_id,
        refunded: true,
      },
    },
  });
  const delivered = await fetch(`${E2E_BASE_URL}/webhooks/stripe`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signatureFor(payload, "whsec_e2e") },
    body: payload,
  });
  expect(delivered.status).toBe(200);

  await page.reload();
  await expect(page.getByRole("region", { name: "Orders" })).toContainText("Refunded");
  await buyer.goto("/dashboard");
  await expect(buyer).toHaveURL(/\/payment-options$/);
  await buyerContext.close();
});

test("a buyer signs in from the emailed link", async ({ page, db }) => {
  await withConsentChosen(page.context());
  // A marketplace buyer who never chose a password.
  const buyer = await createUser(db, { email: uniqueEmail("link-buyer"), paid: "warriorplus" });
  await db.updateTable("users").set({ password_hash: null }).where("id", "=", buyer.id).execute();
  await page.goto("/login");
  await page.getByRole("link", { name: "Email me a sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Sign in by email" })).toBeVisible();
  await page.getByLabel("Email address").fill(buyer.email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByRole("status")).toContainText("If an account exists, a link is on its way.");

  await expect.poll(async () => (await mailTo(buyer.email)).length, { timeout: 15_000 }).toBe(1);
  const mail = only(await mailTo(buyer.email), "sign-in mail");
  const link = /https?:\/\/\S+\/login\/link\?token=\S+/.exec(mail.text)![0];
  await page.goto(link);
  // The page names the account, masked, and only the click signs in (issue 41: login CSRF).
  const [local, domain] = buyer.email.split("@");
  await expect(page.getByRole("main")).not.toContainText(buyer.email);
  await page.getByRole("button", { name: `Sign in as ${local![0]}\u2022\u2022\u2022@${domain}`, exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Your Training" })).toBeVisible();
});

test("an import file over the limit is refused in words, and nothing is imported", async ({
  page,
  admin: _admin,
  db,
}, testInfo) => {
  await withConsentChosen(page.context());
  await page.goto("/admin/members/import");
  if (testInfo.project.use.javaScriptEnabled) await hydrated(page);
  const email = uniqueEmail("too-large");
  const row = `${email},Dee,membership,Moved,\n`;
  // 12 MiB: over the 8 MiB a file may have, and over the 10 MiB the HTTP layer takes.
  const csv = `email,name,products,reason,expires\n${row.repeat(Math.ceil((12 * 1024 * 1024) / row.length))}`;
  await page
    .getByLabel("CSV file")
    .setInputFiles({ name: "members.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Preview" }).click();
  if (testInfo.project.use.javaScriptEnabled) {
    // Refused as it is chosen: nothing is sent.
    await expect(page.getByRole("alert")).toHaveText(
      "The file is larger than 8 MiB: nothing was imported. Choose a file of at most 8 MiB.",
    );
    await expect(page).toHaveURL(/\/admin\/members\/import$/);
  } else {
    await expect(page.locator("body")).toHaveText("Request body too large (the limit here is 10 MiB).");
  }
  expect(await db.selectFrom("users").select("id").where("email", "=", email).execute()).toEqual([]);
});
