import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createUser, PASSWORD, signIn, uniqueEmail } from "../../support/fixtures";
import { Browser, redirectTarget } from "../../support/http";
import { sealTotpSecret } from "../../support/keys";
import { rowsNaming, uniqueName } from "../../support/privacy";
import { linkIn, SmtpSink } from "../../support/smtp-sink";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from "../../support/test-app";
import { totpCode } from "../../support/totp";
import { only } from "../../support/present";

/**
 * Issue 29 (decision 056): 'Download my data', 'Delete my account', the admin's 'Export data' and
 * 'Erase member', through the real pages, on a member with every kind of data. Retention:
 * retention.test.ts; erased accounts' old credentials: security-privacy.test.ts.
 */
let app: TestApp;
let smtp: SmtpSink;
let admin: Browser;

beforeAll(async () => {
  smtp = await SmtpSink.start();
  app = await startTestApp({ SMTP_URL: smtp.url });
  admin = await signIn(app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

/**
 * A member with one of everything: a card order and a marketplace sale, a complimentary grant,
 * progress and a certificate, a cookie choice made signed in, a session and known device, a
 * second factor with recovery codes, a reset link, mail, a lead row, a custom SaaS application,
 * and an admin's action on the account. Plus another member whose marketplace sale was bought
 * with this member's address before it was theirs, and who must stay untouched.
 */
async function memberWithEverything({ twoFactor = false, movedAddress = false } = {}) {
  const name = uniqueName("Privacy Person");
  const member = await createUser(app.db, { name, paid: "stripe-order" });
  // Addresses the person had or asked for before: mail went to them, and it names the person too.
  const earlier = movedAddress ? await moveAddress(member) : [];
  const other = await createUser(app.db, { name: uniqueName("Other Person"), paid: "none" });
  const token = crypto.randomBytes(5).toString("hex");
  const own = await app.db
    .insertInto("warriorplus_orders")
    .values({
      user_id: member.id,
      sale_id: `SALE-own-${token}`,
      buyer_email: member.email,
      buyer_name: name,
      item_name: "AI Profit Labs",
      amount_cents: 1700,
      currency: "usd",
      grants_membership: true,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // The other member's sale, bought with this address before it moved to this member.
  const shared = await app.db
    .insertInto("warriorplus_orders")
    .values({
      user_id: other.id,
      sale_id: `SALE-shared-${token}`,
      buyer_email: member.email,
      buyer_name: "Other Buyer Name",
      item_name: "White Label",
      amount_cents: 9700,
      currency: "usd",
      grants_membership: false,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const { id: adminId } = await app.db
    .selectFrom("users")
    .select("id")
    .where("email", "=", ADMIN_EMAIL)
    .executeTakeFirstOrThrow();
  await app.db
    .insertInto("access_grants")
    .values({ user_id: member.id, reason: "Podcast guest", granted_by: adminId, product_key: "vip" })
    .execute();
  const chapter = await app.db
    .selectFrom("chapters")
    .innerJoin("courses", "courses.id", "chapters.course_id")
    .select(["chapters.id", "chapters.title", "courses.id as course_id", "courses.title as course_title"])
    .where("chapters.status", "=", "published")
    .where("courses.status", "=", "published")
    .executeTakeFirstOrThrow();
  await app.db
    .insertInto("chapter_progress")
    .values({ user_id: member.id, chapter_id: chapter.id, completed_at: new Date(), last_viewed_at: new Date() })
    .execute();
  const certificate = crypto.randomBytes(16).toString("base64url");
  await app.db
    .insertInto("certificates")
    .values({
      code: certificate,
      user_id: member.id,
      course_id: chapter.course_id,
      recipient_name: name,
      course_title: chapter.course_title,
      completed_at: new Date(),
    })
    .execute();
  await app.db
    .insertInto("custom_saas_applications")
    .values({
      user_id: member.id,
      project_name: "Recipe planner",
      description: "An app for meal plans",
      availability: "Weekdays",
      hosting: "recommend",
    })
    .execute();
  await app.db.insertInto("leads").values({ email: member.email, name, source: "free-training" }).execute();
  await app.db
    .insertInto("known_devices")
    .values({ user_id: member.id, device: "Firefox on Linux" })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const browser = await signIn(app.baseUrl, member.email);
  expect(redirectTarget(await browser.post("/consent", { choice: "essential", returnTo: "/account" }))).toBe(
    "/account",
  );
  // A reset link and its mail; an admin's sign-in link (audited, naming the address).
  await new Browser(app.baseUrl).post("/forgot-password", { email: member.email });
  const resetMail = await smtp.waitFor(member.email, 15_000, "eset");
  const resetToken = linkIn(resetMail, "/reset-password").searchParams.get("token")!;
  expect(redirectTarget(await admin.post(`/admin/members/${member.id}/sign-in`, { intent: "send-link" }))).toBe(
    `/admin/members/${member.id}/sign-in`,
  );
  await app.db
    .insertInto("email_outbox")
    .values({ to_address: other.email, subject: "Other's own mail", text_body: "x" })
    .execute();
  if (twoFactor) {
    await app.db
      .insertInto("auth_factors")
      .values({
        user_id: member.id,
        factor_type: "totp",
        status: "verified",
        secret: sealTotpSecret(TOTP_SECRET, member.id),
        verified_at: new Date(),
      })
      .execute();
    await app.db
      .insertInto("recovery_codes")
      .values({ user_id: member.id, code_hash: "v1:k:not-a-real-code" })
      .execute();
  }
  return { member, name, other, browser, own, shared, chapter, certificate, resetToken, adminId, earlier };
}

/**
 * The member's address moves through the real pages (a reset mail to the first address before,
 * the notice to it after), then they ask to move again and never confirm (the confirmation waits
 * at the third address). `member.email` becomes the second address; the other two are returned.
 */
async function moveAddress(member: { email: string }) {
  const first = member.email;
  await new Browser(app.baseUrl).post("/forgot-password", { email: first });
  await smtp.waitFor(first, 15_000, "eset");
  const browser = await signIn(app.baseUrl, first);
  const second = uniqueEmail("moved");
  await browser.post("/account", { intent: "email", email: second, current_password: PASSWORD });
  const link = linkIn(await smtp.waitFor(second, 15_000, "Confirm your new"), "/account/confirm-email");
  const confirmed = await browser.post("/account/confirm-email", { token: link.searchParams.get("token")! });
  expect(await confirmed.text()).toContain(`Your email address is now ${second}`);
  await smtp.waitFor(first, 15_000, "email address was changed");
  const third = uniqueEmail("asked");
  await browser.post("/account", { intent: "email", email: third, current_password: PASSWORD });
  await smtp.waitFor(third, 15_000, "Confirm your new");
  member.email = second;
  return [first, third];
}

const download = async (browser: Browser, path: string, form: Record<string, string>) => {
  const response = await browser.post(path, form);
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Disposition")).toMatch(
    /^attachment; filename="personal-data-\d{4}-\d{2}-\d{2}\.json"$/,
  );
  expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  return { text: await response.clone().text(), json: (await response.json()) as Record<string, any> };
};

describe("Download my data", () => {
  it("holds every kind of data about the member, field by field, and nothing about anyone else nor any secret", async () => {
    const fixture = await memberWithEverything({ twoFactor: true });
    const { member, name, other } = fixture;
    const { text, json } = await download(fixture.browser, "/account/personal-data.json", { intent: "export" });

    expect(json.version).toBe(1);
    expect(json.profile).toMatchObject({ id: member.id, email: member.email, name, admin: false });
    expect(json.profile.emailVerifiedAt).toEqual(expect.any(String));
    expect(json.profile.productNewsTurnedOffAt).toBeNull();
    // Orders: the card order and the member's own marketplace sale, with receipts; not the other's sale.
    expect(json.orders).toHaveLength(2);
    expect(json.orders.map((o: any) => o.source).sort()).toEqual(["stripe", "warriorplus"]);
    const stripe = json.orders.find((o: any) => o.source === "stripe");
    expect(stripe).toMatchObject({ amountCents: 2500, currency: "USD", status: "completed" });
    expect(stripe.receipt).toBe(`/account/purchases/${stripe.reference}`);
    const sale = json.orders.find((o: any) => o.source === "warriorplus");
    expect(sale).toMatchObject({
      reference: fixture.own.id,
      amountCents: 1700,
      buyerEmail: member.email,
      buyerName: name,
    });
    expect(json.orders.map((o: any) => o.reference)).not.toContain(fixture.shared.id);
    // Two purchases and a grant, plus what they brought: the early bonus (one of this app's first
    // buyers, decision 053) and the starter kit (a lead's verified account, decision 054).
    expect(json.entitlements.map((e: any) => e.productKey).sort()).toEqual([
      "early_bonus",
      "membership",
      "membership",
      "starter",
      "vip",
    ]);
    expect(json.complimentaryAccess).toEqual([
      expect.objectContaining({ productKey: "vip", reason: "Podcast guest", revokedAt: null }),
    ]);
    expect(json.progress).toEqual([
      expect.objectContaining({ course: fixture.chapter.course_title, chapter: fixture.chapter.title }),
    ]);
    expect(json.progress[0].completedAt).toEqual(expect.any(String));
    expect(json.certificates).toEqual([
      expect.objectContaining({ code: fixture.certificate, name, course: fixture.chapter.course_title }),
    ]);
    expect(json.consents).toEqual([expect.objectContaining({ choice: "essential" })]);
    expect(json.sessions.length).toBeGreaterThanOrEqual(1);
    expect(Object.keys(json.sessions[0]).sort()).toEqual([
      "assurance",
      "expiresAt",
      "lastSeenAt",
      "startedAt",
      "userAgent",
    ]);
    expect(json.knownDevices.map((d: any) => d.device)).toContain("Firefox on Linux");
    expect(json.twoFactor).toEqual([expect.objectContaining({ type: "totp", status: "verified" })]);
    const subjects = json.emails.map((e: any) => e.subject as string);
    expect(subjects.some((subject: string) => /reset/i.test(subject))).toBe(true);
    expect(Object.keys(json.emails[0]).sort()).toEqual(["queuedAt", "sentAt", "subject"]);
    expect(json.leads).toEqual([expect.objectContaining({ email: member.email, name, source: "free-training" })]);
    expect(json.customSaasApplications).toEqual([expect.objectContaining({ projectName: "Recipe planner" })]);

    // Nobody else: the other member (who shares an order by email history) appears nowhere.
    for (const foreign of [other.email, other.id, "Other Buyer Name", "Other's own mail", fixture.shared.id]) {
      expect(text).not.toContain(foreign);
    }
    // No secret: no password hash, session or token hash, TOTP secret, recovery code.
    const secrets = await app.db
      .selectFrom("users")
      .select("password_hash")
      .where("id", "=", member.id)
      .executeTakeFirstOrThrow();
    expect(text).not.toContain(secrets.password_hash!);
    expect(text).not.toContain(TOTP_SECRET);
    expect(text).not.toContain("not-a-real-code");
    expect(text).not.toMatch(/hash|secret|token/i);
    for (const row of await app.db
      .selectFrom("sessions")
      .select("id_hash")
      .where("user_id", "=", member.id)
      .execute()) {
      expect(text).not.toContain(row.id_hash);
    }
    expect(text).not.toContain(fixture.resetToken);

    // Audited, with the member as actor.
    const audit = await app.db
      .selectFrom("admin_audit_log")
      .select(["admin_email", "action"])
      .where("member_id", "=", member.id)
      .where("action", "=", "export_data")
      .execute();
    expect(audit).toEqual([{ admin_email: "member", action: "export_data" }]);
  });

  it("is POST only and needs a signed-in member", async () => {
    const member = await createUser(app.db);
    const browser = await signIn(app.baseUrl, member.email);
    const get = await browser.get("/account/personal-data.json");
    expect(get.status).toBe(302);
    expect(get.headers.get("Content-Disposition")).toBeNull();
    const anonymous = await new Browser(app.baseUrl).post("/account/personal-data.json", { intent: "export" });
    expect(redirectTarget(anonymous)).toMatch(/^\/login/);
  });

  it("the admin's 'Export data' is the same file, and is audited by the admin", async () => {
    const fixture = await memberWithEverything();
    // The mailer delivers in the background: let it finish, so both copies see the same sent dates.
    const unsent = () =>
      app.db
        .selectFrom("email_outbox")
        .select("id")
        .where("to_address", "=", fixture.member.email)
        .where("sent_at", "is", null)
        .execute();
    await vi.waitFor(async () => expect(await unsent(), "the member's unsent mail").toEqual([]), { timeout: 15_000 });
    const own = await download(fixture.browser, "/account/personal-data.json", { intent: "export" });
    const byAdmin = await download(admin, `/admin/members/${fixture.member.id}/privacy/export`, { intent: "export" });
    const strip = (json: Record<string, any>) => ({ ...json, exportedAt: null, sessions: null });
    expect(strip(byAdmin.json)).toEqual(strip(own.json));
    const rows = await app.db
      .selectFrom("admin_audit_log")
      .select(["admin_email", "action"])
      .where("member_id", "=", fixture.member.id)
      .where("action", "=", "export_data")
      .orderBy("created_at")
      .execute();
    expect(rows.map((row) => row.admin_email)).toEqual(["member", ADMIN_EMAIL]);
    // A member cannot use the admin's route.
    const refused = await fixture.browser.post(`/admin/members/${fixture.other.id}/privacy/export`, {
      intent: "export",
    });
    expect(refused.headers.get("Content-Disposition")).toBeNull();
    expect(redirectTarget(refused)).toBe("/dashboard");
  });
});

/** The flash message a page shows after a redirect. */
async function flashOn(browser: Browser, path: string) {
  const html = await (await browser.get(path)).text();
  return /role="(?:status|alert)"[^>]*>([^<]*)</.exec(html)?.[1] ?? "";
}

async function expectErased(fixture: Awaited<ReturnType<typeof memberWithEverything>>) {
  const { member, name, other } = fixture;
  // The farewell arrives, then its outbox row goes.
  const farewell = await smtp.waitFor(member.email, 15_000, "account was deleted");
  expect(farewell.text).not.toContain(name);
  const outbox = () => app.db.selectFrom("email_outbox").select("id").where("to_address", "=", member.email).execute();
  await vi.waitFor(async () => expect(await outbox(), "the farewell's outbox row, deleted once sent").toEqual([]), {
    timeout: 15_000,
  });
  expect(await rowsNaming(app.db, [member.email, name, member.id, ...fixture.earlier])).toEqual([]);

  // Orders kept: amounts, dates, products and the provider's ids; no user, address or name.
  const erasure = await app.db
    .selectFrom("erasures")
    .selectAll()
    .orderBy("erased_at", "desc")
    .executeTakeFirstOrThrow();
  const pseudonym = erasure.pseudonym;
  expect(pseudonym).toMatch(/^erased-[0-9a-f]{16}$/);
  const sale = await app.db
    .selectFrom("warriorplus_orders")
    .selectAll()
    .where("id", "=", fixture.own.id)
    .executeTakeFirstOrThrow();
  expect(sale).toMatchObject({
    user_id: null,
    buyer_email: pseudonym,
    buyer_name: null,
    erased_as: pseudonym,
    amount_cents: 1700,
    item_name: "AI Profit Labs",
    sale_id: expect.stringMatching(/^SALE-own-/),
  });
  const cards = await app.db.selectFrom("stripe_orders").selectAll().where("erased_as", "=", pseudonym).execute();
  expect(cards).toHaveLength(1);
  expect(cards[0]).toMatchObject({ user_id: null, amount_total: 2500, currency: "usd", status: "completed" });
  expect(cards[0]?.checkout_session_id).toMatch(/^cs_/);
  const customer = await app.db
    .selectFrom("stripe_customers")
    .selectAll()
    .where("customer_id", "=", only(cards, "card order").customer_id)
    .executeTakeFirstOrThrow();
  expect(customer).toMatchObject({ user_id: null, erased_as: pseudonym });
  // The other member's sale keeps its owner; only the address that is now erased went.
  const shared = await app.db
    .selectFrom("warriorplus_orders")
    .selectAll()
    .where("id", "=", fixture.shared.id)
    .executeTakeFirstOrThrow();
  expect(shared).toMatchObject({ user_id: other.id, buyer_email: pseudonym, buyer_name: "Other Buyer Name" });
  expect(await app.db.selectFrom("users").select("id").where("id", "=", other.id).execute()).toHaveLength(1);
  expect(
    await app.db.selectFrom("email_outbox").select("id").where("to_address", "=", other.email).execute(),
  ).toHaveLength(1);
  // The certificate is gone.
  expect((await new Browser(app.baseUrl).get(`/certificates/${fixture.certificate}`)).status).toBe(404);
  return pseudonym;
}

describe("Delete my account", () => {
  it("needs the typed address, the password and the code: a wrong one changes nothing", async () => {
    const fixture = await memberWithEverything({ twoFactor: true });
    const { member, browser } = fixture;
    const good = {
      intent: "delete",
      confirm_email: member.email,
      current_password: PASSWORD,
      code: totpCode(TOTP_SECRET),
    };
    const erasuresBefore = (await app.db.selectFrom("erasures").select("pseudonym").execute()).length;
    const attempts = [
      [{ ...good, confirm_email: "someone@else.example" }, "email address exactly to confirm"],
      [{ ...good, current_password: "wrong-password" }, "Your current password is not correct."],
      [{ ...good, code: "000000" }, "code"],
      [{ ...good, code: "" }, "code"],
    ] as const;
    for (const [form, message] of attempts) {
      const response = await browser.post("/account/privacy", form);
      expect(redirectTarget(response)).toBe("/account/privacy");
      expect(await flashOn(browser, "/account/privacy")).toContain(message);
    }
    expect(await app.db.selectFrom("users").select("id").where("id", "=", member.id).execute()).toHaveLength(1);
    expect(await app.db.selectFrom("erasures").select("pseudonym").execute()).toHaveLength(erasuresBefore);
    expect((await browser.get("/account")).status).toBe(200);
  });

  it("erases the member in one go: no row names them, orders stay under a pseudonym, the address can sign up again", async () => {
    const fixture = await memberWithEverything({ twoFactor: true, movedAddress: true });
    const { member, browser } = fixture;
    const other = await signIn(app.baseUrl, member.email); // a second session, on another device
    const response = await browser.post("/account/privacy", {
      intent: "delete",
      confirm_email: member.email.toUpperCase(),
      current_password: PASSWORD,
      code: totpCode(TOTP_SECRET),
    });
    expect(redirectTarget(response)).toBe("/login?notice=account-deleted");
    expect(response.headers.get("Clear-Site-Data")).toBe('"cache"');
    expect(browser.cookie("__session")).toBeUndefined();
    expect(await flashOn(browser, "/login?notice=account-deleted")).toContain("Your account was deleted.");
    expect(redirectTarget(await other.get("/dashboard"))).toBe("/login?redirect=%2Fdashboard");

    const pseudonym = await expectErased(fixture);
    const audit = await app.db
      .selectFrom("admin_audit_log")
      .selectAll()
      .where("action", "=", "delete_account")
      .where("details", "@>", JSON.stringify({ pseudonym }) as never)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ admin_email: "member", admin_id: null, member_id: null });
    // The admin's earlier sign-in link is still in the log, naming the pseudonym only.
    const earlier = await app.db
      .selectFrom("admin_audit_log")
      .selectAll()
      .where("action", "=", "send_sign_in_link")
      .where("details", "@>", JSON.stringify({ erased_as: pseudonym }) as never)
      .execute();
    expect(earlier).toHaveLength(1);
    expect(earlier[0]?.details).toMatchObject({ to: pseudonym });

    // The address signs up again as a new person; the old password does not sign in.
    expect(
      (await new Browser(app.baseUrl).post("/login", { email: member.email, password: PASSWORD })).status,
    ).not.toBe(303);
    const again = await new Browser(app.baseUrl).post("/signup", {
      name: "Someone New",
      email: member.email,
      password: "a-brand-new-password",
    });
    expect(again.status).toBe(303);
    const fresh = await app.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", member.email)
      .executeTakeFirstOrThrow();
    expect(fresh.id).not.toBe(member.id);
  });
});

describe("Delete my account without a password", () => {
  it("mails a link, and the account is erased when it is used, once", async () => {
    const fixture = await memberWithEverything();
    const { member, browser } = fixture;
    // A marketplace buyer who never set a password (signed in through a link).
    await app.db.updateTable("users").set({ password_hash: null }).where("id", "=", member.id).execute();
    expect(await (await browser.get("/account/privacy")).text()).toContain("Your account has no password");
    const sent = smtp.messages.length;
    const asked = await browser.post("/account/privacy", { intent: "delete", confirm_email: member.email });
    expect(redirectTarget(asked)).toBe("/account/privacy");
    expect(await flashOn(browser, "/account/privacy")).toContain("We sent a link to your email address");
    expect(await app.db.selectFrom("users").select("id").where("id", "=", member.id).execute()).toHaveLength(1);
    const mail = await smtp.waitFor(member.email, 15_000, "Confirm the deletion", sent);
    const token = linkIn(mail, "/account/delete").searchParams.get("token")!;

    // Opening the link changes nothing; its button does, from any browser.
    const page = await new Browser(app.baseUrl).get(`/account/delete?token=${encodeURIComponent(token)}`);
    const html = await page.text();
    expect(html).toContain("Delete my account for good");
    expect(html).toContain(member.email);
    expect(await app.db.selectFrom("users").select("id").where("id", "=", member.id).execute()).toHaveLength(1);
    const done = await new Browser(app.baseUrl).post("/account/delete", { token });
    expect(redirectTarget(done)).toBe("/login?notice=account-deleted");
    await expectErased(fixture);
    expect(redirectTarget(await browser.get("/account"))).toBe("/login?redirect=%2Faccount");
    const again = await new Browser(app.baseUrl).post("/account/delete", { token });
    expect(again.status).toBe(400);
  });
});

describe("Erase member (admin)", () => {
  it("needs a reason and the typed address; erases as the member's deletion does; audits the pseudonym", async () => {
    const fixture = await memberWithEverything();
    const { member } = fixture;
    const path = `/admin/members/${member.id}/privacy`;
    for (const form of [
      { intent: "erase", reason: "", confirm_email: member.email },
      { intent: "erase", reason: "Email request", confirm_email: "wrong@example.test" },
    ]) {
      expect(redirectTarget(await admin.post(path, form))).toBe(`/admin/members/${member.id}/privacy`);
    }
    expect(await app.db.selectFrom("users").select("id").where("id", "=", member.id).execute()).toHaveLength(1);

    const done = await admin.post(path, {
      intent: "erase",
      reason: `Erasure request by ${member.email} on 26 Nov`,
      confirm_email: member.email,
    });
    expect(redirectTarget(done)).toBe("/admin/members");
    expect(await flashOn(admin, "/admin/members")).toMatch(/erased; their orders are kept as erased-[0-9a-f]{16}/);
    const pseudonym = await expectErased(fixture);
    const [row] = await app.db
      .selectFrom("admin_audit_log")
      .selectAll()
      .where("action", "=", "erase_member")
      .where("details", "@>", JSON.stringify({ pseudonym }) as never)
      .execute();
    expect(row).toMatchObject({ admin_email: ADMIN_EMAIL, member_id: null });
    expect(row?.details).toEqual({ pseudonym, reason: pseudonym });
    expect((await admin.get(`/admin/members/${member.id}`)).status).toBe(404);
  });

  it("cannot erase the last admin; can erase an admin while another remains", async () => {
    const { id: adminId } = await app.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", ADMIN_EMAIL)
      .executeTakeFirstOrThrow();
    const others = await app.db
      .selectFrom("users")
      .select("id")
      .where("is_admin", "=", true)
      .where("id", "<>", adminId)
      .execute();
    expect(others).toEqual([]);
    // The only admin erasing themself.
    const refused = await admin.post(`/admin/members/${adminId}/privacy`, {
      intent: "erase",
      reason: "test",
      confirm_email: ADMIN_EMAIL,
    });
    expect(redirectTarget(refused)).toBe(`/admin/members/${adminId}/privacy`);
    expect(await flashOn(admin, `/admin/members/${adminId}/privacy`)).toContain("The last admin cannot be erased");
    expect(await app.db.selectFrom("users").select("id").where("id", "=", adminId).execute()).toHaveLength(1);
    // ... nor through 'Delete my account'.
    const self = await admin.post("/account/privacy", {
      intent: "delete",
      confirm_email: ADMIN_EMAIL,
      current_password: ADMIN_PASSWORD,
    });
    expect(redirectTarget(self)).toBe("/account/privacy");
    expect(await flashOn(admin, "/account/privacy")).toContain("The last admin cannot be erased");

    const second = await createUser(app.db, { isAdmin: true, email: uniqueEmail("second-admin") });
    const erased = await admin.post(`/admin/members/${second.id}/privacy`, {
      intent: "erase",
      reason: "Left the team",
      confirm_email: second.email,
    });
    expect(redirectTarget(erased)).toBe("/admin/members");
    expect(await app.db.selectFrom("users").select("id").where("id", "=", second.id).execute()).toEqual([]);
  });
});
