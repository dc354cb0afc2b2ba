import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { advanceServerClock, resetServerClock } from "../../support/clock";
import { createUser, signIn, uniqueEmail } from "../../support/fixtures";
import { Browser, redirectTarget } from "../../support/http";
import { SmtpSink } from "../../support/smtp-sink";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from "../../support/test-app";

/**
 * Announcements (issue 27, decision 054): each audience counts only its subscribed recipients,
 * one confirmation queues each message once, the outbox sends them at MAIL_RATE_PER_MINUTE
 * (a controllable clock, never a sleep), and marketing carries the postal address.
 */
const POSTAL = "AI Profit Labs Ltd\n1 Example Street, Springfield";
let smtp: SmtpSink;
let app: TestApp;
let admin: Browser;
// Filled in by beforeAll.
const people = { member: "", optedOut: "", lead: "", gone: "", buyer: "" };

beforeAll(async () => {
  smtp = await SmtpSink.start();
  app = await startTestApp({
    SMTP_URL: smtp.url,
    MAIL_POLL_SECONDS: "0.2",
    MAIL_RATE_PER_MINUTE: "2",
    MAIL_POSTAL_ADDRESS: POSTAL,
  });
  admin = await signIn(app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  // Accounts: the admin, a member, a member who turned news off, a buyer who was a lead.
  people.member = (await createUser(app.db, { paid: "stripe-order" })).email;
  people.optedOut = (await createUser(app.db, { paid: "stripe-order" })).email;
  await app.db.updateTable("users").set({ news_opt_out_at: new Date() }).where("email", "=", people.optedOut).execute();
  // Leads: one subscribed, one unsubscribed, and the buyer.
  people.lead = uniqueEmail("lead");
  people.gone = uniqueEmail("gone");
  people.buyer = uniqueEmail("buyer");
  for (const email of [people.lead, people.gone, people.buyer])
    await new Browser(app.baseUrl).post("/special-access", { email });
  await app.db.updateTable("leads").set({ unsubscribed_at: new Date() }).where("email", "=", people.gone).execute();
  await createUser(app.db, { email: people.buyer, paid: "warriorplus" });
});
afterEach(() => resetServerClock());
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

async function preview(audience: string, subject = `News ${audience}`) {
  const response = await admin.post("/admin/emails/announcements/new", {
    subject,
    body: "Our **terms** change on 1 January.\n\n- One\n- Two",
    audience,
  });
  expect(response.status).toBe(302);
  return redirectTarget(response)!;
}

const countIn = async (path: string) => {
  const html = await (await admin.get(path)).text();
  return Number(html.match(/Send to (\d+) recipients?</)?.[1] ?? Number.NaN);
};

describe("announcements", () => {
  it("count only the subscribed recipients of each audience", async () => {
    // All members: the admin, the member, the buyer (not the one who turned news off).
    // 'All members' have paid access (decision 067); 'Everyone with an account' adds the unpaid admin.
    expect(await countIn(await preview("members"))).toBe(2);
    expect(await countIn(await preview("accounts"))).toBe(3);
    // Leads who have not bought: the subscribed lead only (one recipient, said so).
    const leads = await preview("leads");
    expect(await countIn(leads)).toBe(1);
    expect(await (await admin.get(leads)).text()).toContain(">Send to 1 recipient</button>");
    // A service notice reaches every account, whatever its choice: four.
    expect(await countIn(await preview("service"))).toBe(4);
  });

  it("the preview shows the rendered email; confirming queues N once, sent at the configured rate", async () => {
    const path = await preview("accounts", "Rate limited news");
    const page = await (await admin.get(path)).text();
    expect(page).toContain("Rate limited news");
    expect(page).toContain("&lt;strong&gt;terms&lt;/strong&gt;");

    const since = smtp.messages.length;
    const sent = await admin.post(path, {});
    expect(redirectTarget(sent)).toBe("/admin/emails");
    // A second click sends nothing twice.
    await admin.post(path, {});
    const rows = () =>
      app.db.selectFrom("email_outbox").selectAll().where("subject", "=", "Rate limited news").execute();
    expect(await rows()).toHaveLength(3);
    expect(new Set((await rows()).map((row) => row.to_address))).toEqual(
      new Set([ADMIN_EMAIL, people.member, people.buyer]),
    );

    // Two a minute: two arrive, the third waits for the next minute.
    const sentRows = async () => (await rows()).filter((row) => row.sent_at);
    await vi.waitFor(async () => expect(await sentRows()).toHaveLength(2), { timeout: 15_000 });
    const progress = await (await admin.get("/admin/emails")).text();
    expect(progress).toContain("2 of 3 sent");
    expect(await sentRows()).toHaveLength(2);
    advanceServerClock(61_000);
    await vi.waitFor(async () => expect(await sentRows()).toHaveLength(3), { timeout: 15_000 });
    const mails = smtp.messages.slice(since).filter((mail) => mail.subject === "Rate limited news");
    expect(mails).toHaveLength(3);
    const mail = mails[0]!;
    expect(mail.html).toContain("<strong>terms</strong>");
    expect(mail.text).toContain("Our terms change on 1 January.\n\n- One\n- Two");
    expect(mail.text).toContain("AI Profit Labs Ltd, 1 Example Street, Springfield");
    expect(mail.header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const audit = await app.db
      .selectFrom("admin_audit_log")
      .select("details")
      .where("action", "=", "send_announcement")
      .execute();
    expect(audit).toHaveLength(1);
  });

  it("a service notice carries no unsubscribe link and reaches those who turned news off", async () => {
    const path = await preview("service", "Terms update");
    const since = smtp.messages.length;
    await admin.post(path, {});
    // Four notices at two a minute: each minute passes on the moved clock until it arrives.
    const arrived = () =>
      smtp.messages.slice(since).find((mail) => mail.subject === "Terms update" && mail.to.includes(people.optedOut));
    await vi.waitFor(
      () => {
        advanceServerClock(61_000);
        expect(arrived(), "the notice to the member who turned news off").toBeDefined();
      },
      // Each look moves the clock a minute on; the sender (polling every 0.2 s) spends that minute's budget.
      { timeout: 15_000, interval: 300 },
    );
    const notice = arrived()!;
    expect(notice.header("list-unsubscribe")).toBeUndefined();
    expect(notice.text).not.toContain("Unsubscribe");
  });

  it("an audience with nobody in it sends nothing and the draft stays a draft", async () => {
    const path = await preview("leads", "Nobody left");
    // The one subscribed lead unsubscribes between the preview and the click.
    await app.db.updateTable("leads").set({ unsubscribed_at: new Date() }).where("email", "=", people.lead).execute();
    try {
      const page = await (await admin.get(path)).text();
      expect(page).toContain("Nobody is in this audience yet: nothing was sent.");
      expect(page).not.toContain(">Send to");
      const refused = await admin.post(path, {});
      expect(redirectTarget(refused)).toBe(path);
      expect(await (await admin.get(path)).text()).toContain("Nobody is in this audience yet: nothing was sent.");
      const announcement = await app.db
        .selectFrom("announcements")
        .select(["id", "sent_at"])
        .where("subject", "=", "Nobody left")
        .executeTakeFirstOrThrow();
      expect(announcement.sent_at).toBeNull();
      const queued = await app.db
        .selectFrom("email_outbox")
        .select("id")
        .where("announcement_id", "=", announcement.id)
        .execute();
      expect(queued).toEqual([]);
      const audits = await app.db
        .selectFrom("admin_audit_log")
        .select("details")
        .where("action", "=", "send_announcement")
        .execute();
      expect(audits.some((row) => JSON.stringify(row.details).includes(announcement.id))).toBe(false);
    } finally {
      await app.db.updateTable("leads").set({ unsubscribed_at: null }).where("email", "=", people.lead).execute();
    }
  });

  it("is refused without MAIL_POSTAL_ADDRESS", async () => {
    await app.restart({ MAIL_POSTAL_ADDRESS: "" });
    try {
      const browser = await signIn(app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
      const refused = await browser.post("/admin/emails/announcements/new", {
        subject: "No address",
        body: "Hello",
        audience: "members",
      });
      expect(refused.status).toBe(409);
      expect(await refused.text()).toContain("Set MAIL_POSTAL_ADDRESS");
      expect(
        await app.db.selectFrom("announcements").select("id").where("subject", "=", "No address").execute(),
      ).toEqual([]);
    } finally {
      await app.restart({ MAIL_POSTAL_ADDRESS: POSTAL });
    }
  });
});
