import crypto from "node:crypto";
import { dkimVerify } from "mailauth/lib/dkim/verify";
import { parse } from "csv-parse/sync";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { advanceServerClock, resetServerClock } from "../../support/clock";
import { createUser, signIn, uniqueEmail } from "../../support/fixtures";
import { rowsNaming } from "../../support/privacy";
import { Browser, redirectTarget } from "../../support/http";
import { SmtpSink, type ReceivedMail } from "../../support/smtp-sink";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from "../../support/test-app";

/**
 * The list (issue 27, decision 054): a lead's starter access, the training sequence through the
 * outbox at its times (a controllable clock, never a sleep), buying that stops it, RFC 8058
 * unsubscribing, forged tokens, preferences, Reply-To and DKIM verified at the SMTP sink.
 * Announcements, their audiences and the send rate: list-announcements.test.ts.
 */
const SUPPORT = "help@list.test.example";
const DKIM_DOMAIN = "list.test.example";
const DKIM_SELECTOR = "mail2026";
const keys = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
const publicKey = keys.publicKey.export({ type: "spki", format: "der" }).toString("base64");

let smtp: SmtpSink;
let app: TestApp;
let admin: Browser;

beforeAll(async () => {
  smtp = await SmtpSink.start();
  app = await startTestApp({
    SMTP_URL: smtp.url,
    SUPPORT_EMAIL: SUPPORT,
    MAIL_FROM: `"List Test" <news@${DKIM_DOMAIN}>`,
    // The sender looks for due mail often, so a moved clock is seen within a moment.
    MAIL_POLL_SECONDS: "0.2",
    // Marketing mail carries it, and is held without it (list-held.test.ts).
    MAIL_POSTAL_ADDRESS: "List Test Ltd, 1 Mail Street, Springfield",
    DKIM_DOMAIN,
    DKIM_SELECTOR,
    // As an operator sets it in one line: \n for the line breaks.
    DKIM_PRIVATE_KEY: (keys.privateKey.export({ type: "pkcs8", format: "pem" }) as string).replace(/\n/g, "\\n"),
  });
  admin = await signIn(app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterEach(() => resetServerClock());
afterAll(async () => {
  resetServerClock();
  await app?.close();
  await smtp?.close();
});

const HOUR = 3_600_000;
const subscribe = (email: string, name = "Robin") => new Browser(app.baseUrl).post("/special-access", { email, name });
const outboxFor = (email: string) =>
  app.db.selectFrom("email_outbox").selectAll().where("to_address", "=", email).orderBy("next_attempt_at").execute();
const leadOf = (email: string) =>
  app.db.selectFrom("leads").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
const unsubscribeLink = (mail: ReceivedMail) => {
  const match = mail.text.match(/Unsubscribe: (\S+)/);
  if (!match) throw new Error(`no unsubscribe link in:\n${mail.text}`);
  return new URL(match[1]!);
};

describe("a lead's starter access", () => {
  it("a lead who makes a verified account gets the starter courses and the idea generator, the rest locked", async () => {
    const email = uniqueEmail("starter");
    expect((await subscribe(email)).status).toBe(303);
    // The account of the confirmation email's /signup?email= link, once its address is verified.
    const user = await createUser(app.db, { email, verified: false });
    expect(await starterOf(user.id)).toHaveLength(0);
    await app.db.updateTable("users").set({ email_verified_at: new Date() }).where("id", "=", user.id).execute();
    expect(await starterOf(user.id)).toHaveLength(1);

    const browser = new Browser(app.baseUrl);
    const login = await browser.post("/login?special_access=true", { email, password: user.password });
    expect(redirectTarget(login)).toBe("/dashboard");
    // Without the flag too: the starter course is on the dashboard, so that is where the lead lands,
    // and where /login and /signup send the lead once signed in.
    const plain = new Browser(app.baseUrl);
    expect(redirectTarget(await plain.post("/login", { email, password: user.password }))).toBe("/dashboard");
    expect(redirectTarget(await plain.get("/login"))).toBe("/dashboard");
    expect(redirectTarget(await plain.get("/signup"))).toBe("/dashboard");
    const dashboard = await browser.get("/dashboard");
    expect(dashboard.status).toBe(200);
    const html = await dashboard.text();
    expect(html).toContain("Your first AI SaaS idea in 30 minutes");
    expect(html).toContain("Unlock with lifetime access");

    const courses = await app.db.selectFrom("courses").select(["id", "required_product"]).execute();
    const starter = courses.find((course) => course.required_product === "starter")!;
    const paid = courses.find((course) => course.required_product === "membership")!;
    expect((await browser.get(`/course/${starter.id}`)).status).toBe(200);
    expect((await browser.get(`/course/${paid.id}`)).status).toBe(303);
    expect((await browser.get("/app-idea-generator")).status).toBe(200);
    // Every other member tool stays locked.
    for (const locked of ["/app-builder", "/bonuses"]) {
      expect(redirectTarget(await browser.get(locked)), locked).toBe("/payment-options");
    }
  });

  it("an account made through the confirmation email's signup link is verified at once and opens the starter course", async () => {
    const email = uniqueEmail("linked");
    const since = smtp.messages.length;
    await subscribe(email);
    const link = new URL(
      (await smtp.waitFor(email, 15_000, "access is confirmed", since)).text.match(
        /(https?:\/\/\S+\/signup\?\S+)/,
      )![1]!,
    );
    expect(link.searchParams.get("email")).toBe(email);
    const token = link.searchParams.get("token")!;
    const browser = new Browser(app.baseUrl);
    const form = (await browser.get(link.pathname + link.search)).text();
    expect(await form).toContain(`name="lead_token" value="${token}"`);
    // The page promises what the lead gets: the free starter course.
    expect(await form).toContain("Create your free account: your starter course opens as soon as you sign up.");
    const created = await browser.post("/signup", {
      name: "Linked Lead",
      email,
      password: "linked-password-1",
      lead_token: token,
    });
    expect(redirectTarget(created)).toBe("/dashboard");
    const user = await app.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    expect(user.email_verified_at).not.toBeNull();
    expect(await starterOf(user.id)).toHaveLength(1);
    expect((await browser.get("/dashboard")).status).toBe(200);

    // The token proves only its own address, and only unaltered.
    const other = uniqueEmail("not-linked");
    await subscribe(other);
    for (const forged of [token, `${token.slice(0, -1)}A`, "garbled"]) {
      const stranger = new Browser(app.baseUrl);
      const refused = await stranger.post("/signup", {
        name: "Stranger",
        email: forged === token ? other : uniqueEmail("forged"),
        password: "stranger-password-1",
        lead_token: forged,
      });
      expect(redirectTarget(refused)).toBe("/payment-options");
    }
    const unproven = await app.db
      .selectFrom("users")
      .select("email_verified_at")
      .where("email", "=", other)
      .executeTakeFirstOrThrow();
    expect(unproven.email_verified_at).toBeNull();
  });

  it("a member with a verified address who signs up as a lead gets it too; an unverified one does not", async () => {
    const verified = await createUser(app.db, { email: uniqueEmail("member-lead") });
    const unverified = await createUser(app.db, { email: uniqueEmail("unproven-lead"), verified: false });
    await subscribe(verified.email);
    await subscribe(unverified.email);
    expect(await starterOf(verified.id)).toHaveLength(1);
    expect(await starterOf(unverified.id)).toHaveLength(0);
    // An account with nothing to open still signs in to the plan page.
    const browser = new Browser(app.baseUrl);
    expect(
      redirectTarget(await browser.post("/login", { email: unverified.email, password: unverified.password })),
    ).toBe("/payment-options");
    expect(redirectTarget(await browser.get("/login"))).toBe("/payment-options");
    expect(redirectTarget(await browser.get("/dashboard"))).toBe("/payment-options");
  });

  it("a paid member opens the starter course as part of the membership", async () => {
    const member = await createUser(app.db, { paid: "stripe-order" });
    const starter = await app.db
      .selectFrom("courses")
      .select("id")
      .where("required_product", "=", "starter")
      .executeTakeFirstOrThrow();
    const browser = await signIn(app.baseUrl, member.email);
    expect((await browser.get(`/course/${starter.id}`)).status).toBe(200);
  });
});

const starterOf = (userId: string) =>
  app.db
    .selectFrom("entitlements")
    .selectAll()
    .where("user_id", "=", userId)
    .where("product_key", "=", "starter")
    .where("source_kind", "=", "lead_signup")
    .execute();

describe("the training sequence", () => {
  it("queues three steps for their times, sends each in order when its time comes, signed and unsubscribable", async () => {
    const email = uniqueEmail("training");
    const start = Date.now();
    expect((await subscribe(email)).status).toBe(303);
    // A repeat of the form queues nothing more.
    expect((await subscribe(email)).status).toBe(303);
    const queued = (await outboxFor(email)).filter((row) => row.category === "sequence");
    expect(queued).toHaveLength(3);
    for (const [index, row] of queued.entries()) {
      const hours = (new Date(row.send_after!).getTime() - start) / HOUR;
      expect(Math.round(hours)).toBe(24 * (index + 1));
    }
    const list = await (await admin.get("/admin/emails?status=scheduled")).text();
    expect(list).toContain(email);
    expect(list).toContain("Scheduled");
    // A message without an error says so in plain grey, not in an error's red.
    expect(list).toMatch(/data-label="Last error" class="[^"]*text-slate-500[^"]*"><div[^>]*>—</);
    expect(list).not.toMatch(/data-label="Last error" class="[^"]*text-red-700[^"]*"><div[^>]*>—</);

    const since = smtp.messages.length;
    advanceServerClock(24 * HOUR + 60_000);
    const day1 = await smtp.waitFor(email, 15_000, "Day 1", since);
    // Only the first is sent (marked once the SMTP server took it).
    await vi.waitFor(
      async () => expect(await sentSubjects(email)).toEqual(["Day 1: Find an AI SaaS idea people will pay for"]),
      { timeout: 15_000 },
    );
    advanceServerClock(24 * HOUR);
    await smtp.waitFor(email, 15_000, "Day 2", since);
    advanceServerClock(24 * HOUR);
    const day3 = await smtp.waitFor(email, 15_000, "Day 3", since);
    // Day 3 sells the program: its link is the plan page, which sells the membership (issue 40).
    expect(day3.text).toMatch(/behind these three days: https?:\/\/\S+\/payment-options\b/);
    expect(day3.text).not.toContain("/upgrades");
    expect(day3.text).toContain("List Test Ltd, 1 Mail Street, Springfield");
    const order = smtp.messages
      .slice(since)
      .filter((mail) => mail.to.includes(email) && mail.subject.startsWith("Day"))
      .map((mail) => mail.subject.slice(0, 5));
    expect(order).toEqual(["Day 1", "Day 2", "Day 3"]);

    // What every marketing message carries (RFC 8058, Reply-To), with the lead's name filled in.
    expect(day1.text).toContain("Hi Robin,");
    expect(day1.html).toContain("<strong>what to build</strong>");
    // The text part reads as plain text: no Markdown marks, a link as "text (url)".
    expect(day1.text).toContain("the one decision that matters most: what to build.");
    expect(day1.text).toMatch(/Open the SaaS Idea Generator \(https?:\/\/\S+\/app-idea-generator\) and filter/);
    expect(day1.text).not.toMatch(/\*\*|\]\(/);
    const link = unsubscribeLink(day1);
    expect(link.pathname).toBe("/unsubscribe");
    expect(day1.html).toContain(`href="${link.href.replace(/&/g, "&amp;")}"`);
    expect(day1.header("list-unsubscribe")).toBe(`<${link.href}>`);
    expect(day1.header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(day1.header("reply-to")).toContain(SUPPORT);

    // nodemailer signed it; the verifier finds our key under the selector and the body intact.
    const verdict = await dkimVerify(day1.raw, {
      resolver: async (name: string, type: string) => {
        if (type === "TXT" && name === `${DKIM_SELECTOR}._domainkey.${DKIM_DOMAIN}`)
          return [[`v=DKIM1; k=rsa; p=${publicKey}`]];
        throw Object.assign(new Error(`no ${type} record for ${name}`), { code: "ENOTFOUND" });
      },
    });
    expect(verdict.results.map((result) => result.status.result)).toEqual(["pass"]);
    expect(verdict.results[0]!.signingDomain).toBe(DKIM_DOMAIN);
  });

  it("buying, from any source, cancels the steps not sent and makes the lead a customer", async () => {
    const email = uniqueEmail("buyer");
    await subscribe(email);
    await createUser(app.db, { email, paid: "warriorplus" });
    expect((await leadOf(email)).customer_at).not.toBeNull();
    const steps = (await outboxFor(email)).filter((row) => row.category === "sequence");
    expect(steps.map((row) => [row.sent_at, row.canceled_at !== null])).toEqual([
      [null, true],
      [null, true],
      [null, true],
    ]);
    const leads = await (await admin.get(`/admin/leads?q=${encodeURIComponent(email)}`)).text();
    expect(leads).toContain("Customer");
    // /admin/emails names no next attempt for a canceled step: it will never be sent.
    const canceled = await (await admin.get("/admin/emails?status=canceled")).text();
    expect(canceled).toContain(email);
    expect(canceled).toMatch(/data-label="Next attempt"[^>]*><div[^>]*>—</);
    expect(canceled).not.toMatch(/data-label="Next attempt"[^>]*><div[^>]*>\d/);
    // An address that bought before subscribing gets no training at all.
    const buyer = await createUser(app.db, { paid: "stripe-order" });
    await subscribe(buyer.email);
    expect((await outboxFor(buyer.email)).filter((row) => row.category === "sequence")).toEqual([]);
  });

  it("an edited step is what is sent from then on", async () => {
    const email = uniqueEmail("edited");
    await subscribe(email, "Sam");
    const page = await (await admin.get("/admin/emails/sequences")).text();
    expect(page).toContain("Send after");
    const step = await app.db
      .selectFrom("email_sequence_steps")
      .selectAll()
      .where("position", "=", 1)
      .executeTakeFirstOrThrow();
    const saved = await admin.post("/admin/emails/sequences", {
      id: step.id,
      delay: "1",
      unit: "days",
      subject: "Day 1, revised",
      body: "Hello {{name}}, the *new* first lesson.",
    });
    expect(redirectTarget(saved)).toBe("/admin/emails/sequences");
    const since = smtp.messages.length;
    advanceServerClock(24 * HOUR + 60_000);
    const mail = await smtp.waitFor(email, 15_000, "Day 1, revised", since);
    // The text part is plain text, written from the Markdown: no emphasis marks.
    expect(mail.text).toContain("Hello Sam, the new first lesson.");
    expect(mail.html).toContain("<em>new</em>");
    const audit = await app.db
      .selectFrom("admin_audit_log")
      .select("action")
      .where("action", "=", "edit_sequence_step")
      .execute();
    expect(audit).toHaveLength(1);
    // Back as the seed had it, for the other tests.
    await admin.post("/admin/emails/sequences", {
      id: step.id,
      delay: "24",
      unit: "hours",
      subject: step.subject,
      body: step.body,
    });
  });
});

const sentSubjects = async (email: string) =>
  (await outboxFor(email))
    .filter((row) => row.sent_at !== null && row.category === "sequence")
    .map((row) => row.subject);

/**
 * Subscribes `email` and moves the clock to the training's first step: its mail, once its outbox
 * row is marked sent. The SMTP server has the mail before the sender marks the row, so a test
 * that waited for the mail alone could read the outbox in between and find the step unsent.
 */
async function trainingMail(email: string) {
  await subscribe(email);
  const since = smtp.messages.length;
  advanceServerClock(24 * HOUR + 60_000);
  await vi.waitFor(async () => expect(await sentSubjects(email)).toHaveLength(1), { timeout: 15_000 });
  return smtp.waitFor(email, 15_000, "Day 1", since);
}

describe("unsubscribing (RFC 8058)", () => {
  it("GET changes nothing; the one-click POST answers 200 without session or CSRF token and unsubscribes", async () => {
    const email = uniqueEmail("oneclick");
    const link = unsubscribeLink(await trainingMail(email));
    const page = await new Browser(app.baseUrl).get(link.pathname + link.search);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await page.text();
    expect(html).toContain(">Unsubscribe</button>");
    expect((await leadOf(email)).unsubscribed_at).toBeNull();

    // As a mail provider sends it: no cookie, and an Origin of its own.
    const oneClick = await fetch(link, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.provider.example" },
      body: "List-Unsubscribe=One-Click",
      redirect: "manual",
    });
    expect(oneClick.status).toBe(200);
    expect((await leadOf(email)).unsubscribed_at).not.toBeNull();
    // The rest of the training is canceled, and nothing later reaches the address.
    const rest = (await outboxFor(email)).filter((row) => row.category === "sequence" && row.sent_at === null);
    expect(rest.map((row) => row.canceled_at !== null)).toEqual([true, true]);
    expect((await admin.get(`/admin/leads?q=${encodeURIComponent(email)}`)).ok).toBe(true);

    const after = await (await new Browser(app.baseUrl).get(link.pathname + link.search)).text();
    expect(after).toContain("You have been unsubscribed");
    expect(after).toContain("Resubscribe");
    const again = await new Browser(app.baseUrl).post(link.pathname + link.search, { intent: "resubscribe" });
    expect(again.status).toBe(200);
    expect((await leadOf(email)).unsubscribed_at).toBeNull();
    const page2 = await new Browser(app.baseUrl).post(link.pathname + link.search, { intent: "unsubscribe" });
    expect(await page2.text()).toContain("You have been unsubscribed");
  });

  it("a forged or garbled token changes nothing, and a token names only its own address", async () => {
    const victim = uniqueEmail("victim");
    const attacker = uniqueEmail("attacker");
    await subscribe(victim);
    const link = unsubscribeLink(await trainingMail(attacker));
    const token = link.searchParams.get("t")!;
    const [list, , signature] = token.split(".");
    const forgeries = [
      "garbled",
      `${list}.${Buffer.from(victim).toString("base64url")}.${signature}`,
      `${list}.${Buffer.from(victim).toString("base64url")}.${crypto.randomBytes(18).toString("base64url")}`,
      `news.${token.split(".")[1]}.${signature}`,
      token.slice(0, -2),
    ];
    for (const forged of forgeries) {
      const query = `/unsubscribe?${new URLSearchParams({ t: forged })}`;
      const get = await new Browser(app.baseUrl).get(query);
      expect(get.status, forged).toBe(400);
      const refusal = await get.text();
      expect(refusal).not.toContain(victim);
      // Where to write instead, in the message itself: the support address, as a link.
      const message = refusal.match(/<p role="alert"[^>]*>(.*?)<\/p>/s)?.[1] ?? "";
      expect(message).toContain("This unsubscribe link is not valid.");
      expect(message).toContain(`<a href="mailto:${SUPPORT}"`);
      expect(message).toContain(`>${SUPPORT}</a>`);
      const post = await fetch(new URL(query, app.baseUrl), {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(post.status, forged).toBe(400);
    }
    expect((await leadOf(victim)).unsubscribed_at).toBeNull();
  });

  it("transactional mail still reaches an unsubscribed address", async () => {
    const member = await createUser(app.db, { email: uniqueEmail("still-gets-resets") });
    const link = unsubscribeLink(await trainingMail(member.email));
    await fetch(link, { method: "POST", body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }) });
    const since = smtp.messages.length;
    await new Browser(app.baseUrl).post("/forgot-password", { email: member.email });
    const reset = await smtp.waitFor(member.email, 15_000, "Reset your", since);
    expect(reset.header("list-unsubscribe")).toBeUndefined();
    expect(reset.header("reply-to")).toContain(SUPPORT);
  });
});

/** The 'Product news and announcements' checkbox's tag. */
const newsBox = (html: string) => html.match(/<input[^>]*name="news"[^>]*>/)?.[0] ?? "(none)";

describe("email preferences on /account/email-preferences", () => {
  it("'Product news and announcements' is on by default, saved by a plain form, and turned off by an unsubscribe link", async () => {
    // Not a buyer: a buyer's address gets no training, and this one's link is used below.
    const member = await createUser(app.db);
    const browser = await signIn(app.baseUrl, member.email);
    const page = await (await browser.get("/account/email-preferences")).text();
    expect(page).toContain("Email preferences");
    expect(newsBox(page)).toContain("checked");
    const off = await browser.post("/account/email-preferences", { intent: "email-preferences" });
    expect(redirectTarget(off)).toBe("/account/email-preferences");
    const optedOut = () =>
      app.db.selectFrom("users").select("news_opt_out_at").where("id", "=", member.id).executeTakeFirstOrThrow();
    expect((await optedOut()).news_opt_out_at).not.toBeNull();
    await browser.post("/account/email-preferences", { intent: "email-preferences", news: "on" });
    expect((await optedOut()).news_opt_out_at).toBeNull();

    // The member is a lead too: the training's link turns the preference off.
    const link = unsubscribeLink(await trainingMail(member.email));
    await fetch(link, { method: "POST", body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }) });
    expect((await optedOut()).news_opt_out_at).not.toBeNull();
    expect(newsBox(await (await browser.get("/account/email-preferences")).text())).not.toContain("checked");
  });
});

describe("/admin/leads", () => {
  it("lists, searches, exports formula-safe CSV and deletes a lead with its queued emails, each audited", async () => {
    const email = uniqueEmail("listed");
    await new Browser(app.baseUrl).post("/special-access", { email, name: "=1+2" });
    const page = await (await admin.get(`/admin/leads?q=${encodeURIComponent(email)}`)).text();
    for (const text of [email, "special-access", "Subscribed", "Delete lead", "Export CSV"])
      expect(page).toContain(text);

    const csv = await admin.get(`/admin/leads.csv?q=${encodeURIComponent(email)}`);
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    const rows = parse(await csv.text(), { columns: true }) as Array<Record<string, string>>;
    expect(rows).toEqual([
      expect.objectContaining({ email, name: "'=1+2", source: "special-access", status: "Subscribed" }),
    ]);

    const lead = await leadOf(email);
    // Without JavaScript 'Delete lead' is a link to a confirmation step; opening it deletes nothing.
    const step = await (await admin.get(`/admin/leads?q=${encodeURIComponent(email)}&delete=${lead.id}`)).text();
    expect(step).toContain(`Delete the lead ${email}? Their lead record and emails are erased; this cannot be undone.`);
    expect(step).toContain(`name="id" value="${lead.id}"`);
    expect(await app.db.selectFrom("leads").select("id").where("email", "=", email).execute()).toHaveLength(1);
    const deleted = await admin.post("/admin/leads", { intent: "delete", id: lead.id });
    expect(redirectTarget(deleted)).toBe("/admin/leads");
    expect(await app.db.selectFrom("leads").select("id").where("email", "=", email).execute()).toEqual([]);
    expect((await outboxFor(email)).filter((row) => row.sent_at === null)).toEqual([]);
    const actions = (await app.db.selectFrom("admin_audit_log").select("action").execute()).map((row) => row.action);
    for (const action of ["view_leads", "export_leads", "erase_lead"]) expect(actions).toContain(action);
  });

  it("'Delete lead' erases an address without an account, and keeps an account's own mail", async () => {
    // A lead who never made an account: erased as a person (decision 056), nothing names the address.
    const stranger = uniqueEmail("erase-lead");
    await new Browser(app.baseUrl).post("/special-access", { email: stranger, name: "Lee Stranger" });
    expect((await outboxFor(stranger)).length).toBeGreaterThan(0);
    const erased = await admin.post("/admin/leads", { intent: "delete", id: (await leadOf(stranger)).id });
    expect(redirectTarget(erased)).toBe("/admin/leads");
    expect(await app.db.selectFrom("leads").select("id").where("email", "=", stranger).execute()).toEqual([]);
    expect(await rowsNaming(app.db, [stranger])).toEqual([]);
    const audit = await app.db
      .selectFrom("admin_audit_log")
      .select(["details"])
      .where("action", "=", "erase_lead")
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.details)).not.toContain(stranger);
    expect(JSON.stringify(audit.details)).toMatch(/erased-[0-9a-f]{16}/);

    // A lead with an account: the lead row and its queued training go; the account and its mail stay.
    const member = await createUser(app.db);
    await new Browser(app.baseUrl).post("/special-access", { email: member.email, name: "Mo Member" });
    await app.db
      .insertInto("email_outbox")
      // Held back (due next year), so the sender leaves it queued while the test looks.
      .values({
        to_address: member.email,
        subject: "Your receipt",
        text_body: "Thanks",
        html_body: null,
        next_attempt_at: new Date(Date.now() + 365 * 86_400_000),
      })
      .execute();
    await admin.post("/admin/leads", { intent: "delete", id: (await leadOf(member.email)).id });
    expect(await app.db.selectFrom("leads").select("id").where("email", "=", member.email).execute()).toEqual([]);
    expect(await app.db.selectFrom("users").select("id").where("id", "=", member.id).execute()).toHaveLength(1);
    const left = (await outboxFor(member.email)).filter((row) => row.sent_at === null);
    expect(left.map((row) => row.subject)).toContain("Your receipt");
    expect(left.filter((row) => row.category !== "transactional")).toEqual([]);
  });

  it("is for admins only: leads, sequences and announcements", async () => {
    const member = await signIn(app.baseUrl, (await createUser(app.db, { paid: "stripe-order" })).email);
    const anonymous = new Browser(app.baseUrl);
    for (const path of [
      "/admin/leads",
      "/admin/leads.csv",
      "/admin/emails/sequences",
      "/admin/emails/announcements/new",
    ]) {
      expect(redirectTarget(await member.get(path)), path).toBe("/dashboard");
      expect(redirectTarget(await anonymous.get(path)), path).toMatch(/^\/login\?/);
    }
    const lead = await leadOf((await app.db.selectFrom("leads").select("email").executeTakeFirstOrThrow()).email);
    expect(redirectTarget(await member.post("/admin/leads", { intent: "delete", id: lead.id }))).toBe("/dashboard");
    expect(await app.db.selectFrom("leads").select("id").where("id", "=", lead.id).execute()).toHaveLength(1);
  });
});
