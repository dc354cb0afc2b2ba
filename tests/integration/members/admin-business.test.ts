import { parse } from "csv-parse/sync";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { FakeStripe, signatureFor } from "../../support/fake-stripe";
import { createUser, signIn, uniqueEmail } from "../../support/fixtures";
import { Browser, redirectTarget } from "../../support/http";
import { getPage } from "../../support/html";
import { marketplaceRefund, marketplaceSale, postMarketplaceIpn } from "../../support/marketplace-sale";
import { SmtpSink } from "../../support/smtp-sink";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from "../../support/test-app";
import { captured, only } from "../../support/present";

/**
 * Running the business (issue 14): the admin Members and Emails pages and their actions, the
 * CSV exports, complimentary access through the real guard, buyers' emails through a real SMTP
 * server, and members' own purchases and receipts. Sales figures: admin-sales.test.ts.
 */
const STRIPE_KEY = "sk_test_business";
const WEBHOOK_SECRET = "whsec_business";
const PRICE = "price_business_lifetime";
const WP_KEY = "wp-key-business";
const WP_ITEM = "wso_front";

let fake: FakeStripe;
let smtp: SmtpSink;
let app: TestApp;
let admin: Browser;

beforeAll(async () => {
  fake = await FakeStripe.start({ secretKey: STRIPE_KEY, prices: { [PRICE]: { unitAmount: 2500, currency: "usd" } } });
  smtp = await SmtpSink.start();
  app = await startTestApp({
    STRIPE_SECRET_KEY: STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_LIFETIME: PRICE,
    STRIPE_API_BASE: fake.baseUrl,
    WARRIORPLUS_SECURITY_KEY: WP_KEY,
    WARRIORPLUS_MEMBERSHIP_ITEMS: WP_ITEM,
    SMTP_URL: smtp.url,
    SUPPORT_EMAIL: "help@site.test.example",
  });
  admin = await signIn(app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterEach(() => fake.reset());
afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await fake?.close();
});

const ADMIN_GETS = (memberId: string, emailId: string) => [
  "/admin/members",
  `/admin/members/${memberId}`,
  "/admin/members.csv",
  "/admin/sales",
  "/admin/orders.csv",
  "/admin/emails",
  `/admin/emails/${emailId}`,
];

async function isPaid(browser: Browser): Promise<boolean> {
  const response = await browser.get("/dashboard");
  if (response.status === 200) return true;
  expect(redirectTarget(response)).toBe("/payment-options");
  return false;
}

const auditRows = (memberId: string) =>
  app.db.selectFrom("admin_audit_log").selectAll().where("member_id", "=", memberId).orderBy("created_at").execute();

/** A marketplace sale through an affiliate, posted and accepted; `fields` names the buyer and changes any field. */
async function postSale(fields: Record<string, string>) {
  const form = marketplaceSale(
    { securityKey: WP_KEY, item: WP_ITEM, email: uniqueEmail("market") },
    { WP_BUYER_NAME: "Mo Market", WP_AFFID: "aff_7", ...fields },
  );
  expect((await postMarketplaceIpn(app.baseUrl, form)).status).toBe(200);
  return form;
}

function deliverStripe(event: unknown) {
  const payload = JSON.stringify(event);
  return fetch(`${app.baseUrl}/webhooks/stripe`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signatureFor(payload, WEBHOOK_SECRET) },
    body: payload,
  });
}

/** A user who signed up and paid through Stripe Checkout; the webhook has fulfilled the order. */
async function stripeBuyer(name = "Sam Stripe") {
  const user = await createUser(app.db, { name });
  const browser = await signIn(app.baseUrl, user.email);
  const html = await (await browser.get("/payment-options")).text();
  const key = captured(html, /name="form_key" value="([^"]+)"/);
  const started = await browser.post("/payment-options", { product: "AI_PROFIT_LABS", form_key: key });
  const sessionId = new URL(started.headers.get("Location")!).pathname.split("/").pop()!;
  const session = fake.pay(sessionId);
  expect((await deliverStripe(fake.event("checkout.session.completed", session))).status).toBe(200);
  const order = await app.db
    .selectFrom("stripe_orders")
    .selectAll()
    .where("checkout_session_id", "=", sessionId)
    .executeTakeFirstOrThrow();
  return { user, browser, session, order };
}

/** Waits for a message to `address` whose subject contains `subject`. */
const mailTo = (address: string, subject: string) => smtp.waitFor(address, 15_000, subject);

describe("admin guards", () => {
  it("refuses every admin page, export and action to visitors, unpaid users and paid members, changing nothing", async () => {
    const target = await createUser(app.db, { paid: "none" });
    const outbox = await app.db
      .insertInto("email_outbox")
      .values({
        to_address: target.email,
        subject: "Secret link",
        text_body: "https://x/reset-password?token=t",
        last_error: "boom",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const unpaid = await signIn(app.baseUrl, (await createUser(app.db, { paid: "none" })).email);
    const paid = await signIn(app.baseUrl, (await createUser(app.db, { paid: "stripe-order" })).email);
    const visitor = new Browser(app.baseUrl);

    for (const path of ADMIN_GETS(target.id, outbox.id)) {
      expect(redirectTarget(await visitor.get(path)), path).toBe(`/login?${new URLSearchParams({ redirect: path })}`);
      for (const browser of [unpaid, paid]) expect(redirectTarget(await browser.get(path)), path).toBe("/dashboard");
    }
    const actions: Array<[string, Record<string, string>]> = [
      [`/admin/members/${target.id}`, { intent: "grant", reason: "friend", expiresOn: "" }],
      [`/admin/members/${target.id}`, { intent: "revoke" }],
      [`/admin/members/${target.id}/sign-in`, { intent: "send-link" }],
      [`/admin/members/${target.id}/sign-in`, { intent: "sign-out" }],
      ["/admin/emails", { intent: "retry", id: outbox.id }],
    ];
    for (const [path, form] of actions) {
      for (const browser of [visitor, unpaid, paid]) {
        const response = await browser.post(path, form);
        expect([302, 303], `${path} ${form.intent}`).toContain(response.status);
        expect(redirectTarget(response)).toMatch(/^\/(login|dashboard)/);
      }
    }
    expect(await app.db.selectFrom("access_grants").selectAll().where("user_id", "=", target.id).execute()).toEqual([]);
    expect(await auditRows(target.id)).toEqual([]);
    expect(
      await app.db.selectFrom("admin_audit_log").selectAll().where("action", "=", "retry_email").execute(),
    ).toEqual([]);
    expect(
      await app.db.selectFrom("email_outbox").selectAll().where("to_address", "=", target.email).execute(),
    ).toHaveLength(1);
    expect(
      await app.db
        .selectFrom("single_use_tokens")
        .selectAll()
        .where("user_id", "=", target.id)
        .where("purpose", "=", "password_reset")
        .execute(),
    ).toEqual([]);
  });

  it("answers 404 for a member or message that does not exist, or an id that is not one", async () => {
    for (const path of [
      "/admin/members/00000000-0000-4000-8000-000000000000",
      "/admin/members/not-a-uuid",
      "/admin/emails/nope",
    ]) {
      expect((await admin.get(path)).status, path).toBe(404);
    }
  });
});

describe("/admin/members", () => {
  const tag = `find${Date.now()}`;
  let people: Record<"stripe" | "market" | "refunded" | "none" | "comp", { id: string; email: string }>;

  beforeAll(async () => {
    people = {
      stripe: await createUser(app.db, {
        email: `${tag}-stripe@test.example`,
        name: "Stella Card",
        paid: "stripe-order",
      }),
      market: await createUser(app.db, {
        email: `${tag}-market@test.example`,
        name: "Marty Market",
        paid: "warriorplus",
      }),
      refunded: await createUser(app.db, {
        email: `${tag}-refunded@test.example`,
        name: "Rita Refund",
        paid: "warriorplus-refunded",
      }),
      none: await createUser(app.db, { email: `${tag}-none@test.example`, name: "Nora None", paid: "none" }),
      comp: await createUser(app.db, { email: `${tag}-comp@test.example`, name: "Cody Comp_50%", paid: "none" }),
    };
    await app.db.insertInto("access_grants").values({ user_id: people.comp.id, reason: "press" }).execute();
  });

  /** The rows of the members table: email, access, source. */
  async function listed(query: string) {
    const { response, document } = await getPage(admin, `/admin/members${query}`);
    expect(response.status).toBe(200);
    return [...document.querySelectorAll("tbody tr")].map((row) => {
      const cells = [...row.querySelectorAll("td")].map((cell) => cell.textContent!.trim());
      return { email: cells[0], name: cells[1], access: cells[2], source: cells[3] };
    });
  }

  it("lists each member with access and its source, and links to their page", async () => {
    const rows = await listed(`?q=${tag}`);
    const byEmail = Object.fromEntries(rows.map((row) => [row.email, row]));
    expect(byEmail[people.stripe.email]).toMatchObject({ access: "Paid", source: "Stripe" });
    expect(byEmail[people.market.email]).toMatchObject({ access: "Paid", source: "WarriorPlus" });
    expect(byEmail[people.refunded.email]).toMatchObject({ access: "Refunded", source: "No access" });
    expect(byEmail[people.none.email]).toMatchObject({ access: "No access", source: "No access" });
    expect(byEmail[people.comp.email]).toMatchObject({ access: "Complimentary", source: "Complimentary" });
    const { document } = await getPage(admin, `/admin/members?q=${tag}`);
    expect(document.querySelector(`a[href="/admin/members/${people.market.id}"]`)?.textContent).toBe(
      people.market.email,
    );
    const admins = await listed(`?q=${encodeURIComponent(ADMIN_EMAIL)}`);
    expect(admins).toEqual([expect.objectContaining({ email: ADMIN_EMAIL, access: "Admin", source: "Admin" })]);
  });

  it("searches email and name case-insensitively, with LIKE wildcards taken literally", async () => {
    expect((await listed(`?q=${tag.toUpperCase()}-MARKET`)).map((r) => r.email)).toEqual([people.market.email]);
    expect((await listed("?q=stella%20CARD")).map((r) => r.email)).toEqual([people.stripe.email]);
    expect((await listed(`?q=${encodeURIComponent("comp_50%")}`)).map((r) => r.email)).toEqual([people.comp.email]);
    expect(await listed(`?q=${encodeURIComponent("%")}&access=refunded`)).toEqual([]);
    expect(await listed("?q=nobody-at-all-here")).toEqual([]);
  });

  it("filters by access", async () => {
    const emails = async (access: string) => (await listed(`?q=${tag}&access=${access}`)).map((r) => r.email).sort();
    expect(await emails("paid")).toEqual([people.market.email, people.stripe.email].sort());
    expect(await emails("complimentary")).toEqual([people.comp.email]);
    expect(await emails("no-access")).toEqual([people.none.email, people.refunded.email].sort());
    expect(await emails("refunded")).toEqual([people.refunded.email]);
    expect(await emails("all")).toHaveLength(5);
    expect(await emails("bogus")).toHaveLength(5);
  });

  it("pages 50 at a time", async () => {
    const pageTag = `page${Date.now()}`;
    for (let i = 0; i < 51; i += 1)
      await createUser(app.db, { email: `${pageTag}-${String(i).padStart(2, "0")}@test.example` });
    const first = await getPage(admin, `/admin/members?q=${pageTag}`);
    expect(first.document.querySelectorAll("tbody tr")).toHaveLength(50);
    expect(first.document.querySelector('a[rel="next"]')?.getAttribute("href")).toBe(
      `/admin/members?q=${pageTag}&page=2`,
    );
    const second = await listed(`?q=${pageTag}&page=2`);
    expect(second).toHaveLength(1);
    const all = new Set([
      ...[...first.document.querySelectorAll("tbody tr td:first-child")].map((c) => c.textContent!.trim()),
      only(second, "member on page 2").email,
    ]);
    expect(all.size).toBe(51);
  });
});

describe("complimentary access", () => {
  it("grants access through has_paid_access, and revoking or expiry takes it away, each with one audit row", async () => {
    const user = await createUser(app.db, { name: "Gail Grant" });
    const member = await signIn(app.baseUrl, user.email);
    expect(await isPaid(member)).toBe(false);

    const refused = await admin.post(`/admin/members/${user.id}`, { intent: "grant", reason: "   ", expiresOn: "" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Please give a reason for the complimentary access.");
    const past = await admin.post(`/admin/members/${user.id}`, {
      intent: "grant",
      reason: "podcast guest",
      expiresOn: "2020-01-01",
    });
    expect(past.status).toBe(400);
    expect(await past.text()).toContain("&#x27;Expires on&#x27; must be today or a later date.");
    expect(await auditRows(user.id)).toEqual([]);
    expect(await isPaid(member)).toBe(false);

    const nextYear = `${new Date().getUTCFullYear() + 1}-06-30`;
    const granted = await admin.post(`/admin/members/${user.id}`, {
      intent: "grant",
      reason: "podcast guest",
      expiresOn: nextYear,
    });
    expect(granted.status).toBe(303);
    expect(redirectTarget(granted)).toBe(`/admin/members/${user.id}`);
    const page = await getPage(admin, `/admin/members/${user.id}`);
    expect(page.document.querySelector('[role="status"]')?.textContent).toBe(
      `Complimentary access granted through ${nextYear}.`,
    );
    expect(await isPaid(member)).toBe(true);
    const grant = await app.db
      .selectFrom("access_grants")
      .selectAll()
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(new Date(grant.expires_at!).toISOString()).toBe(`${new Date().getUTCFullYear() + 1}-07-01T00:00:00.000Z`);
    expect(page.document.body.textContent).toContain("podcast guest");

    const revoked = await admin.post(`/admin/members/${user.id}`, { intent: "revoke" });
    expect(redirectTarget(revoked)).toBe(`/admin/members/${user.id}`);
    expect(await isPaid(member)).toBe(false);
    const again = await admin.post(`/admin/members/${user.id}`, { intent: "revoke" });
    expect(redirectTarget(again)).toBe(`/admin/members/${user.id}`);
    const afterAgain = await getPage(admin, `/admin/members/${user.id}`);
    expect(afterAgain.document.querySelector('[role="alert"]')?.textContent).toBe(
      "This member has no active complimentary access to revoke.",
    );

    const rows = await auditRows(user.id);
    expect(rows.map((row) => [row.action, row.admin_email])).toEqual([
      ["grant_complimentary", ADMIN_EMAIL],
      ["revoke_complimentary", ADMIN_EMAIL],
    ]);
    expect(rows[0]?.details).toMatchObject({
      reason: "podcast guest",
      expiresAt: grant.expires_at && new Date(grant.expires_at).toISOString(),
    });
    expect(rows[1]?.details).toEqual({ grantIds: [grant.id] });
    const log = afterAgain.document.querySelector('[aria-label="Activity log"]')?.textContent ?? "";
    expect(log).toContain("Granted complimentary access");
    expect(log).toContain("Revoked complimentary access");
  });

  it("an expired grant gives no access", async () => {
    const user = await createUser(app.db);
    const member = await signIn(app.baseUrl, user.email);
    const grant = await app.db
      .insertInto("access_grants")
      .values({ user_id: user.id, reason: "trial week", expires_at: sql<Date>`now() + interval '1 hour'` })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(await isPaid(member)).toBe(true);
    await app.db
      .updateTable("access_grants")
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where("id", "=", grant.id)
      .execute();
    expect(await isPaid(member)).toBe(false);
    const { document } = await getPage(admin, `/admin/members/${user.id}`);
    expect(document.querySelector('[aria-label="Complimentary grants"]')?.textContent).toContain("Expired");
  });
});

describe("the member page", () => {
  it("shows a marketplace buyer's order, sessions and emails, and its actions work with an audit row each", async () => {
    const email = uniqueEmail("page");
    const sale = await postSale({ WP_BUYER_EMAIL: email });
    const user = await app.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    await mailTo(email, "login details");

    const { document } = await getPage(admin, `/admin/members/${user.id}/orders`);
    const orders = document.querySelector('[aria-label="Orders"]')?.textContent ?? "";
    expect(orders).toContain("AI Profit Labs");
    expect(orders).toContain("$17.00 USD");
    expect(orders).toContain(sale.WP_SALE);
    expect(orders).toContain("aff_7");
    expect(orders).toContain("Paid");
    const profile = await getPage(admin, `/admin/members/${user.id}`);
    expect(profile.document.body.textContent).toContain("No progress recorded.");
    // Once the member has opened a chapter, the course shows with their progress in it.
    const chapter = await app.db
      .selectFrom("chapters")
      .innerJoin("courses", "courses.id", "chapters.course_id")
      .select(["chapters.id", "courses.title"])
      .where("chapters.status", "=", "published")
      .where("courses.status", "=", "published")
      .executeTakeFirstOrThrow();
    await app.db
      .insertInto("chapter_progress")
      .values({ user_id: user.id, chapter_id: chapter.id, completed_at: new Date() })
      .execute();
    const withProgress = await getPage(admin, `/admin/members/${user.id}`);
    const progress = withProgress.document.querySelector('[aria-label="Course progress"]')?.textContent ?? "";
    expect(progress).toContain(chapter.title);
    expect(progress).toMatch(/1 of \d+/);
    const signInHelp = await getPage(admin, `/admin/members/${user.id}/sign-in`);
    expect(signInHelp.document.querySelector('[aria-label="Emails"]')?.textContent).toContain(
      "Your AI Profit Labs login details",
    );
    // The list never shows a message's body: it holds the set-password link.
    expect(signInHelp.document.body.innerHTML).not.toContain("/reset-password?token=");

    // Two sessions of another member, then 'Sign out all sessions'.
    const other = await createUser(app.db, { paid: "stripe-order" });
    const phone = await signIn(app.baseUrl, other.email);
    await signIn(app.baseUrl, other.email);
    const before = await getPage(admin, `/admin/members/${other.id}/sign-in`);
    expect(before.document.querySelectorAll('[aria-label="Active sessions"] tbody tr')).toHaveLength(2);
    expect(redirectTarget(await admin.post(`/admin/members/${other.id}/sign-in`, { intent: "sign-out" }))).toBe(
      `/admin/members/${other.id}/sign-in`,
    );
    expect(redirectTarget(await phone.get("/dashboard"))).toBe("/login?redirect=%2Fdashboard");
    const after = await getPage(admin, `/admin/members/${other.id}/sign-in`);
    expect(after.document.querySelector('[role="status"]')?.textContent).toBe("Signed out of all sessions (2 ended).");
    expect((await auditRows(other.id)).map((row) => [row.action, row.details])).toEqual([
      ["sign_out_sessions", { sessions: 2 }],
    ]);

    // 'Send sign-in link': a working set-password link through the outbox.
    expect(redirectTarget(await admin.post(`/admin/members/${user.id}/sign-in`, { intent: "send-link" }))).toBe(
      `/admin/members/${user.id}/sign-in`,
    );
    const mail = await mailTo(email, "Sign in to AI Profit Labs");
    const link = new URL(mail.text.match(/https?:\/\/\S+reset-password\S+/)![0]);
    const reset = await new Browser(app.baseUrl).post(link.pathname + link.search, {
      token: link.searchParams.get("token")!,
      password: "brand-new-password-1",
    });
    expect(reset.status).toBe(303);
    expect(await isPaid(await signIn(app.baseUrl, email, "brand-new-password-1"))).toBe(true);
    expect((await auditRows(user.id)).map((row) => [row.action, row.details])).toEqual([
      ["send_sign_in_link", { to: email }],
    ]);
  });
});

describe("CSV exports", () => {
  const NASTY = [
    '=HYPERLINK("http://evil.example","click")',
    "+1 555 0100",
    "-2+3",
    "@SUM(A1:A2)",
    "\tTabbed",
    "\rReturned",
    'Smith, "Jo"\nJunior',
  ];

  it("exports the members matching the filter, streamed, with formula cells escaped and awkward names intact", async () => {
    const tag = `csv${Date.now()}`;
    const made = [];
    for (const [index, name] of NASTY.entries())
      made.push(await createUser(app.db, { email: `${tag}-${index}@test.example`, name, paid: "none" }));
    await createUser(app.db, { email: `${tag}-paid@test.example`, name: "Paid Person", paid: "warriorplus" });

    const response = await admin.get(`/admin/members.csv?q=${tag}&access=no-access`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="members-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const parsed: Array<Record<string, string> & Record<"email" | "joined", string>> = parse(await response.text(), {
      columns: true,
    });
    // Rows come oldest first; users made in the same instant may come in either order.
    const rows = parsed.sort((a, b) => a.email.localeCompare(b.email));
    expect(rows.map((row) => row.email)).toEqual(made.map((user) => user.email));
    expect(rows.map((row) => row.name)).toEqual([
      `'=HYPERLINK("http://evil.example","click")`,
      "'+1 555 0100",
      "'-2+3",
      "'@SUM(A1:A2)",
      "'\tTabbed",
      "'\rReturned",
      'Smith, "Jo"\nJunior',
    ]);
    expect(rows.every((row) => row.access === "No access" && row.source === "No access")).toBe(true);
    expect(rows[0]?.joined).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("exports more members than one batch, each once", async () => {
    const tag = `bulk${Date.now()}`;
    await app.db
      .insertInto("users")
      .values(Array.from({ length: 1203 }, (_, i) => ({ email: `${tag}-${i}@test.example`, name: `Bulk ${i}` })))
      .execute();
    const rows: Record<string, string>[] = parse(await (await admin.get(`/admin/members.csv?q=${tag}`)).text(), {
      columns: true,
    });
    expect(rows).toHaveLength(1203);
    expect(new Set(rows.map((row) => row.email)).size).toBe(1203);
  });

  it("exports every order of both sources", async () => {
    const email = uniqueEmail("orders");
    const sale = await postSale({
      WP_BUYER_EMAIL: email,
      WP_AFFID: "=cmd|' /C calc'!A0",
      WP_ITEM_NAME: 'Lab, "Pro" edition',
    });
    const { order, user } = await stripeBuyer();
    const response = await admin.get("/admin/orders.csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(/filename="orders-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows: Record<string, string>[] = parse(await response.text(), { columns: true });
    const market = rows.find((row) => row.reference === sale.WP_SALE)!;
    expect(market).toMatchObject({
      source: "WarriorPlus",
      product: 'Lab, "Pro" edition',
      amount_cents: "1700",
      currency: "USD",
      amount: "$17.00 USD",
      status: "Paid",
      affiliate: "'=cmd|' /C calc'!A0",
      member_email: email,
    });
    const card = rows.find((row) => row.order_id === order.id)!;
    expect(card).toMatchObject({
      source: "Stripe",
      product: "AI Profit Labs Lifetime Access",
      amount_cents: "2500",
      member_email: user.email,
      status: "Paid",
    });
  });
});

describe("the outbox page", () => {
  it("lists messages without their bodies, shows a body on its own page, and retries a failed one", async () => {
    const user = await createUser(app.db, { name: "Ola Outbox" });
    smtp.refuseOnce(user.email);
    await admin.post(`/admin/members/${user.id}/sign-in`, { intent: "send-link" });
    const failed = await vi.waitFor(
      async () => {
        const row = await app.db
          .selectFrom("email_outbox")
          .selectAll()
          .where("to_address", "=", user.email)
          .executeTakeFirstOrThrow();
        expect(row.last_error, "the refused send").toBeTruthy();
        return row;
      },
      { timeout: 15_000 },
    );
    expect(failed.sent_at).toBeNull();

    const list = await getPage(admin, "/admin/emails?status=failed");
    const row = [...list.document.querySelectorAll("tbody tr")].find((tr) => tr.textContent!.includes(user.email))!;
    expect(row.textContent).toContain("Sign in to AI Profit Labs");
    expect(row.textContent).toContain("Failed");
    expect(row.textContent).toContain("Mailbox busy");
    expect(list.document.body.innerHTML).not.toContain("reset-password?token=");
    const own = await getPage(admin, `/admin/emails/${failed.id}`);
    expect(own.document.querySelector("pre")?.textContent).toContain("/reset-password?token=");

    const retried = await admin.post("/admin/emails", { intent: "retry", id: failed.id, status: "failed" });
    expect(redirectTarget(retried)).toBe("/admin/emails?status=failed");
    await mailTo(user.email, "Sign in to AI Profit Labs");
    expect(
      await app.db.selectFrom("admin_audit_log").select("details").where("action", "=", "retry_email").execute(),
    ).toEqual([{ details: { emailId: failed.id, to: user.email, subject: "Sign in to AI Profit Labs" } }]);

    // A sent message cannot be retried: nothing changes, the admin is told why.
    await expect
      .poll(
        async () =>
          (await app.db.selectFrom("email_outbox").select("sent_at").where("id", "=", failed.id).executeTakeFirst())
            ?.sent_at,
        { timeout: 15_000 },
      )
      .not.toBeNull();
    const refused = await admin.post("/admin/emails", { intent: "retry", id: failed.id });
    expect(redirectTarget(refused)).toBe("/admin/emails");
    const page = await getPage(admin, "/admin/emails");
    expect(page.document.querySelector('[role="alert"]')?.textContent).toBe(
      "Only a failed message that has not been sent can be retried.",
    );
    expect(
      await app.db.selectFrom("admin_audit_log").select("id").where("action", "=", "retry_email").execute(),
    ).toHaveLength(1);
  });
});

describe("buyers' emails", () => {
  it("a Stripe purchase sends one welcome email with the receipt, and a refund a short notice", async () => {
    const { user, session, order } = await stripeBuyer("Wendy Welcome");
    const welcome = await mailTo(user.email, "Welcome to AI Profit Labs");
    expect(welcome.text).toContain("Hi Wendy Welcome,");
    expect(welcome.text).toContain("Product: AI Profit Labs Lifetime Access");
    expect(welcome.text).toContain("Amount: $25.00 USD");
    expect(welcome.text).toContain(`Order reference: ${order.id}`);
    expect(welcome.text).toContain(`Your training: ${app.baseUrl}/dashboard`);
    expect(welcome.text).toContain("help@site.test.example");
    expect(welcome.html).toContain("<h2");
    expect(welcome.html).toContain(`href="${app.baseUrl}/dashboard"`);
    expect(welcome.html).toContain(order.id);

    // The same completion again (a webhook replay, then /success) queues nothing more.
    expect((await deliverStripe(fake.event("checkout.session.completed", session))).status).toBe(200);
    const buyer = await signIn(app.baseUrl, user.email);
    await buyer.get(`/success?session_id=${session.id}`);
    expect(
      await app.db.selectFrom("email_outbox").select("subject").where("to_address", "=", user.email).execute(),
    ).toEqual([{ subject: "Welcome to AI Profit Labs: your receipt" }]);

    expect((await deliverStripe(fake.event("charge.refunded", fake.refundedCharge(session)))).status).toBe(200);
    const notice = await mailTo(user.email, "refund");
    expect(notice.subject).toBe("Your AI Profit Labs refund");
    expect(notice.text).toContain(
      `Your payment of $25.00 USD for AI Profit Labs Lifetime Access (order ${order.id}) has been refunded.`,
    );
    expect(notice.html).toContain("has been refunded");
    const refundedOrder = await app.db
      .selectFrom("stripe_orders")
      .select(["status", "refunded_at"])
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(refundedOrder.status).toBe("refunded");
    expect(refundedOrder.refunded_at).not.toBeNull();
  });

  it("a marketplace buyer's set-password email carries the same receipt block, and a refund a notice", async () => {
    const email = uniqueEmail("mreceipt");
    const sale = await postSale({
      WP_BUYER_EMAIL: email,
      WP_SALE_AMOUNT: "27.50",
      WP_ITEM_NAME: "AI Profit Labs Front End",
    });
    const order = await app.db
      .selectFrom("warriorplus_orders")
      .select("id")
      .where("sale_id", "=", sale.WP_SALE)
      .executeTakeFirstOrThrow();
    const mail = await mailTo(email, "login details");
    expect(mail.text).toContain("/reset-password?token=");
    expect(mail.text).toContain("Receipt\nProduct: AI Profit Labs Front End\nAmount: $27.50 USD\n");
    expect(mail.text).toContain(`Order reference: ${order.id}`);
    expect(mail.html).toContain("Receipt");

    // A refund of the sale: a short notice, once, however often the marketplace repeats it.
    const refund = marketplaceRefund(sale);
    expect((await postMarketplaceIpn(app.baseUrl, refund)).status).toBe(200);
    expect((await postMarketplaceIpn(app.baseUrl, { ...refund, IPN_ID: `${refund.IPN_ID}_again` })).status).toBe(200);
    const notice = await mailTo(email, "refund");
    // It names the product the sale granted, as the catalogue calls it, and says what ends (issue 40).
    expect(notice.text).toContain(
      `Your payment of $27.50 USD for AI Profit Labs Lifetime Access (order ${order.id}) has been refunded.\n` +
        "Your AI Profit Labs Lifetime Access has ended, and with it your access to the training.",
    );
    const subjects = await app.db
      .selectFrom("email_outbox")
      .select("subject")
      .where("to_address", "=", email)
      .orderBy("created_at")
      .execute();
    expect(subjects.map((row) => row.subject)).toEqual([
      "Your AI Profit Labs login details",
      "Your AI Profit Labs refund",
    ]);
  });
});

describe("members' own purchases", () => {
  it("lists the member's orders and opens a printable receipt for the owner and admins only", async () => {
    const { user, browser, order } = await stripeBuyer("Petra Purchase");
    const list = await getPage(browser, "/account/purchases");
    expect(list.response.status).toBe(200);
    expect(list.document.body.textContent).toContain("AI Profit Labs Lifetime Access");
    // Reached from the account page (the navigation links to /account).
    expect(
      (await getPage(browser, "/account")).document.querySelector('main a[href="/account/purchases"]'),
    ).not.toBeNull();
    const receiptPath = `/account/purchases/${order.id}`;
    expect(list.document.querySelector(`a[href="${receiptPath}"]`)).not.toBeNull();

    const receipt = await getPage(browser, receiptPath);
    const text = receipt.document.querySelector("article")?.textContent ?? "";
    for (const expected of [
      "AI Profit Labs, help@site.test.example",
      `Petra Purchase, ${user.email}`,
      "AI Profit Labs Lifetime Access",
      "$25.00 USD",
      order.id,
      order.checkout_session_id,
      "Paid",
    ]) {
      expect(text).toContain(expected);
    }

    const stranger = await signIn(app.baseUrl, (await createUser(app.db, { paid: "stripe-order" })).email);
    expect((await stranger.get(receiptPath)).status).toBe(404);
    expect((await admin.get(receiptPath)).status).toBe(200);
    expect(redirectTarget(await new Browser(app.baseUrl).get(receiptPath))).toBe(
      `/login?${new URLSearchParams({ redirect: receiptPath })}`,
    );
    expect(redirectTarget(await new Browser(app.baseUrl).get("/account/purchases"))).toBe(
      "/login?redirect=%2Faccount%2Fpurchases",
    );
    expect((await browser.get("/account/purchases/not-an-id")).status).toBe(404);
  });

  it("tells a complimentary member where their access comes from, not to see the plans (issue 30)", async () => {
    const user = await createUser(app.db, { paid: "none" });
    await app.db
      .insertInto("access_grants")
      .values({ user_id: user.id, reason: "press", product_key: "membership" })
      .execute();
    const browser = await signIn(app.baseUrl, user.email);
    const { document } = await getPage(browser, "/account/purchases");
    const text = document.querySelector("main")?.textContent ?? "";
    expect(text).toContain("Your access is complimentary: it was given to this account by our team");
    expect(text).not.toContain("See the plans");
    expect(document.querySelector('main a[href="/payment-options"]')).toBeNull();
    expect(document.querySelector('main a[href="/dashboard"]')?.textContent).toBe("Go to your training");

    const nobody = await signIn(app.baseUrl, (await createUser(app.db, { paid: "none" })).email);
    const plain = (await getPage(nobody, "/account/purchases")).document.querySelector("main")?.textContent ?? "";
    expect(plain).toContain("No purchases on this account yet.");
    expect(plain).not.toContain("complimentary");
  });
});
