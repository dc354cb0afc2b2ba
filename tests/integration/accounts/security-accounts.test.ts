import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, PASSWORD, signIn, uniqueEmail } from "../../support/fixtures";
import { Browser, redirectTarget } from "../../support/http";
import { marketplaceSale, postMarketplaceIpn } from "../../support/marketplace-sale";
import { linkIn, SmtpSink } from "../../support/smtp-sink";
import { startTestApp, type TestApp } from "../../support/test-app";
import { at } from "../../support/present";

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

async function buy(email: string, item = MEMBERSHIP_ITEM) {
  const form = marketplaceSale({ securityKey: SECURITY_KEY, item, email }, { WP_BUYER_NAME: "Vic Victim" });
  return { response: await postMarketplaceIpn(app.baseUrl, form), form };
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
    const { response, form } = await buy(victimEmail);
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
    expect((await buy(owner.email)).response.status).toBe(200);
    expect(await hasAccess(browser)).toBe(true);
    expect((await smtp.waitFor(owner.email, 15_000, "access is ready")).text).not.toContain("/reset-password");
  });

  it("an unverified account's upsell is recorded without joining the account", async () => {
    const unverified = await createUser(app.db, { verified: false });
    const { form } = await buy(unverified.email, "wso_upsell");
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
    expect(attempts[5]?.status).toBe(429);
    expect(await at(attempts, 5).text()).toContain("Too many attempts");
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

/**
 * Issue 31 item 8 (decision 050): a name is one line without a web or email address. A stranger
 * who signs up with someone else's address chooses the name our verification mail greets them
 * with, so "Click http://evil.example" and a paragraph of the stranger's own must not get in.
 * Names stored before the rule, or sent by the marketplace, are greeted neutrally instead.
 */
describe("names in mail", () => {
  const PHISHING_NAME = "Click http://evil.example\n\nYour account is locked";
  const BAD_NAMES = [
    PHISHING_NAME,
    "Jane\nDoe",
    "Jane\r\nDoe",
    "Jane\u2028Doe",
    "Jane\tDoe",
    "Visit evil.example today",
    "Ann www.evil.co",
    "Write to help@evil.example",
    "Ann https://evil.example",
    "Ann 203.0.113.9",
    "Ann \u202EeoD",
  ];
  const mailTo = (address: string) =>
    app.db.selectFrom("email_outbox").select("id").where("to_address", "=", address).execute();

  it("signup refuses a name with a line break or an address, with a clear message, and mails nothing", async () => {
    for (const name of BAD_NAMES) {
      const email = uniqueEmail("victim");
      const response = await new Browser(app.baseUrl).post("/signup", { name, email, password: "long-enough-pw" });
      expect(response.status, JSON.stringify(name)).toBe(400);
      expect(await response.text()).toContain("Full name cannot contain line breaks, web addresses or email addresses");
      expect(await app.db.selectFrom("users").select("id").where("email", "=", email).execute()).toEqual([]);
      expect(await mailTo(email)).toEqual([]);
    }
    // Names as people write them still pass.
    for (const name of ["Anne-Marie O'Neil", "J. R. R. Tolkien", "José María Aznar-López", "李小龍"]) {
      const response = await new Browser(app.baseUrl).post("/signup", {
        name,
        email: uniqueEmail("fine"),
        password: "long-enough-pw",
      });
      expect(response.status, name).toBe(303);
    }
  });

  it("/account refuses such a name with a clear message and keeps the old one", async () => {
    const user = await createUser(app.db, { paid: "stripe-order", name: "Olga Original" });
    const browser = await signIn(app.baseUrl, user.email);
    for (const name of [PHISHING_NAME, "Visit evil.example today"]) {
      const response = await browser.post("/account", { intent: "name", name });
      expect(redirectTarget(response)).toBe("/account");
      expect(await (await browser.get("/account")).text()).toContain(
        "Your name cannot contain line breaks, web addresses or email addresses",
      );
      expect((await userOf(user.email)).name).toBe("Olga Original");
    }
    await browser.post("/account", { intent: "name", name: "Olga Renamed" });
    expect((await userOf(user.email)).name).toBe("Olga Renamed");
  });

  it("the lead form refuses such a first name and mails nothing", async () => {
    const email = uniqueEmail("lead-victim");
    const response = await new Browser(app.baseUrl).post("/special-access", { email, name: PHISHING_NAME });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("First name cannot contain line breaks, web addresses or email addresses");
    expect(await app.db.selectFrom("leads").select("id").where("email", "=", email).execute()).toEqual([]);
    expect(await mailTo(email)).toEqual([]);
  });

  it("mail greets a stored name that carries an address or a line break neutrally, without it", async () => {
    // The marketplace names its buyers; we cannot refuse its notification, so the mail must cope.
    const email = uniqueEmail("wp-named");
    const response = await postMarketplaceIpn(
      app.baseUrl,
      marketplaceSale({ securityKey: SECURITY_KEY, item: MEMBERSHIP_ITEM, email }, { WP_BUYER_NAME: PHISHING_NAME }),
    );
    expect(response.status).toBe(200);
    const mail = await smtp.waitFor(email, 15_000);
    expect(mail.text.startsWith("Hi there,\n")).toBe(true);
    for (const part of [mail.text, mail.html ?? ""]) {
      expect(part).not.toContain("evil.example");
      expect(part).not.toContain("Your account is locked");
    }
  });
});
