import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createUser, signIn, uniqueEmail } from "../../support/fixtures";
import { Browser } from "../../support/http";
import { captureLog } from "../../support/log-lines";
import { marketplaceSale, postMarketplaceIpn } from "../../support/marketplace-sale";
import { startTestApp, type TestApp } from "../../support/test-app";

/** An app with no Stripe, marketplace or SMTP configuration: it says so and never pretends. */
let app: TestApp;
const log = captureLog();
beforeAll(async () => {
  app = await startTestApp({ LOG_LEVEL: "info" }, { logTo: log.destination });
});
afterAll(async () => {
  await app?.close();
});

describe("without payment configuration", () => {
  it("the plan page says payments are not configured, and checkout takes no payment", async () => {
    const user = await createUser(app.db);
    const browser = await signIn(app.baseUrl, user.email);
    const page = await (await browser.get("/payment-options")).text();
    expect(page).toContain("Payments are not configured");
    expect(page).toMatch(/<button type="submit" disabled=""[^>]*>Get Lifetime Access Now<\/button>/);

    const response = await browser.post("/payment-options", { product: "AI_PROFIT_LABS", form_key: "k".repeat(24) });
    expect(response.status).toBe(503);
    expect(await response.text()).toContain("Payments are not configured");
  });

  it("the webhooks answer 503 so the providers retry once it is configured", async () => {
    const stripe = await fetch(`${app.baseUrl}/webhooks/stripe`, {
      method: "POST",
      body: "{}",
      headers: { "Stripe-Signature": "t=1,v1=x" },
    });
    expect(stripe.status).toBe(503);
    const marketplace = await postMarketplaceIpn(
      app.baseUrl,
      marketplaceSale({ securityKey: "any-key", item: "wso_front", email: uniqueEmail("buyer") }),
    );
    expect(marketplace.status).toBe(503);
  });
});

describe("without SMTP_URL", () => {
  it("prints the message with its link to the server log, never its address, and counts it as delivered", async () => {
    const user = await createUser(app.db);
    expect((await new Browser(app.baseUrl).post("/forgot-password", { email: user.email })).status).toBe(200);
    // The sender marks the row sent after printing it.
    const row = await vi.waitFor(
      async () => {
        const outbox = await app.db
          .selectFrom("email_outbox")
          .selectAll()
          .where("to_address", "=", user.email)
          .executeTakeFirstOrThrow();
        expect(outbox.sent_at, "the message marked sent").toBeInstanceOf(Date);
        return outbox;
      },
      { timeout: 15_000 },
    );
    const printed = log.lines.find((line) => line.mailId === row.id);
    // This start's instance of the module, which read this app's SESSION_SECRET.
    const { hashForLog } = await import("~/platform/log.server");
    expect(printed).toMatchObject({
      job: "mail",
      to_hash: hashForLog(user.email),
      subject: "Reset your AI Profit Labs password",
    });
    expect(printed?.text).toMatch(new RegExp(`${app.baseUrl}/reset-password\\?token=[A-Za-z0-9_-]{43}`));
    expect(JSON.stringify(log.lines)).not.toContain(user.email);
  });
});
