import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GUARANTEE_DAYS } from "~/features/catalogue/prices";
import { FakeStripe, signatureFor } from "../../support/fake-stripe";
import { createUser, signIn } from "../../support/fixtures";
import { type Browser, redirectTarget } from "../../support/http";
import { getPage } from "../../support/html";
import { SmtpSink } from "../../support/smtp-sink";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from "../../support/test-app";
import { captured } from "../../support/present";

/**
 * Issue 28 part 1 (decision 055): 'Refund' on /admin/members/{id}/orders. The admin asks Stripe (the
 * loopback fake, decision 019) once per order, whatever the submits; access ends only when
 * Stripe's `charge.refunded` arrives, through the existing handling.
 */
const SECRET_KEY = "sk_test_refunds";
const WEBHOOK_SECRET = "whsec_refunds";
const PRICE = "price_lifetime_refunds";
const DAY = 24 * 60 * 60 * 1000;

let fake: FakeStripe;
let smtp: SmtpSink;
let app: TestApp;
let admin: Browser;

beforeAll(async () => {
  fake = await FakeStripe.start({ secretKey: SECRET_KEY, prices: { [PRICE]: { unitAmount: 2500, currency: "usd" } } });
  smtp = await SmtpSink.start();
  app = await startTestApp({
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_LIFETIME: PRICE,
    STRIPE_API_BASE: fake.baseUrl,
    SMTP_URL: smtp.url,
  });
  admin = await signIn(app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterEach(() => fake.reset());
afterAll(async () => {
  await app?.close();
  await fake?.close();
  await smtp?.close();
});

function deliver(event: unknown) {
  const payload = JSON.stringify(event);
  return fetch(`${app.baseUrl}/webhooks/stripe`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signatureFor(payload, WEBHOOK_SECRET) },
    body: payload,
  });
}

/**
 * A member who bought the plan by card through the real checkout; returns the order's id.
 * `startedDaysAgo` moves the checkout's start (the pending order) back before the payment
 * arrives; `free` pays as a 100% coupon does: nothing charged, no payment intent.
 */
async function cardBuyer({ startedDaysAgo = 0, free = false } = {}) {
  const user = await createUser(app.db);
  const browser = await signIn(app.baseUrl, user.email);
  const html = await (await browser.get("/payment-options")).text();
  const formKey = captured(html, /name="form_key" value="([^"]+)"/);
  const started = await browser.post("/payment-options", { product: "AI_PROFIT_LABS", form_key: formKey });
  const sessionId = new URL(started.headers.get("Location")!).pathname.split("/").pop()!;
  if (startedDaysAgo)
    await sql`UPDATE stripe_orders SET created_at = now() - make_interval(days => ${startedDaysAgo})
              WHERE checkout_session_id = ${sessionId}`.execute(app.db);
  const session = fake.pay(sessionId);
  if (free) Object.assign(session, { payment_status: "no_payment_required", payment_intent: null, amount_total: 0 });
  expect((await deliver(fake.event("checkout.session.completed", session))).status).toBe(200);
  const order = await app.db
    .selectFrom("stripe_orders")
    .select(["id", "status"])
    .where("checkout_session_id", "=", sessionId)
    .executeTakeFirstOrThrow();
  expect(order.status).toBe("completed");
  fake.reset();
  return { user, browser, session, orderId: order.id };
}

const memberPage = (userId: string) => getPage(admin, `/admin/members/${userId}/orders`);

const day = (at: Date) =>
  at.toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

async function flashAfter(response: Response, userId: string) {
  expect(redirectTarget(response)).toBe(`/admin/members/${userId}/orders`);
  const { document } = await memberPage(userId);
  return document.querySelector("#flash")?.textContent ?? "";
}

const refundAudits = (memberId: string) =>
  app.db
    .selectFrom("admin_audit_log")
    .select(["admin_id", "details"])
    .where("action", "=", "refund_order")
    .where("member_id", "=", memberId)
    .execute();

describe("refund from the member page", () => {
  it("shows the guarantee's end and refunds once, with an idempotency key, however often it is submitted", async () => {
    const { user, browser, session, orderId } = await cardBuyer();
    const { document } = await memberPage(user.id);
    const form = document.querySelector(`form[aria-label="Refund order ${orderId}"]`);
    expect(form).not.toBeNull();
    const ends = new Date(Date.now() + GUARANTEE_DAYS * DAY).toLocaleDateString("en-GB", {
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    });
    expect(form!.textContent).toContain(`Guarantee ends ${ends}`);
    expect(form!.querySelector('input[name="confirmLate"]')).toBeNull();

    const submit = () =>
      admin.post(`/admin/members/${user.id}/orders`, {
        intent: "refund",
        order: orderId,
        reason: "Asked within 30 days",
      });
    const responses = await Promise.all([submit(), submit()]);
    const again = await submit();
    for (const response of [...responses, again])
      expect(redirectTarget(response)).toBe(`/admin/members/${user.id}/orders`);
    const requests = fake.refundRequests();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.idempotencyKey).toMatch(new RegExp(`^admin-refund-${orderId}-\\d+$`));
    expect(requests[0]?.form).toMatchObject({
      payment_intent: session.payment_intent,
      reason: "requested_by_customer",
      "metadata[order_id]": orderId,
      "metadata[reason]": "Asked within 30 days",
    });
    const audits = await refundAudits(user.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]?.details).toMatchObject({ order: orderId, reason: "Asked within 30 days" });
    const adminId = (
      await app.db.selectFrom("users").select("id").where("email", "=", ADMIN_EMAIL).executeTakeFirstOrThrow()
    ).id;
    expect(audits[0]?.admin_id).toBe(adminId);

    // Access stays until Stripe confirms; the page says a refund was requested.
    expect((await browser.get("/dashboard")).status).toBe(200);
    const after = await memberPage(user.id);
    expect(after.document.body.textContent).toContain("Refund requested");
    expect(after.document.querySelector(`form[aria-label="Refund order ${orderId}"]`)).toBeNull();

    // Stripe's webhook ends access and the buyer gets the refund notice.
    expect((await deliver(fake.event("charge.refunded", fake.refundedCharge(session)))).status).toBe(200);
    expect(redirectTarget(await browser.get("/dashboard"))).toBe("/payment-options");
    await smtp.waitFor(user.email, 15_000, "refund");
  });

  it("flashes 'Refund requested. Access ends when Stripe confirms.' and names the order in the activity log", async () => {
    const { user, orderId } = await cardBuyer();
    const response = await admin.post(`/admin/members/${user.id}/orders`, {
      intent: "refund",
      order: orderId,
      reason: "Changed mind",
    });
    expect(await flashAfter(response, user.id)).toContain("Refund requested. Access ends when Stripe confirms.");
    const { document } = await getPage(admin, `/admin/members/${user.id}`);
    const log = document.querySelector('[aria-label="Activity log"]')?.textContent ?? "";
    expect(log).toContain("Refunded an order through Stripe");
    expect(log).toContain(`Order: ${orderId}`);
    expect(log).toContain("Reason: Changed mind");
  });

  it("runs the guarantee from the payment, not from when the checkout started", async () => {
    const before = new Date();
    const { user, orderId } = await cardBuyer({ startedDaysAgo: 2 });
    // Paid now, started 2 days ago: the guarantee runs from the payment, not from the start.
    const { document } = await memberPage(user.id);
    const form = document.querySelector(`form[aria-label="Refund order ${orderId}"]`)!;
    expect(form.textContent).toContain(`Guarantee ends ${day(new Date(before.getTime() + GUARANTEE_DAYS * DAY))}`);
    expect(form.textContent).not.toContain(day(new Date(before.getTime() + (GUARANTEE_DAYS - 2) * DAY)));
    // The order's date is the checkout's start; the day it was paid is said beside it.
    const row = form.closest("tr")!;
    expect(row.textContent).toContain(`${day(new Date(before.getTime() - 2 * DAY))}Paid ${day(before)}`);
    const order = await app.db
      .selectFrom("stripe_orders")
      .select(["created_at", "paid_at"])
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    const paidAt = new Date(order.paid_at!);
    expect(paidAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 5_000);
    expect(paidAt.getTime() - new Date(order.created_at).getTime()).toBeGreaterThan(2 * DAY - 60_000);

    // A replay of the completion (the webhook after /success, or Stripe's retry) never moves it.
    const replayed = fake.pay(
      (
        await app.db
          .selectFrom("stripe_orders")
          .select("checkout_session_id")
          .where("id", "=", orderId)
          .executeTakeFirstOrThrow()
      ).checkout_session_id,
    );
    expect((await deliver(fake.event("checkout.session.completed", replayed))).status).toBe(200);
    const again = await app.db
      .selectFrom("stripe_orders")
      .select("paid_at")
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    expect(new Date(again.paid_at!).getTime()).toBe(paidAt.getTime());
  });

  it("asks for no second confirmation when the checkout started over 30 days ago but the payment did not", async () => {
    const { user, orderId } = await cardBuyer({ startedDaysAgo: 40 });
    const { document } = await memberPage(user.id);
    const form = document.querySelector(`form[aria-label="Refund order ${orderId}"]`)!;
    expect(form.textContent).toMatch(/Guarantee ends \d+ \w+ \d{4}/);
    expect(form.querySelector('input[name="confirmLate"]')).toBeNull();
    const response = await admin.post(`/admin/members/${user.id}/orders`, {
      intent: "refund",
      order: orderId,
      reason: "In time",
    });
    expect(await flashAfter(response, user.id)).toContain("Refund requested.");
    expect(fake.refundRequests()).toHaveLength(1);
  });

  it("shows no refund form for an order that cost nothing, and refunds nothing when asked", async () => {
    const { user, orderId } = await cardBuyer({ free: true });
    const { document } = await memberPage(user.id);
    expect(document.querySelector(`form[aria-label="Refund order ${orderId}"]`)).toBeNull();
    expect(document.body.textContent).toContain("Nothing to refund (no card payment)");
    const response = await admin.post(`/admin/members/${user.id}/orders`, {
      intent: "refund",
      order: orderId,
      reason: "x",
    });
    const flash = await flashAfter(response, user.id);
    expect(flash).toContain("Nothing to refund (no card payment): nothing was refunded.");
    expect(flash).not.toContain("already requested");
    expect(fake.refundRequests()).toHaveLength(0);
    expect(await refundAudits(user.id)).toHaveLength(0);
    const order = await app.db
      .selectFrom("stripe_orders")
      .select(["status", "refund_requested_at"])
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ status: "completed", refund_requested_at: null });
  });

  it("past the guarantee, needs the second confirmation; without it Stripe is not called", async () => {
    const { user, orderId } = await cardBuyer();
    // The guarantee follows the payment: the checkout's start is left where it was.
    const paid = new Date(Date.now() - 40 * DAY);
    await sql`UPDATE stripe_orders SET paid_at = ${paid.toISOString()}::timestamptz WHERE id = ${orderId}`.execute(
      app.db,
    );
    const { document } = await memberPage(user.id);
    const form = document.querySelector(`form[aria-label="Refund order ${orderId}"]`)!;
    expect(form.textContent).toMatch(/Guarantee ended \d+ \w+ \d{4}/);
    expect(form.querySelector('input[name="confirmLate"]')).not.toBeNull();

    const refused = await admin.post(`/admin/members/${user.id}/orders`, {
      intent: "refund",
      order: orderId,
      reason: "Late",
    });
    expect(await flashAfter(refused, user.id)).toContain("tick 'Refund after the guarantee' to confirm");
    expect(fake.refundRequests()).toHaveLength(0);
    expect(await refundAudits(user.id)).toHaveLength(0);

    const confirmed = await admin.post(`/admin/members/${user.id}/orders`, {
      intent: "refund",
      order: orderId,
      reason: "Late, but goodwill",
      confirmLate: "yes",
    });
    expect(await flashAfter(confirmed, user.id)).toContain("Refund requested.");
    expect(fake.refundRequests()).toHaveLength(1);
  });

  it("requires a reason", async () => {
    const { user, orderId } = await cardBuyer();
    const response = await admin.post(`/admin/members/${user.id}/orders`, {
      intent: "refund",
      order: orderId,
      reason: "  ",
    });
    expect(await flashAfter(response, user.id)).toContain("Enter a reason for the refund.");
    expect(fake.refundRequests()).toHaveLength(0);
  });

  it("shows Stripe's error in words and changes nothing; a later try works", async () => {
    const { user, browser, orderId } = await cardBuyer();
    fake.failure = { kind: "error", status: 402, type: "card_error", message: "The refund could not be processed." };
    const response = await admin.post(`/admin/members/${user.id}/orders`, {
      intent: "refund",
      order: orderId,
      reason: "Try",
    });
    expect(await flashAfter(response, user.id)).toContain(
      "Stripe refused the refund: The refund could not be processed. Nothing was refunded.",
    );
    expect(await refundAudits(user.id)).toHaveLength(0);
    const order = await app.db
      .selectFrom("stripe_orders")
      .select(["status", "refund_requested_at", "refund_id"])
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ status: "completed", refund_requested_at: null, refund_id: null });
    expect((await browser.get("/dashboard")).status).toBe(200);
    const { document } = await memberPage(user.id);
    expect(document.querySelector(`form[aria-label="Refund order ${orderId}"]`)).not.toBeNull();

    // Stripe keeps its answer to a key for a day, the refusal included: a retry, with the same
    // reason or another, is a new request to Stripe (a key of its own), not that refusal again.
    fake.failure = null;
    const retried = await admin.post(`/admin/members/${user.id}/orders`, {
      intent: "refund",
      order: orderId,
      reason: "Try",
    });
    expect(await flashAfter(retried, user.id)).toContain("Refund requested.");
    expect(await refundAudits(user.id)).toHaveLength(1);
    const keys = fake.refundRequests().map((request) => request.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
  });

  it("after a refusal, takes another reason; a payment Stripe already refunded is said so", async () => {
    const { user, orderId } = await cardBuyer();
    fake.failure = { kind: "error", status: 400, type: "invalid_request_error", message: "Charge is disputed." };
    const refused = await admin.post(`/admin/members/${user.id}/orders`, {
      intent: "refund",
      order: orderId,
      reason: "One",
    });
    expect(await flashAfter(refused, user.id)).toContain("Stripe refused the refund: Charge is disputed.");
    fake.failure = null;
    const retried = await admin.post(`/admin/members/${user.id}/orders`, {
      intent: "refund",
      order: orderId,
      reason: "Another reason",
    });
    expect(await flashAfter(retried, user.id)).toContain("Refund requested. Access ends when Stripe confirms.");

    // The refund made in the Stripe Dashboard meanwhile (or by a try whose answer was lost).
    const { user: other, orderId: otherOrder, session } = await cardBuyer();
    fake.refunded.add(session.id);
    const already = await admin.post(`/admin/members/${other.id}/orders`, {
      intent: "refund",
      order: otherOrder,
      reason: "x",
    });
    expect(await flashAfter(already, other.id)).toContain(
      "Stripe says this payment is already refunded (in the Stripe Dashboard or by an earlier try). Access ends when Stripe confirms.",
    );
    expect(await refundAudits(other.id)).toHaveLength(0);
  });

  it("refuses an order of another member, and a non-admin, without calling Stripe", async () => {
    const { orderId } = await cardBuyer();
    const other = await createUser(app.db);
    const response = await admin.post(`/admin/members/${other.id}/orders`, {
      intent: "refund",
      order: orderId,
      reason: "x",
    });
    expect(await flashAfter(response, other.id)).toContain("There is no such card order on this member");
    const member = await signIn(app.baseUrl, (await createUser(app.db, { paid: "stripe-order" })).email);
    const sneaky = await member.post(`/admin/members/${other.id}/orders`, {
      intent: "refund",
      order: orderId,
      reason: "x",
    });
    expect(redirectTarget(sneaky)).toBe("/dashboard");
    expect(fake.refundRequests()).toHaveLength(0);
  });

  it("sends a marketplace order to WarriorPlus instead", async () => {
    const buyer = await createUser(app.db, { paid: "warriorplus" });
    const sale = await app.db
      .selectFrom("warriorplus_orders")
      .select("sale_id")
      .where("user_id", "=", buyer.id)
      .executeTakeFirstOrThrow();
    const { document } = await memberPage(buyer.id);
    const link = [...document.querySelectorAll("a")].find((a) => a.textContent === "Refund on WarriorPlus");
    expect(link?.getAttribute("href")).toBe("https://warriorplus.com/wsopro/vendor/transactions.php");
    expect(link?.parentElement?.textContent).toContain(`Search there for sale ${sale.sale_id}`);
    expect(document.querySelector('form[aria-label^="Refund order"]')).toBeNull();
  });
});
