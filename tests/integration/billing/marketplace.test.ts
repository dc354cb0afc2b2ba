import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { retryDelaySeconds } from "~/platform/mail/compose";
import { createUser, signIn, uniqueEmail } from "../../support/fixtures";
import { Browser, redirectTarget } from "../../support/http";
import {
  MARKETPLACE_LINKS,
  MARKETPLACE_WEBHOOK,
  marketplaceRefund,
  marketplaceSale,
  postMarketplaceIpn,
} from "../../support/marketplace-sale";
import { linkIn, SmtpSink } from "../../support/smtp-sink";
import { startTestApp, type TestApp } from "../../support/test-app";

const SECURITY_KEY = "wp-security-key-for-tests";
const MEMBERSHIP_ITEM = "wso_front";
const UPSELL_ITEM = "wso_oto1";

let smtp: SmtpSink;
let app: TestApp;

beforeAll(async () => {
  smtp = await SmtpSink.start();
  app = await startTestApp({
    WARRIORPLUS_SECURITY_KEY: SECURITY_KEY,
    WARRIORPLUS_MEMBERSHIP_ITEMS: ` ${MEMBERSHIP_ITEM} , wso_other`,
    SMTP_URL: smtp.url,
    MAIL_FROM: "AI Profit Labs <hello@test.example>",
    PUBLIC_URL: "http://site.test.example",
    ...MARKETPLACE_LINKS,
  });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

/** A sale of the membership to a new buyer, through an affiliate; `fields` changes any field. */
const ipn = (fields: Record<string, string> = {}) =>
  marketplaceSale(
    { securityKey: SECURITY_KEY, item: MEMBERSHIP_ITEM, email: uniqueEmail("buyer") },
    { WP_AFFID: "aff_42", ...fields },
  );
const post = (form: Record<string, string>) => postMarketplaceIpn(app.baseUrl, form);

const orderOf = (saleId: string) =>
  app.db.selectFrom("warriorplus_orders").selectAll().where("sale_id", "=", saleId).executeTakeFirst();
const userOf = (email: string) =>
  app.db.selectFrom("users").selectAll().where("email", "=", email.toLowerCase()).executeTakeFirst();

describe("POST /webhooks/warriorplus", () => {
  it("refuses a wrong or missing security key, changing nothing", async () => {
    for (const key of ["wrong-key", "", SECURITY_KEY.slice(0, -1)]) {
      const form = ipn({ WP_SECURITYKEY: key });
      const response = await post(form);
      expect(response.status).toBe(401);
      expect(await orderOf(form.WP_SALE)).toBeUndefined();
      expect(await userOf(form.WP_BUYER_EMAIL)).toBeUndefined();
    }
    const { WP_SECURITYKEY: _omitted, ...withoutKey } = ipn();
    expect((await post(withoutKey)).status).toBe(401);
  });

  it("refuses a form that is not an IPN", async () => {
    expect((await post(ipn({ WP_BUYER_EMAIL: "not-an-email" }))).status).toBe(400);
    expect((await post(ipn({ WP_SALE: "" }))).status).toBe(400);
    const response = await fetch(`${app.baseUrl}${MARKETPLACE_WEBHOOK}`, {
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "application/json" },
    });
    expect(response.status).toBe(400);
  });

  it("turns a sale into an account, an order and an email whose link sets a password that logs in", async () => {
    const form = ipn({ WP_BUYER_EMAIL: uniqueEmail("New.Buyer").replace("test.example", "Test.Example") });
    const email = form.WP_BUYER_EMAIL.toLowerCase();
    const response = await post(form);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("OK");

    const user = await userOf(email);
    expect(user).toMatchObject({ email, name: "Bea Buyer", password_hash: null, is_admin: false });
    expect(await orderOf(form.WP_SALE)).toMatchObject({
      user_id: user!.id,
      txn_id: form.WP_TXNID,
      item_number: MEMBERSHIP_ITEM,
      item_name: "AI Profit Labs",
      buyer_email: email,
      affiliate_id: "aff_42",
      amount_cents: 1700,
      currency: "usd",
      grants_membership: true,
      refunded_at: null,
    });

    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe("Your AI Profit Labs login details");
    expect(mail.from).toBe("hello@test.example");
    const link = linkIn(mail, "/reset-password");
    expect(link.origin).toBe("http://site.test.example"); // PUBLIC_URL, not the request's host

    const browser = new Browser(app.baseUrl);
    const page = await browser.get(link.pathname + link.search);
    expect(await page.text()).toContain("New password");
    const reset = await browser.post("/reset-password", {
      token: link.searchParams.get("token")!,
      password: "buyer-password-1",
    });
    expect(reset.status).toBe(303);
    expect(redirectTarget(reset)).toBe("/dashboard");
    expect((await browser.get("/dashboard")).status).toBe(200);

    const fresh = await signIn(app.baseUrl, email, "buyer-password-1");
    expect((await fresh.get("/dashboard")).status).toBe(200);
  });

  it("ignores a repeated IPN", async () => {
    const form = ipn();
    expect((await post(form)).status).toBe(200);
    const before = await orderOf(form.WP_SALE);
    const repeat = await post(form);
    expect(repeat.status).toBe(200);
    expect(await repeat.text()).toBe("Duplicate ignored");
    expect(await orderOf(form.WP_SALE)).toEqual(before);
    const events = await app.db
      .selectFrom("webhook_events")
      .select("event_type")
      .where("event_id", "=", form.IPN_ID)
      .execute();
    expect(events).toEqual([{ event_type: "sale" }]);
    // Every message is an outbox row, queued before the IPN is answered: once the buyer's rows
    // are all sent, nothing more can reach them, and the mail server has what was sent.
    const rows = () =>
      app.db.selectFrom("email_outbox").select("sent_at").where("to_address", "=", form.WP_BUYER_EMAIL).execute();
    await vi.waitFor(async () => expect(await rows()).toEqual([{ sent_at: expect.any(Date) }]), { timeout: 15_000 });
    expect(smtp.messages.filter((m) => m.to.includes(form.WP_BUYER_EMAIL))).toHaveLength(1);
  });

  it("adds a sale to an existing account and says so, without a password link", async () => {
    const user = await createUser(app.db);
    const browser = await signIn(app.baseUrl, user.email);
    expect(redirectTarget(await browser.get("/dashboard"))).toBe("/payment-options");
    const form = ipn({ WP_BUYER_EMAIL: user.email.toUpperCase() });
    expect((await post(form)).status).toBe(200);
    expect((await orderOf(form.WP_SALE))?.user_id).toBe(user.id);
    expect((await browser.get("/dashboard")).status).toBe(200);
    const mail = await smtp.waitFor(user.email);
    expect(mail.subject).toBe("Your AI Profit Labs access is ready");
    expect(mail.text).not.toContain("/reset-password");
  });

  it("records an upsell as a purchase that grants no membership and creates no account", async () => {
    const stranger = ipn({ WP_ITEM_NUMBER: UPSELL_ITEM, WP_ITEM_NAME: "White label", WP_SALE_AMOUNT: "37" });
    expect((await post(stranger)).status).toBe(200);
    expect(await orderOf(stranger.WP_SALE)).toMatchObject({
      user_id: null,
      grants_membership: false,
      amount_cents: 3700,
    });
    expect(await userOf(stranger.WP_BUYER_EMAIL)).toBeUndefined();

    const user = await createUser(app.db);
    const upsell = ipn({ WP_ITEM_NUMBER: UPSELL_ITEM, WP_BUYER_EMAIL: user.email });
    expect((await post(upsell)).status).toBe(200);
    expect(await orderOf(upsell.WP_SALE)).toMatchObject({ user_id: user.id, grants_membership: false });
    expect(redirectTarget(await (await signIn(app.baseUrl, user.email)).get("/dashboard"))).toBe("/payment-options");
  });

  for (const action of ["refund", "dispute"]) {
    it(`revokes access on a ${action}`, async () => {
      const user = await createUser(app.db);
      const browser = await signIn(app.baseUrl, user.email);
      const sale = ipn({ WP_BUYER_EMAIL: user.email });
      expect((await post(sale)).status).toBe(200);
      expect((await browser.get("/dashboard")).status).toBe(200);

      const refund = marketplaceRefund(sale, action);
      expect((await post(refund)).status).toBe(200);
      expect((await orderOf(sale.WP_SALE))?.refunded_at).toBeInstanceOf(Date);
      expect(redirectTarget(await browser.get("/dashboard"))).toBe("/payment-options");
    });
  }

  it("keeps a refund that arrives before its sale, so the late sale grants nothing", async () => {
    const user = await createUser(app.db);
    const sale = ipn({ WP_BUYER_EMAIL: user.email });
    expect((await post(marketplaceRefund(sale))).status).toBe(200);
    expect((await post(sale)).status).toBe(200);
    expect((await orderOf(sale.WP_SALE))?.refunded_at).toBeInstanceOf(Date);
    expect(redirectTarget(await (await signIn(app.baseUrl, user.email)).get("/dashboard"))).toBe("/payment-options");
  });

  it("acknowledges actions it has nothing to do for", async () => {
    const form = ipn({ WP_ACTION: "subscr_suspended" });
    expect((await post(form)).status).toBe(200);
    expect(await orderOf(form.WP_SALE)).toBeUndefined();
  });
});

describe("the mail outbox", () => {
  it("retries a send the mail server refused, and loses nothing", async () => {
    const form = ipn();
    const email = form.WP_BUYER_EMAIL;
    smtp.refuseOnce(email);
    expect((await post(form)).status).toBe(200);

    const outboxRow = () =>
      app.db.selectFrom("email_outbox").selectAll().where("to_address", "=", email).executeTakeFirstOrThrow();
    const failed = await vi.waitFor(
      async () => {
        const row = await outboxRow();
        expect(row.last_error, "the refusal").not.toBeNull();
        return row;
      },
      { timeout: 15_000 },
    );
    expect(failed).toMatchObject({ attempts: 1, sent_at: null });
    expect(failed.last_error).toContain("Mailbox busy");
    // The first retry's delay, less the seconds since the refusal.
    expect(new Date(failed.next_attempt_at).getTime()).toBeGreaterThan(
      Date.now() + retryDelaySeconds(1) * 1000 - 10_000,
    );

    // Bring the retry forward; the next delivery round (started by any new mail) sends it.
    await app.db
      .updateTable("email_outbox")
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .where("id", "=", failed.id)
      .execute();
    expect((await post(ipn())).status).toBe(200);
    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe("Your AI Profit Labs login details");
    await vi.waitFor(async () => expect(await outboxRow()).toMatchObject({ attempts: 2, sent_at: expect.any(Date) }), {
      timeout: 15_000,
    });
  });
});
