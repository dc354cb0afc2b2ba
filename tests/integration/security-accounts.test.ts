import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, PASSWORD, signIn, uniqueEmail } from "../support/fixtures";
import { Browser, redirectTarget } from "../support/http";
import { linkIn, SmtpSink } from "../support/smtp-sink";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * Issue 10 items 4 and 7: email verification and the pre-claimed account (an attacker signs up
 * with a buyer's address before the buyer buys on the marketplace), end to end through the
 * signup form, the marketplace IPN and real mail; and the password reset's order of checks,
 * its limits, and which links end older ones.
 */
const SECURITY_KEY = "wp-security-key-preclaim";
const MEMBERSHIP_ITEM = "wso_front";

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

let counter = 0;
function marketplaceSale(email: string, item = MEMBERSHIP_ITEM) {
  counter += 1;
  const form = {
    WP_ACTION: "sale",
    WP_ITEM_NUMBER: item,
    WP_ITEM_NAME: "AI Profit Labs",
    WP_BUYER_EMAIL: email,
    WP_BUYER_NAME: "Vic Victim",
    WP_SALE: `sale_preclaim_${Date.now()}_${counter}`,
    WP_TXNID: `txn_preclaim_${counter}`,
    WP_SALE_AMOUNT: "17.00",
    WP_SALE_CURRENCY: "USD",
    IPN_ID: `ipn_preclaim_${Date.now()}_${counter}`,
    WP_SECURITYKEY: SECURITY_KEY,
  };
  return fetch(`${app.baseUrl}/webhooks/warriorplus`, { method: "POST", body: new URLSearchParams(form) }).then(
    (response) => ({ response, form }),
  );
}

const userOf = (email: string) =>
  app.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
const sessionCount = async (userId: string) =>
  (await app.db.selectFrom("sessions").select("id_hash").where("user_id", "=", userId).execute()).length;

async function hasAccess(browser: Browser) {
  const response = await browser.get("/dashboard");
  return response.status === 200;
}

describe("a pre-claimed account", () => {
  it("never hands the marketplace buyer's purchase to whoever signed up with their address first", async () => {
    const victimEmail = uniqueEmail("victim");

    // The attacker signs up with the victim's address and stays signed in.
    const attacker = new Browser(app.baseUrl);
    const signup = await attacker.post("/signup", {
      name: "Mallory",
      email: victimEmail,
      password: "attacker-password",
    });
    expect(signup.status).toBe(303);
    const account = await userOf(victimEmail);
    expect(account.email_verified_at).toBeNull();
    // Signup sent the address a verification link (which the attacker cannot read).
    expect((await smtp.waitFor(victimEmail, 15_000, "Confirm your")).text).toContain("/verify-email?token=");

    // The victim buys on the marketplace.
    const { response, form } = await marketplaceSale(victimEmail);
    expect(response.status).toBe(200);
    const order = await app.db
      .selectFrom("warriorplus_orders")
      .selectAll()
      .where("sale_id", "=", form.WP_SALE)
      .executeTakeFirstOrThrow();
    expect(order.user_id).toBeNull(); // held for the proven owner of the address
    expect(await hasAccess(attacker)).toBe(false);

    // The victim is mailed a claim link (decision 048), never a "purchase added" note.
    const mail = await smtp.waitFor(victimEmail, 15_000, "Claim your");
    expect(smtp.messages.filter((m) => m.to.includes(victimEmail) && /access is ready/.test(m.subject))).toEqual([]);
    const link = linkIn(mail, "/claim");

    // Using it proves the address, sets the password, ends the attacker's session, hands over the purchase.
    const victim = new Browser(app.baseUrl);
    expect((await victim.get(link.pathname + link.search)).status).toBe(200);
    const reset = await victim.post("/claim", {
      token: link.searchParams.get("token")!,
      password: "victims-own-password",
    });
    expect(reset.status).toBe(303);
    expect(await hasAccess(victim)).toBe(true);
    expect((await userOf(victimEmail)).email_verified_at).not.toBeNull();
    expect(await sessionCount(account.id)).toBe(1);

    expect(redirectTarget(await attacker.get("/dashboard"))).toBe("/login?redirect=%2Fdashboard");
    expect(
      (await new Browser(app.baseUrl).post("/login", { email: victimEmail, password: "attacker-password" })).status,
    ).toBe(400);
  });

  it("a proven account with a password gets the purchase at once and a note, not a link", async () => {
    const owner = await createUser(app.db);
    const browser = await signIn(app.baseUrl, owner.email);
    expect((await marketplaceSale(owner.email)).response.status).toBe(200);
    expect(await hasAccess(browser)).toBe(true);
    expect((await smtp.waitFor(owner.email, 15_000, "access is ready")).text).not.toContain("/reset-password");
  });

  it("an unverified account's upsell is recorded without joining the account", async () => {
    const unverified = await createUser(app.db, { verified: false });
    const { form } = await marketplaceSale(unverified.email, "wso_upsell");
    const order = await app.db
      .selectFrom("warriorplus_orders")
      .selectAll()
      .where("sale_id", "=", form.WP_SALE)
      .executeTakeFirstOrThrow();
    expect(order.user_id).toBeNull();
  });
});

describe("email verification", () => {
  it("signup mails a link; opening it changes nothing, its button confirms once", async () => {
    const email = uniqueEmail("verify");
    expect((await new Browser(app.baseUrl).post("/signup", { name: "Val", email, password: PASSWORD })).status).toBe(
      303,
    );
    const link = linkIn(await smtp.waitFor(email, 15_000, "Confirm your"), "/verify-email");
    const reader = new Browser(app.baseUrl);

    const page = await reader.get(link.pathname + link.search);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Confirm my email address");
    expect((await userOf(email)).email_verified_at).toBeNull(); // a GET (or a mail scanner) changes nothing

    const confirmed = await reader.post("/verify-email", { token: link.searchParams.get("token")! });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("your email address is confirmed");
    expect((await userOf(email)).email_verified_at).not.toBeNull();

    const again = await reader.post("/verify-email", { token: link.searchParams.get("token")! });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("This link has expired or has already been used.");
    expect((await reader.post("/verify-email", { token: "made-up" })).status).toBe(400);
  });
});

describe("password reset", () => {
  async function requestLink(email: string) {
    const before = smtp.messages.length;
    expect((await new Browser(app.baseUrl).post("/forgot-password", { email })).status).toBe(200);
    const mail = await smtp.waitFor(email, 15_000, "", before);
    return linkIn(mail, "/reset-password").searchParams.get("token")!;
  }

  it("a new link leaves the older ones working; using one ends the rest (decision 046)", async () => {
    const user = await createUser(app.db);
    const first = await requestLink(user.email);
    const second = await requestLink(user.email);
    expect(
      (await new Browser(app.baseUrl).post("/reset-password", { token: first, password: "new-password-1" })).status,
    ).toBe(303);
    const stale = await new Browser(app.baseUrl).post("/reset-password", { token: second, password: "new-password-2" });
    expect(stale.status).toBe(400);
    expect(await stale.text()).toContain("This link has expired or has already been used.");
  });

  it("is limited per token: a link cannot be hammered, and a refused attempt changes nothing", async () => {
    const user = await createUser(app.db);
    const token = await requestLink(user.email);
    // Guesses at one token from ever-new addresses: the sixth is refused before any work.
    const attempts = [];
    for (let attempt = 0; attempt < 6; attempt++)
      attempts.push(
        await new Browser(app.baseUrl).post("/reset-password", {
          token: "same-guessed-token",
          password: "long-enough-pw",
        }),
      );
    expect(attempts.slice(0, 5).map((r) => r.status)).toEqual([400, 400, 400, 400, 400]);
    expect(attempts[5].status).toBe(429);
    expect(await attempts[5].text()).toContain("Too many attempts");
    // The real link still works: the limit is per token.
    expect((await new Browser(app.baseUrl).post("/reset-password", { token, password: "long-enough-pw" })).status).toBe(
      303,
    );
  });

  it("is limited per client address across tokens", async () => {
    const address = "198.51.100.77";
    const statuses = [];
    for (let attempt = 0; attempt < 21; attempt++) {
      statuses.push(
        (
          await new Browser(app.baseUrl, address).post("/reset-password", {
            token: `guess-${attempt}`,
            password: "long-enough-pw",
          })
        ).status,
      );
    }
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
