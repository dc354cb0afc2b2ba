import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createUser, signIn, uniqueEmail } from "../../support/fixtures";
import { Browser, redirectTarget } from "../../support/http";
import { resetServerClock, setServerClock } from "../../support/clock";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from "../../support/test-app";

/**
 * Issue 29 item 3 (decision 056): housekeeping applies the retention periods, with the server's
 * clock moved instead of waiting; the dry run reports what the next run removes; the privacy
 * policy prints the same periods from the same settings. Two periods are set away from their
 * defaults here, so the page and the run can only agree by reading the one source.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ RETENTION_EMAIL_BODY_DAYS: "45", RETENTION_KNOWN_DEVICE_DAYS: "100" });
});
afterEach(() => resetServerClock());
afterAll(async () => {
  await app?.close();
});

const DAY = 24 * 60 * 60 * 1000;

async function seed() {
  const start = new Date();
  const member = await createUser(app.db);
  const buyer = await createUser(app.db, { paid: "stripe-order" });
  const sent = await app.db
    .insertInto("email_outbox")
    .values({ to_address: member.email, subject: "Sent long ago", text_body: "the body", html_body: "<p>the body</p>" })
    .returning("id")
    .executeTakeFirstOrThrow();
  await app.db
    .updateTable("email_outbox")
    .set({ sent_at: sql`now()` })
    .where("id", "=", sent.id)
    .execute();
  const waiting = await app.db
    .insertInto("email_outbox")
    .values({
      to_address: member.email,
      subject: "Never sent",
      text_body: "kept body",
      next_attempt_at: new Date(Date.now() + 365 * DAY),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const audit = await app.db
    .insertInto("admin_audit_log")
    .values({ admin_id: null, admin_email: "cli", action: "promote_admin", member_id: member.id, details: "{}" })
    .returning("id")
    .executeTakeFirstOrThrow();
  await app.db.insertInto("known_devices").values({ user_id: member.id, device: "Old Phone" }).execute();
  const leaver = uniqueEmail("leaver");
  await app.db
    .insertInto("leads")
    .values([
      { email: leaver, source: "free-training", unsubscribed_at: new Date() },
      { email: buyer.email, source: "free-training", unsubscribed_at: new Date() },
      { email: uniqueEmail("subscribed"), source: "free-training" },
    ])
    .execute();
  const consent = await app.db
    .insertInto("cookie_consents")
    .values({ choice: "all", banner_version: "test", client_hash: null, user_agent: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { start, member, buyer, sent, waiting, audit, leaver, consent };
}

type Seeded = Awaited<ReturnType<typeof seed>>;

async function state(s: Seeded) {
  const [sent, waiting, audit, devices, leads, consent] = await Promise.all([
    app.db.selectFrom("email_outbox").selectAll().where("id", "=", s.sent.id).executeTakeFirst(),
    app.db.selectFrom("email_outbox").selectAll().where("id", "=", s.waiting.id).executeTakeFirst(),
    app.db.selectFrom("admin_audit_log").select("id").where("id", "=", s.audit.id).executeTakeFirst(),
    app.db.selectFrom("known_devices").select("device").where("user_id", "=", s.member.id).execute(),
    app.db.selectFrom("leads").select("email").where("email", "in", [s.leaver, s.buyer.email]).execute(),
    app.db.selectFrom("cookie_consents").select("id").where("id", "=", s.consent.id).executeTakeFirst(),
  ]);
  return {
    sentBody: sent ? sent.text_body + (sent.html_body ?? "") : "(row gone)",
    sentSubject: sent?.subject,
    waitingBody: waiting?.text_body,
    audit: Boolean(audit),
    device: devices.some((row) => row.device === "Old Phone"),
    leads: leads.map((row) => row.email).sort(),
    consent: Boolean(consent),
  };
}

/** The dry run's count for a rule, from the admin command's report. */
async function dryRun(): Promise<Record<string, number>> {
  const run = await app.runAdminCommand(["retention"]);
  expect(run.exitCode).toBe(0);
  const counts: Record<string, number> = {};
  for (const [, rule = "", count] of run.output.matchAll(/^\s+(.+) older than .+: (\d+)$/gm))
    counts[rule] = Number(count);
  expect(Object.keys(counts)).toHaveLength(5);
  return counts;
}

/** The admin's 'Data retention' page, row by row: the cells' text, tags stripped. */
async function adminPage(browser: Browser): Promise<string[][]> {
  const response = await browser.get("/admin/retention");
  expect(response.status).toBe(200);
  const html = await response.text();
  const body = html.slice(html.indexOf("<tbody"), html.indexOf("</tbody>"));
  return [...body.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map(([, row = ""]) =>
    [...row.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map(([, cell = ""]) =>
      cell
        .replace(/<!--.*?-->/g, "")
        .replace(/<[^>]+>/g, "")
        .replace(/&amp;/g, "&")
        .trim(),
    ),
  );
}

describe("retention in housekeeping", () => {
  it("removes each kind of data after its period, and not before; the dry run counts what the run removes", async () => {
    const s = await seed();
    const at = (days: number) => setServerClock(new Date(s.start.getTime() + days * DAY));

    at(44);
    await app.rerunStartup();
    expect(await state(s)).toMatchObject({ sentBody: "the body<p>the body</p>", device: true, audit: true });

    at(46);
    const before = await dryRun();
    expect(before["bodies of sent emails"]).toBeGreaterThanOrEqual(1);
    // The admin's page shows the same dry run, rule by rule, and removes nothing either.
    const admin = await signIn(app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    const rows = await adminPage(admin);
    expect(rows.map((row) => row[0])).toEqual([
      "Text of sent emails",
      "Admin activity log",
      "Known devices",
      "Unsubscribed leads who never bought",
      "Cookie-choice proofs",
    ]);
    expect(rows.map((row) => Number(row[4]))).toEqual(Object.values(before));
    expect(rows[0]?.slice(1, 4)).toEqual([
      "45 days after sending",
      "the text and HTML are emptied; the address, subject and dates stay",
      "RETENTION_EMAIL_BODY_DAYS=45",
    ]);
    expect(rows[2]?.slice(1, 2)).toEqual(["100 days after their last use"]);
    expect(await dryRun()).toEqual(before);
    const outboxWithBodies = () =>
      app.db
        .selectFrom("email_outbox")
        .select(sql<number>`count(*)::int`.as("n"))
        .where("sent_at", "is not", null)
        .where((eb) => eb.or([eb("text_body", "<>", ""), eb("html_body", "is not", null)]))
        .executeTakeFirstOrThrow();
    const bodiesBefore = (await outboxWithBodies()).n;
    await app.rerunStartup();
    expect(bodiesBefore - (await outboxWithBodies()).n).toBe(before["bodies of sent emails"]);
    expect((await dryRun())["bodies of sent emails"]).toBe(0);
    expect(await state(s)).toEqual({
      sentBody: "",
      sentSubject: "Sent long ago", // the row's metadata stays
      waitingBody: "kept body", // an unsent message keeps its body
      audit: true,
      device: true,
      leads: [s.buyer.email, s.leaver].sort(),
      consent: true,
    });

    at(101);
    await app.rerunStartup();
    expect(await state(s)).toMatchObject({ device: false, audit: true, leads: [s.buyer.email, s.leaver].sort() });

    at(366);
    expect((await dryRun())["unsubscribed leads who never bought, unsubscribed"]).toBeGreaterThanOrEqual(1);
    await app.rerunStartup();
    // The lead who bought stays; the one who never did goes; a subscribed lead is never touched.
    expect(await state(s)).toMatchObject({ leads: [s.buyer.email], audit: true, consent: true });

    at(731);
    await app.rerunStartup();
    expect(await state(s)).toMatchObject({ audit: false, consent: true });

    at(1096);
    await app.rerunStartup();
    expect(await state(s)).toMatchObject({ consent: false });
  });
});

describe("the admin's 'Data retention' page", () => {
  it("is for admins only", async () => {
    const visitor = new Browser(app.baseUrl);
    expect(redirectTarget(await visitor.get("/admin/retention"))).toBe("/login?redirect=%2Fadmin%2Fretention");
    const member = await createUser(app.db, { paid: "stripe-order" });
    const browser = await signIn(app.baseUrl, member.email);
    expect(redirectTarget(await browser.get("/admin/retention"))).toBe("/dashboard");
  });
});

describe("the privacy policy's periods", () => {
  it("are the periods housekeeping applies, read from the same settings", async () => {
    const html = await (await new Browser(app.baseUrl).get("/privacy-policy")).text();
    const retention = html.slice(html.indexOf('id="retention"'), html.indexOf('id="security"'));
    expect(retention).toContain("the message text is deleted 45 days after sending");
    expect(retention).toContain("deleted 100 days after their last use");
    expect(retention).toContain("deleted after 2 years");
    expect(retention).toContain("the record is deleted 1 year after you unsubscribe");
    expect(retention).toContain("Records of your cookie choice: 3 years");
  });
});
