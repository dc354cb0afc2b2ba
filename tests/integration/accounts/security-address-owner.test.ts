import crypto from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, PASSWORD, signIn, uniqueEmail } from "../../support/fixtures";
import { Browser, redirectTarget } from "../../support/http";
import { getPage } from "../../support/html";
import { marketplaceSale, postMarketplaceIpn } from "../../support/marketplace-sale";
import { linkIn, SmtpSink } from "../../support/smtp-sink";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from "../../support/test-app";

/**
 * Issue 41 (security round three), What must be true §1, §2, §3 and §9, decision 067: whoever
 * holds an account does not own its address until they proved it (decision 048's
 * `ownsAddress`), and every feature acting for an address asks that one question. Each test
 * reproduces a finding end to end over real HTTP (the admin's forms, the marketplace IPN, the
 * SMTP sink, 'Delete my account', 'Download my data', /account/email-preferences).
 */
const SECURITY_KEY = "wp-security-key-address-owner";
const MEMBERSHIP_ITEM = "wso_front";
const INVITE = `https://discord.gg/owners-${crypto.randomBytes(6).toString("hex")}`;

let smtp: SmtpSink;
let app: TestApp;
let admin: Browser;

beforeAll(async () => {
  smtp = await SmtpSink.start();
  app = await startTestApp({
    WARRIORPLUS_SECURITY_KEY: SECURITY_KEY,
    WARRIORPLUS_MEMBERSHIP_ITEMS: MEMBERSHIP_ITEM,
    SMTP_URL: smtp.url,
    MAIL_POSTAL_ADDRESS: "AI Profit Labs Ltd\n1 Example Street, Springfield",
    COMMUNITY_INVITE_URL: INVITE,
  });
  admin = await signIn(app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const userOf = (email: string) => app.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
const orderOf = (saleId: string) =>
  app.db.selectFrom("warriorplus_orders").selectAll().where("sale_id", "=", saleId).executeTakeFirstOrThrow();
const activeProducts = async (userId: string) =>
  (
    await app.db
      .selectFrom("entitlements")
      .select("product_key")
      .where("user_id", "=", userId)
      .where("revoked_at", "is", null)
      .execute()
  ).map((row) => row.product_key);

/** A stranger's account with the owner's address: a password, the address confirmed, the holder never proven. */
async function strangersAccount(email: string) {
  const account = await createUser(app.db, { email, name: "Mallory", ownerProven: false });
  return { ...account, browser: await signIn(app.baseUrl, email) };
}

/** Follows a claim link from a browser not signed in to anything: a new password, and the account's. */
async function claimWithPassword(link: URL) {
  const owner = new Browser(app.baseUrl);
  expect(await (await owner.get(link.pathname + link.search)).text()).toContain("New password");
  const claimed = await owner.post("/claim", { token: link.searchParams.get("token")!, password: "owners-password-1" });
  expect(claimed.status).toBe(303);
  expect(redirectTarget(claimed)).toBe("/dashboard");
  return owner;
}

function deleteAccount(browser: Browser, email: string) {
  return browser.post("/account/privacy", { intent: "delete", confirm_email: email, current_password: PASSWORD });
}

describe("admin grants to an address whose account holder is not proven (finding 1)", () => {
  it("'Add member' holds the grant for the address, mails a claim link, and the member page says 'address not proven'", async () => {
    const email = uniqueEmail("held-grant");
    const stranger = await strangersAccount(email);
    const since = smtp.messages.length;
    const added = await admin.post("/admin/members/new", {
      email,
      name: "Olive Owner",
      products: "white_label",
      reason: "JV partner",
      invite: "yes",
    });
    expect(redirectTarget(added)).toBe(`/admin/members/${stranger.id}`);
    // The stranger holding the account gets nothing.
    expect(await activeProducts(stranger.id)).not.toContain("white_label");

    const { document } = await getPage(admin, `/admin/members/${stranger.id}`);
    expect(document.body.textContent).toContain("address not proven");

    // The invitation carries a claim link; the address's owner follows it and gets the grant.
    const invitation = await smtp.waitFor(email, 15_000, "You have been given access", since);
    await claimWithPassword(linkIn(invitation, "/claim"));
    expect(await activeProducts(stranger.id)).toContain("white_label");
    expect((await userOf(email))?.owner_proven_at).not.toBeNull();
  });

  it("'Import members' says 'address not proven' in the preview and holds the grant on confirm", async () => {
    const email = uniqueEmail("held-import");
    const stranger = await strangersAccount(email);
    const csv = `email,name,products,reason,expires\n${email},Olive,custom_saas,Moved,\n`;
    const preview = new FormData();
    preview.set("intent", "preview");
    preview.set("file", new Blob([csv], { type: "text/csv" }), "members.csv");
    expect(await (await admin.post("/admin/members/import", preview)).text()).toContain("address not proven");

    const since = smtp.messages.length;
    const confirm = new FormData();
    confirm.set("intent", "confirm");
    confirm.set("csv", csv);
    confirm.set("fileName", "members.csv");
    expect(redirectTarget(await admin.post("/admin/members/import", confirm))).toBe("/admin/members");
    expect(await activeProducts(stranger.id)).not.toContain("custom_saas");
    // Without 'Send invitation email' the address still gets its claim link: the grant waits for it.
    const mail = await smtp.waitFor(email, 15_000, "You have been given access", since);
    expect(linkIn(mail, "/claim").pathname).toBe("/claim");
    // The forgotten-password page of the address sends a claim link too, never a reset that stops at the stranger's code.
    const forgotSince = smtp.messages.length;
    await new Browser(app.baseUrl).post("/forgot-password", { email });
    expect(linkIn(await smtp.waitFor(email, 15_000, "Claim your", forgotSince), "/claim").pathname).toBe("/claim");
  });
});

describe("a stranger's deletion of their account (finding 2)", () => {
  it("leaves the sale held for the address, and the owner's claim link still works afterwards", async () => {
    const email = uniqueEmail("held-sale");
    const stranger = await strangersAccount(email);
    const form = marketplaceSale(
      { securityKey: SECURITY_KEY, item: MEMBERSHIP_ITEM, email },
      { WP_BUYER_NAME: "Olive" },
    );
    expect((await postMarketplaceIpn(app.baseUrl, form)).status).toBe(200);
    const link = linkIn(await smtp.waitFor(email, 15_000, "Claim your"), "/claim");

    expect(redirectTarget(await deleteAccount(stranger.browser, email))).toBe("/login?notice=account-deleted");
    expect(await userOf(email)).toBeUndefined();
    const order = await orderOf(form.WP_SALE);
    expect(order).toMatchObject({ user_id: null, buyer_email: email, erased_as: null });

    const owner = await claimWithPassword(link);
    const account = await userOf(email);
    expect((await orderOf(form.WP_SALE)).user_id).toBe(account?.id);
    expect(account?.owner_proven_at).not.toBeNull();
    expect((await owner.get("/dashboard")).status).toBe(200);
  });
});

describe("erasure and rate limits (finding 3)", () => {
  it("deleting an account whose address is a suffix of another's leaves the other's login limit alone", async () => {
    const tag = crypto.randomBytes(5).toString("hex");
    const victim = `jo.${tag}@rl.test`;
    const attacker = `${tag}@rl.test`;
    await createUser(app.db, { email: victim });
    for (let i = 0; i < 3; i++)
      expect((await new Browser(app.baseUrl).post("/login", { email: victim, password: "guess-" + i })).status).toBe(
        400,
      );
    const victimKeys = () =>
      app.db
        .selectFrom("rate_limits")
        .select(["key", "hits"])
        .where(sql<boolean>`strpos(key, ${victim}) > 0`)
        .orderBy("key")
        .execute();
    const before = await victimKeys();
    expect(before.length).toBeGreaterThan(0);

    await createUser(app.db, { email: attacker });
    const browser = await signIn(app.baseUrl, attacker);
    expect(redirectTarget(await deleteAccount(browser, attacker))).toBe("/login?notice=account-deleted");
    expect(await victimKeys()).toEqual(before);
    // The erased account's own counters are kept too, and every one of them ends within the hour.
    const { rows } = await sql<{ late: number }>`
      SELECT count(*)::int AS late FROM rate_limits WHERE reset_at > now() + interval '1 hour'`.execute(app.db);
    expect(rows[0]?.late).toBe(0);
  });
});

describe("an unproven account changes only its own preferences (finding 7)", () => {
  it("turning product news on for an unsubscribed address takes a confirmation mailed to it", async () => {
    const email = uniqueEmail("consent");
    expect((await new Browser(app.baseUrl).post("/special-access", { email })).status).toBe(303);
    const stranger = await strangersAccount(email);
    // The owner unsubscribed (the link in a mail sets both states of the address).
    await app.db.updateTable("leads").set({ unsubscribed_at: new Date() }).where("email", "=", email).execute();
    await app.db.updateTable("users").set({ news_opt_out_at: new Date() }).where("email", "=", email).execute();

    const since = smtp.messages.length;
    await stranger.browser.post("/account/email-preferences", { intent: "email-preferences", news: "on" });
    const lead = await app.db
      .selectFrom("leads")
      .select("unsubscribed_at")
      .where("email", "=", email)
      .executeTakeFirst();
    expect(lead?.unsubscribed_at).not.toBeNull();
    expect((await userOf(email))?.news_opt_out_at).not.toBeNull();

    // The address's owner confirms with the link mailed to it.
    const link = linkIn(await smtp.waitFor(email, 15_000, "product news", since), "/unsubscribe");
    const confirmed = await new Browser(app.baseUrl).post(link.pathname + link.search, { intent: "resubscribe" });
    expect(confirmed.status).toBe(200);
    const after = await app.db
      .selectFrom("leads")
      .select("unsubscribed_at")
      .where("email", "=", email)
      .executeTakeFirst();
    expect(after?.unsubscribed_at).toBeNull();
    expect((await userOf(email))?.news_opt_out_at).toBeNull();
  });
});

describe("an unproven account's export (finding 8)", () => {
  it("holds what the account did, not the address's lead record or mail history", async () => {
    const email = uniqueEmail("export");
    expect((await new Browser(app.baseUrl).post("/special-access", { email })).status).toBe(303);
    await smtp.waitFor(email, 15_000, "");
    const stranger = await strangersAccount(email);
    const response = await stranger.browser.post("/account/personal-data.json", { intent: "export" });
    expect(response.status).toBe(200);
    const json = (await response.json()) as { profile: { email: string }; leads: unknown[]; emails: unknown[] };
    expect(json.profile.email).toBe(email);
    expect(json.leads).toEqual([]);
    expect(json.emails).toEqual([]);
  });
});

describe("paid access, not any account (the designer's two)", () => {
  it("never shows the community link to a starter account", async () => {
    const starter = await createUser(app.db);
    expect(
      redirectTarget(
        await admin.post("/admin/members/new", { email: starter.email, name: "", products: "starter", reason: "Lead" }),
      ),
    ).toBe(`/admin/members/${starter.id}`);
    const browser = await signIn(app.baseUrl, starter.email);
    const dashboard = await browser.get("/dashboard");
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).not.toContain(INVITE);
  });

  it("'All members' are the members with paid access; 'Everyone with an account' is an audience of its own", async () => {
    const paid = await createUser(app.db, { paid: "warriorplus" });
    const refunded = await createUser(app.db, { paid: "warriorplus-refunded" });
    const free = await createUser(app.db);
    const form = await (await admin.get("/admin/emails/announcements/new")).text();
    expect(form).toContain("Everyone with an account");

    const send = async (audience: string) => {
      const subject = `To ${audience} ${crypto.randomBytes(4).toString("hex")}`;
      const preview = await admin.post("/admin/emails/announcements/new", { subject, body: "Hello", audience });
      expect(preview.status).toBe(302);
      await admin.post(redirectTarget(preview)!, {});
      const rows = await app.db
        .selectFrom("email_outbox")
        .select("to_address")
        .where("subject", "=", subject)
        .execute();
      return rows.map((row) => row.to_address);
    };
    const members = await send("members");
    expect(members).toContain(paid.email);
    expect(members).not.toContain(refunded.email);
    expect(members).not.toContain(free.email);
    const everyone = await send("accounts");
    expect(everyone).toEqual(expect.arrayContaining([paid.email, refunded.email, free.email]));
  });
});
