import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrations } from "../../../migrations";
import { formatDay } from "~/platform/dates";
import { createUser, signIn, uniqueEmail } from "../../support/fixtures";
import { Browser, redirectTarget } from "../../support/http";
import { sealTotpSecret } from "../../support/keys";
import { marketplaceSale, postMarketplaceIpn } from "../../support/marketplace-sale";
import { linkIn, SmtpSink } from "../../support/smtp-sink";
import { startTestApp, type TestApp } from "../../support/test-app";

/**
 * Issue 31 item 3 (decision 048): purchases land only with the address's owner. Reproduced: a
 * stranger signs up with the owner's address, the owner presses 'Confirm' in the verification
 * mail, and the owner's later marketplace purchases joined the stranger's account. End to end over
 * real HTTP: the signup form, the verification page, the marketplace IPN, the SMTP sink, /claim.
 */
const SECURITY_KEY = "wp-security-key-claims";
const MEMBERSHIP_ITEM = "wso_front";
const UPSELL_ITEM = "wso_oto1";

let smtp: SmtpSink;
let app: TestApp;

beforeAll(async () => {
  smtp = await SmtpSink.start();
  app = await startTestApp({
    WARRIORPLUS_SECURITY_KEY: SECURITY_KEY,
    WARRIORPLUS_MEMBERSHIP_ITEMS: MEMBERSHIP_ITEM,
    SMTP_URL: smtp.url,
    MAIL_FROM: "AI Profit Labs <hello@test.example>",
  });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

/** A sale of `item` to `email`, posted and accepted: its sale id. */
async function buy(email: string, item = MEMBERSHIP_ITEM) {
  const form = marketplaceSale({ securityKey: SECURITY_KEY, item, email }, { WP_BUYER_NAME: "Olive Owner" });
  expect((await postMarketplaceIpn(app.baseUrl, form)).status).toBe(200);
  return form.WP_SALE;
}

const userOf = (email: string) =>
  app.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
const orderOf = (saleId: string) =>
  app.db.selectFrom("warriorplus_orders").selectAll().where("sale_id", "=", saleId).executeTakeFirstOrThrow();
const countOf = async (table: "sessions" | "auth_factors", userId: string) =>
  (await app.db.selectFrom(table).select("user_id").where("user_id", "=", userId).execute()).length;
const mailsTo = (email: string, subject: RegExp) =>
  smtp.messages.filter((mail) => mail.to.includes(email) && subject.test(mail.subject));

async function hasAccess(browser: Browser) {
  return (await browser.get("/dashboard")).status === 200;
}

/** Signs up through the form; the browser stays signed in. */
async function signUp(name: string, email: string, password: string) {
  const browser = new Browser(app.baseUrl);
  expect((await browser.post("/signup", { name, email, password })).status).toBe(303);
  return browser;
}

/** Presses 'Confirm' on the verification page of the link mailed to `email`, in `browser`. */
async function confirmVerification(email: string, browser: Browser) {
  const mail = await smtp.waitFor(email, 15_000, "Confirm your");
  const link = linkIn(mail, "/verify-email");
  expect((await browser.get(link.pathname + link.search)).status).toBe(200);
  expect((await browser.post("/verify-email", { token: link.searchParams.get("token")! })).status).toBe(200);
  return mail;
}

describe("a stranger's account with the owner's address", () => {
  it("never gets the owner's purchase, even after the owner confirmed the address; the owner's claim link takes the account", async () => {
    const ownerEmail = uniqueEmail("owner");

    // The stranger signs up with the owner's address, stays signed in, and sets up two-factor.
    const stranger = await signUp("Mallory", ownerEmail, "stranger-password-1");
    const account = await userOf(ownerEmail);
    await app.db
      .insertInto("auth_factors")
      .values({
        user_id: account.id,
        factor_type: "totp",
        status: "verified",
        secret: sealTotpSecret("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", account.id),
        verified_at: new Date(),
      })
      .execute();

    // The owner presses 'Confirm' in the mail (not signed in to the account).
    const owner = new Browser(app.baseUrl);
    const verification = await confirmVerification(ownerEmail, owner);
    expect((await userOf(ownerEmail)).email_verified_at).not.toBeNull();

    // The stranger then changes the password: a password set after the proof, but not by the proof.
    const changed = await stranger.post("/account/security", {
      intent: "password",
      current_password: "stranger-password-1",
      new_password: "stranger-password-2",
    });
    expect(changed.status).toBe(303);

    // The owner buys on the marketplace: the order is held, the stranger gains nothing.
    const saleId = await buy(ownerEmail);
    expect((await orderOf(saleId)).user_id).toBeNull();
    expect(await hasAccess(stranger)).toBe(false);

    // The owner gets a claim link, never a "purchase added" note.
    const claimMail = await smtp.waitFor(ownerEmail, 15_000, "Claim your");
    expect(mailsTo(ownerEmail, /access is ready/)).toEqual([]);
    expect(claimMail.text).toContain(`the AI Profit Labs account 'Mallory', created ${formatDay(account.created_at)}`);
    expect(claimMail.text).toContain("Order reference");
    const link = linkIn(claimMail, "/claim");

    // Following it in the owner's browser (not signed in to the account): a new password takes it.
    const page = await owner.get(link.pathname + link.search);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("New password");
    const claim = await owner.post("/claim", { token: link.searchParams.get("token")!, password: "owners-password-1" });
    expect(claim.status).toBe(303);
    // The stranger's second factor ended with the claim: the owner is signed in at once.
    expect(redirectTarget(claim)).toBe("/dashboard");
    expect(await hasAccess(owner)).toBe(true);
    expect((await orderOf(saleId)).user_id).toBe(account.id);
    expect(await countOf("auth_factors", account.id)).toBe(0);
    expect(await countOf("sessions", account.id)).toBe(1);
    expect((await userOf(ownerEmail)).owner_proven_at).not.toBeNull();

    // The stranger is out: the session ended, and neither password works.
    expect(redirectTarget(await stranger.get("/dashboard"))).toBe("/login?redirect=%2Fdashboard");
    for (const password of ["stranger-password-1", "stranger-password-2"])
      expect((await new Browser(app.baseUrl).post("/login", { email: ownerEmail, password })).status).toBe(400);

    // The verification mail said which account it was for.
    expect(verification.text).toContain(
      `This confirms the address for the AI Profit Labs account 'Mallory', created ${formatDay(account.created_at)}.`,
    );
    expect(verification.text).toContain("If you did not make this account, ignore this mail.");

    // The link works once; the admin's activity log says what happened.
    const again = await new Browser(app.baseUrl).post("/claim", {
      token: link.searchParams.get("token")!,
      password: "another-password-1",
    });
    expect(again.status).toBe(400);
    const audit = await app.db
      .selectFrom("admin_audit_log")
      .select(["action", "admin_email"])
      .where("member_id", "=", account.id)
      .execute();
    expect(audit).toEqual([{ action: "claim_account", admin_email: "claim link" }]);

    // From now on the owner is proven: the next purchase joins at once, with a note.
    const upsell = await buy(ownerEmail, UPSELL_ITEM);
    expect((await orderOf(upsell)).user_id).toBe(account.id);
    const next = await buy(ownerEmail);
    expect((await orderOf(next)).user_id).toBe(account.id);
    await smtp.waitFor(ownerEmail, 15_000, "access is ready");
  });

  it("holds an upsell for an unproven account too, and mails a claim link for it", async () => {
    const email = uniqueEmail("upsell");
    await signUp("Someone", email, "someone-password-1");
    const saleId = await buy(email, UPSELL_ITEM);
    expect((await orderOf(saleId)).user_id).toBeNull();
    expect(linkIn(await smtp.waitFor(email, 15_000, "Claim your"), "/claim").searchParams.get("token")).toBeTruthy();
  });

  it("a claim link followed while signed in to the account adds the purchase with one click, ending nothing", async () => {
    // An existing member from before the claim links: verified, never proven.
    const member = await createUser(app.db, { ownerProven: false });
    const browser = await signIn(app.baseUrl, member.email);
    const other = await signIn(app.baseUrl, member.email);
    const saleId = await buy(member.email);
    expect((await orderOf(saleId)).user_id).toBeNull();
    const link = linkIn(await smtp.waitFor(member.email, 15_000, "Claim your"), "/claim");

    const page = await (await browser.get(link.pathname + link.search)).text();
    expect(page).toContain("Add the purchase to this account");
    const added = await browser.post("/claim", { token: link.searchParams.get("token")!, intent: "add" });
    expect(added.status).toBe(303);
    expect(await hasAccess(browser)).toBe(true);
    expect(await hasAccess(other)).toBe(true);
    expect((await orderOf(saleId)).user_id).toBe(member.id);
    expect((await userOf(member.email)).owner_proven_at).not.toBeNull();
  });

  it("nothing paid is lost: an expired claim link says so, and /forgot-password mails a fresh one", async () => {
    const email = uniqueEmail("late");
    await signUp("Late Owner", email, "late-password-1");
    const saleId = await buy(email);
    const first = linkIn(await smtp.waitFor(email, 15_000, "Claim your"), "/claim");
    const account = await userOf(email);
    // The link's lifetime passes.
    await app.db
      .updateTable("single_use_tokens")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(sql<boolean>`data->>'email' = ${account.email}`)
      .where("purpose", "=", "claim")
      .execute();
    const expired = await new Browser(app.baseUrl).get(first.pathname + first.search);
    expect(await expired.text()).toContain("This link has expired or has already been used.");

    const before = smtp.messages.length;
    const ask = await new Browser(app.baseUrl).post("/forgot-password", { email });
    expect(ask.status).toBeLessThan(400);
    const fresh = linkIn(await smtp.waitFor(email, 15_000, "Claim your", before), "/claim");
    const owner = new Browser(app.baseUrl);
    expect(
      (await owner.post("/claim", { token: fresh.searchParams.get("token")!, password: "late-owner-pw-1" })).status,
    ).toBe(303);
    expect(await hasAccess(owner)).toBe(true);
    expect((await orderOf(saleId)).user_id).toBe(account.id);
  });
});

describe("a proven owner", () => {
  it("who confirmed the address while signed in gets purchases at once, with a note", async () => {
    const email = uniqueEmail("proven");
    const browser = await signUp("Jane", email, "janes-password-1");
    await confirmVerification(email, browser);
    const saleId = await buy(email);
    expect((await orderOf(saleId)).user_id).toBe((await userOf(email)).id);
    expect(await hasAccess(browser)).toBe(true);
    expect((await smtp.waitFor(email, 15_000, "access is ready")).text).not.toContain("/claim");
  });

  it("who confirmed elsewhere and then set the password with an emailed link gets purchases at once", async () => {
    const email = uniqueEmail("reset");
    await signUp("June", email, "junes-password-1");
    await confirmVerification(email, new Browser(app.baseUrl));
    const before = smtp.messages.length;
    await new Browser(app.baseUrl).post("/forgot-password", { email });
    const reset = linkIn(await smtp.waitFor(email, 15_000, "Reset your", before), "/reset-password");
    const browser = new Browser(app.baseUrl);
    const done = await browser.post("/reset-password", {
      token: reset.searchParams.get("token")!,
      password: "junes-password-2",
    });
    expect(done.status).toBe(303);
    const saleId = await buy(email);
    expect((await orderOf(saleId)).user_id).toBe((await userOf(email)).id);
    expect(await hasAccess(browser)).toBe(true);
  });
});

describe("email change", () => {
  it("the confirmation mail says which account it is for; confirmed elsewhere, the account is not proven", async () => {
    const member = await createUser(app.db, { name: "Jane" });
    const browser = await signIn(app.baseUrl, member.email);
    const newEmail = uniqueEmail("moved");
    const asked = await browser.post("/account", {
      intent: "email",
      email: newEmail,
      current_password: member.password,
    });
    expect(asked.status).toBe(303);
    const mail = await smtp.waitFor(newEmail, 15_000, "Confirm your new");
    const created = formatDay((await userOf(member.email)).created_at);
    expect(mail.text).toContain(
      `This confirms this address for the AI Profit Labs account 'Jane', created ${created}.`,
    );
    const link = linkIn(mail, "/account/confirm-email");
    // Confirmed in a browser that is not signed in to the account: the address, not the holder.
    expect(
      (await new Browser(app.baseUrl).post("/account/confirm-email", { token: link.searchParams.get("token")! }))
        .status,
    ).toBe(200);
    const moved = await userOf(newEmail);
    expect(moved.email_verified_at).not.toBeNull();
    expect(moved.owner_proven_at).toBeNull();
    const saleId = await buy(newEmail);
    expect((await orderOf(saleId)).user_id).toBeNull();
  });
});

describe("migration 0013_purchase_claims", () => {
  const migrator = () => new Migrator({ db: app.db, provider: { getMigrations: async () => migrations } });

  it("starts every existing account unproven (their next marketplace purchase sends a claim link), and goes down", async () => {
    expect((await migrator().migrateTo("0010_single_use_tokens")).error).toBeUndefined();
    const email = uniqueEmail("existing");
    await sql`
      INSERT INTO users (email, name, password_hash, email_verified_at)
      VALUES (${email}, 'Existing', 'x', now())`.execute(app.db);
    expect((await migrator().migrateToLatest()).error).toBeUndefined();
    // Going down dropped the catalogue (0015), and up re-created it with the code defaults: the
    // marketplace item the app's start-up seeded from WARRIORPLUS_MEMBERSHIP_ITEMS comes back here.
    await sql`UPDATE products SET marketplace_items = ${[MEMBERSHIP_ITEM]} WHERE key = 'membership'`.execute(app.db);
    expect(await userOf(email)).toMatchObject({ owner_proven_at: null });
    const saleId = await buy(email);
    expect((await orderOf(saleId)).user_id).toBeNull();
    await smtp.waitFor(email, 15_000, "Claim your");
  });
});
