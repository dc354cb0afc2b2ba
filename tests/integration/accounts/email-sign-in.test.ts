import crypto from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SIGN_IN_LINK_MINUTES } from "~/features/accounts/emails";
import { createUser, PASSWORD } from "../../support/fixtures";
import { Browser, redirectTarget } from "../../support/http";
import { parseHtml } from "../../support/html";
import { sealTotpSecret } from "../../support/keys";
import { linkIn, SmtpSink } from "../../support/smtp-sink";
import { startTestApp, type TestApp } from "../../support/test-app";
import { totpCode } from "../../support/totp";

/**
 * Issue 28 part 5 (decision 055): 'Email me a sign-in link'. The link is a single-use `sign_in`
 * token stored only hashed, lasting 15 minutes; opening it shows a 'Sign in' button, whose POST
 * continues as after a password (two-factor, then the paid check).
 */
const ANSWER = "If an account exists, a link is on its way.";
const SUBJECT = "sign-in link";

let smtp: SmtpSink;
let app: TestApp;

beforeAll(async () => {
  smtp = await SmtpSink.start();
  app = await startTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const sha256 = (value: string) => crypto.createHash("sha256").update(value).digest("hex");

async function askForLink(email: string, browser = new Browser(app.baseUrl)) {
  const response = await browser.post("/login/email-link", { email });
  return { response, text: await response.text() };
}

/** The link of the newest sign-in mail to `email` received from the `since`-th message on. */
async function mailedLink(email: string, since = 0): Promise<URL> {
  const mail = await smtp.waitFor(email, 15_000, SUBJECT, since);
  return linkIn(mail, "/login/link");
}

const signInMailsTo = async (email: string) =>
  (
    await app.db
      .selectFrom("email_outbox")
      .select("id")
      .where("to_address", "=", email)
      .where("subject", "like", "%sign-in link%")
      .execute()
  ).length;

/** Waits until the sink holds `count` mails to `email`, so the next one can be told apart from them. */
const mailsArrived = (email: string, count: number) =>
  vi.waitFor(() => expect(smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(count), {
    timeout: 15_000,
  });

/** A marketplace buyer who never set a password: the account the sale made, and its order. */
async function marketplaceBuyerWithoutPassword() {
  const email = `buyer-${crypto.randomBytes(4).toString("hex")}@test.example`;
  const user = await app.db
    .insertInto("users")
    .values({ email, name: "Bea Buyer", password_hash: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  await app.db
    .insertInto("warriorplus_orders")
    .values({ user_id: user.id, sale_id: `SALE-${email}`, buyer_email: email, grants_membership: true })
    .execute();
  return { email, user };
}

async function openAndSignIn(link: URL, browser = new Browser(app.baseUrl)) {
  const page = await browser.get(link.pathname + link.search);
  expect(page.status).toBe(200);
  const form = parseHtml(await page.text())
    .querySelector('input[name="token"]')
    ?.closest("form");
  expect(form?.getAttribute("method")).toBe("post");
  expect(form?.querySelector("button")?.textContent).toMatch(/^Sign in as \S\u2022\u2022\u2022@/);
  const token = form!.querySelector('input[name="token"]')!.getAttribute("value");
  const response = await browser.post(link.pathname + link.search, { token: token! });
  return { browser, response };
}

describe("/login offers an emailed link", () => {
  it("links 'Email me a sign-in link' (keeping `redirect`) to a form with 'Email address', posted to /login/email-link", async () => {
    const login = parseHtml(await (await new Browser(app.baseUrl).get("/login?redirect=%2Fbonuses")).text());
    const link = [...login.querySelectorAll("a")].find((a) => a.textContent === "Email me a sign-in link");
    expect(link?.getAttribute("href")).toBe("/login/email-link?redirect=%2Fbonuses");
    const document = parseHtml(await (await new Browser(app.baseUrl).get(link!.getAttribute("href")!)).text());
    const form = document.querySelector('form[action="/login/email-link"]');
    expect(form?.getAttribute("method")).toBe("post");
    expect(form?.textContent).toContain("Email me a sign-in link");
    expect(form?.textContent).toContain("Email address");
    expect(form?.querySelector('input[name="email"][type="email"]')).not.toBeNull();
    expect(form?.querySelector('input[name="redirect"]')?.getAttribute("value")).toBe("/bonuses");
  });

  it("carries `redirect` through the link to the destination", async () => {
    const user = await createUser(app.db, { paid: "stripe-order" });
    const since = smtp.messages.length;
    await new Browser(app.baseUrl).post("/login/email-link", { email: user.email, redirect: "/bonuses" });
    const { response } = await openAndSignIn(await mailedLink(user.email, since));
    expect(redirectTarget(response)).toBe("/bonuses");
  });
});

describe("the emailed link", () => {
  it("signs a paid member in with one POST; the link is stored hashed, survives being opened, and works once", async () => {
    const user = await createUser(app.db, { paid: "stripe-order" });
    const since = smtp.messages.length;
    const { response, text } = await askForLink(user.email.toUpperCase());
    expect(response.status).toBe(200);
    expect(text).toContain(ANSWER);
    const link = await mailedLink(user.email, since);
    const token = link.searchParams.get("token")!;
    expect(token.length).toBeGreaterThan(30);

    const stored = await app.db
      .selectFrom("single_use_tokens")
      .select(["token_hash", "purpose", sql<number>`extract(epoch from expires_at - created_at)`.as("lifetime")])
      .where("user_id", "=", user.id)
      .where("purpose", "=", "sign_in")
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).toBe(sha256(token));
    expect(Number(stored[0]?.lifetime)).toBe(SIGN_IN_LINK_MINUTES * 60);
    const rows = JSON.stringify(await app.db.selectFrom("single_use_tokens").selectAll().execute());
    const outbox = JSON.stringify(await app.db.selectFrom("email_outbox").selectAll().execute());
    expect(rows).not.toContain(token);
    expect(outbox).not.toContain(token);

    // Opening the link (as a mail scanner would, twice) uses nothing and signs nobody in.
    const scanner = new Browser(app.baseUrl);
    for (let i = 0; i < 2; i++) {
      const page = await scanner.get(link.pathname + link.search);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(">Sign in as ");
    }
    expect(redirectTarget(await scanner.get("/dashboard"))).toMatch(/^\/login/);

    const { browser, response: signedIn } = await openAndSignIn(link);
    expect(redirectTarget(signedIn)).toBe("/dashboard");
    expect((await browser.get("/dashboard")).status).toBe(200);

    // Used: a second POST (a double submit, or the scanner) is refused.
    const again = await new Browser(app.baseUrl).post("/login/link", { token });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("This sign-in link has expired or has already been used.");
    const page = await new Browser(app.baseUrl).get(link.pathname + link.search);
    expect(await page.text()).not.toContain(">Sign in as ");
  });

  it("expires after 15 minutes", async () => {
    const user = await createUser(app.db, { paid: "stripe-order" });
    const since = smtp.messages.length;
    await askForLink(user.email);
    const link = await mailedLink(user.email, since);
    await sql`UPDATE single_use_tokens SET created_at = now() - interval '16 minutes',
              expires_at = now() - interval '1 minute' WHERE user_id = ${user.id}`.execute(app.db);
    const page = await new Browser(app.baseUrl).get(link.pathname + link.search);
    expect(await page.text()).toContain("This sign-in link has expired or has already been used.");
    const post = await new Browser(app.baseUrl).post("/login/link", { token: link.searchParams.get("token")! });
    expect(post.status).toBe(400);
  });

  it("sends an unpaid account on to the plan page; a stranger asking again does not spoil the owner's link", async () => {
    const user = await createUser(app.db);
    const since = smtp.messages.length;
    await askForLink(user.email, new Browser(app.baseUrl, "192.0.2.61"));
    const owners = await mailedLink(user.email, since);
    // Anyone may ask for a link to any address: the stranger's request mails the owner another
    // link, and leaves the one the owner is about to use working.
    const since2 = smtp.messages.length;
    await askForLink(user.email, new Browser(app.baseUrl, "198.51.100.61"));
    const second = await mailedLink(user.email, since2);
    expect(second.searchParams.get("token")).not.toBe(owners.searchParams.get("token"));
    const { response } = await openAndSignIn(owners);
    expect(redirectTarget(response)).toBe("/payment-options");
    const again = await new Browser(app.baseUrl).post("/login/link", { token: owners.searchParams.get("token")! });
    expect(again.status).toBe(400);
    expect(redirectTarget((await openAndSignIn(second)).response)).toBe("/payment-options");
  });

  it("still asks for the second factor, and the finished session does not count as a password typed", async () => {
    const user = await createUser(app.db, { paid: "stripe-order" });
    const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    await app.db
      .insertInto("auth_factors")
      .values({
        user_id: user.id,
        factor_type: "totp",
        status: "verified",
        secret: sealTotpSecret(secret, user.id),
        verified_at: new Date(),
      })
      .execute();
    const since = smtp.messages.length;
    await askForLink(user.email);
    const { browser, response } = await openAndSignIn(await mailedLink(user.email, since));
    expect(redirectTarget(response)).toBe("/login/two-factor");
    // Half signed in: no session yet.
    expect(redirectTarget(await browser.get("/dashboard"))).toMatch(/^\/login/);
    const done = await browser.post("/login/two-factor", { code: totpCode(secret) });
    expect(redirectTarget(done)).toBe("/dashboard");
    expect((await browser.get("/dashboard")).status).toBe(200);
    const session = await app.db
      .selectFrom("sessions")
      .select(["aal", "password_verified_at"])
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(session).toEqual({ aal: "aal2", password_verified_at: null });
  });

  it("works for a marketplace buyer who never set a password, and makes the account the owner's", async () => {
    const { email, user } = await marketplaceBuyerWithoutPassword();
    const since = smtp.messages.length;
    await askForLink(email);
    const { browser, response } = await openAndSignIn(await mailedLink(email, since));
    expect(redirectTarget(response)).toBe("/dashboard");
    expect((await browser.get("/dashboard")).status).toBe(200);
    const row = await app.db
      .selectFrom("users")
      .select(["owner_proven_at", "password_hash"])
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row.owner_proven_at).not.toBeNull();
    expect(row.password_hash).toBeNull();
  });
});

describe("the link names the account it signs in to (issue 41, login CSRF)", () => {
  it("an attacker's own link, opened by a victim, says whose account it is and signs in only on a click", async () => {
    const attackerEmail = `mallory-${crypto.randomBytes(4).toString("hex")}@attacker.example`;
    await createUser(app.db, { email: attackerEmail });
    const since = smtp.messages.length;
    await askForLink(attackerEmail);
    const link = await mailedLink(attackerEmail, since);

    // The victim opens the attacker's link: the page names the account, masked, and changes nothing.
    const victim = new Browser(app.baseUrl);
    const page = await victim.get(link.pathname + link.search);
    expect(page.status).toBe(200);
    const html = await page.text();
    const button = parseHtml(html).querySelector('input[name="token"]')?.closest("form")?.querySelector("button");
    expect(button?.textContent).toBe("Sign in as m\u2022\u2022\u2022@attacker.example");
    expect(html).not.toContain(attackerEmail);
    expect(victim.cookie("__session")).toBeUndefined();
    expect(redirectTarget(await victim.get("/payment-options"))).toMatch(/^\/login/);

    // A click signs in; the plan page then says which account the purchase would go to.
    const { response } = await openAndSignIn(link, victim);
    expect(redirectTarget(response)).toBe("/payment-options");
    const plan = parseHtml(await (await victim.get("/payment-options")).text());
    expect(plan.querySelector("main")?.textContent).toContain(`Signed in as ${attackerEmail}`);
    const upgrades = parseHtml(await (await victim.get("/upgrades")).text());
    expect(upgrades.querySelector("main")?.textContent).toContain(`Signed in as ${attackerEmail}`);
  });
});

describe("no enumeration, and throttles a stranger cannot turn against the owner", () => {
  it("answers an unknown address exactly as a known one, and mails nothing", async () => {
    const known = await createUser(app.db);
    const unknown = `nobody-${crypto.randomBytes(4).toString("hex")}@test.example`;
    const a = await askForLink(known.email);
    const b = await askForLink(unknown);
    expect(b.response.status).toBe(a.response.status);
    const message = (text: string) => parseHtml(text).querySelector('[role="status"]')?.textContent;
    expect(message(b.text)).toBe(message(a.text));
    expect(message(a.text)).toContain(ANSWER);
    // Without JavaScript the field keeps what was typed, known address or not.
    const typed = (text: string) => parseHtml(text).querySelector('input[name="email"]')?.getAttribute("value");
    expect(typed(a.text)).toBe(known.email);
    expect(typed(b.text)).toBe(unknown);
    // Queued in the request's own transaction: counted as soon as the answer came.
    expect(await signInMailsTo(known.email)).toBe(1);
    expect(await signInMailsTo(unknown)).toBe(0);
  });

  it("mails at most 3 links an hour per requester and address, with the same answer, and a stranger's flood leaves the owner theirs", async () => {
    const owner = await createUser(app.db);
    const stranger = new Browser(app.baseUrl, "198.51.100.7");
    for (let i = 0; i < 8; i++) {
      const { response, text } = await askForLink(owner.email, stranger);
      expect(response.status).toBe(200);
      expect(text).toContain(ANSWER);
    }
    expect(await signInMailsTo(owner.email)).toBe(3);
    // The stranger's three mails arrive first, so the owner's link is told apart from theirs.
    await mailsArrived(owner.email, 3);

    const since = smtp.messages.length;
    await askForLink(owner.email, new Browser(app.baseUrl, "192.0.2.44"));
    const link = await mailedLink(owner.email, since);
    const { response } = await openAndSignIn(link);
    expect(redirectTarget(response)).toBe("/payment-options");
  });

  it("a stranger from four address groups spends the email's hour, yet the owner's known browser still gets its link", async () => {
    const owner = await createUser(app.db);
    // The owner signed in from this browser before: it holds a device cookie of the account.
    const ownerBrowser = new Browser(app.baseUrl, "2001:db8:5e:1::10");
    expect((await ownerBrowser.post("/login", { email: owner.email, password: PASSWORD })).status).toBe(303);
    expect(ownerBrowser.cookie("__device")).toBeTruthy();
    expect((await ownerBrowser.post("/logout", {})).status).toBe(303);
    // Another member's browser: a genuine device cookie, of a different account.
    const other = await createUser(app.db);
    const otherBrowser = new Browser(app.baseUrl, "2001:db8:5e:2::10");
    expect((await otherBrowser.post("/login", { email: other.email, password: PASSWORD })).status).toBe(303);
    expect((await otherBrowser.post("/logout", {})).status).toBe(303);

    // Four /64s of one /48, three links each: the email's 10 an hour from anyone are spent, and
    // the one more that the strangers' network gets past them (issue 41).
    for (let group = 1; group <= 4; group++) {
      const stranger = new Browser(app.baseUrl, `2001:db8:5e:${10 + group}::1`);
      for (let i = 0; i < 3; i++) expect((await askForLink(owner.email, stranger)).text).toContain(ANSWER);
    }
    expect(await signInMailsTo(owner.email)).toBe(11);

    // A browser of that network with no device cookie, or with another account's, is held by the
    // email's budget: the same answer, and nothing is mailed.
    const plain = await askForLink(owner.email, new Browser(app.baseUrl, "2001:db8:5e:3::10"));
    const foreign = await askForLink(owner.email, otherBrowser);
    for (const { response, text } of [plain, foreign]) {
      expect(response.status).toBe(200);
      expect(text).toContain(ANSWER);
    }
    expect(await signInMailsTo(owner.email)).toBe(11);

    // The owner's browser is let past the email's budget: the link arrives and signs them in.
    await mailsArrived(owner.email, 11);
    const since = smtp.messages.length;
    const own = await askForLink(owner.email, ownerBrowser);
    expect(own.response.status).toBe(200);
    expect(own.text).toContain(ANSWER);
    expect(await signInMailsTo(owner.email)).toBe(12);
    const { response } = await openAndSignIn(await mailedLink(owner.email, since), ownerBrowser);
    expect(redirectTarget(response)).toBe("/payment-options");
  });

  it("a marketplace buyer's browser that signed in by a link before is known too, and is still held by its own share", async () => {
    const { email } = await marketplaceBuyerWithoutPassword();
    const buyerBrowser = new Browser(app.baseUrl, "2001:db8:5f:1::10");
    const first = smtp.messages.length;
    await askForLink(email, buyerBrowser);
    await openAndSignIn(await mailedLink(email, first), buyerBrowser);
    // Using the emailed link made this browser a known device of the account.
    expect(buyerBrowser.cookie("__device")).toBeTruthy();
    expect((await buyerBrowser.post("/logout", {})).status).toBe(303);

    for (let group = 1; group <= 4; group++) {
      const stranger = new Browser(app.baseUrl, `2001:db8:bae:${group}::1`);
      for (let i = 0; i < 3; i++) await askForLink(email, stranger);
    }
    // 1 by the buyer, 9 more by the stranger: the email's 10 are spent; then the stranger's
    // network's one more (issue 41).
    expect(await signInMailsTo(email)).toBe(11);
    await mailsArrived(email, 11);

    const since = smtp.messages.length;
    await askForLink(email, buyerBrowser);
    const { response } = await openAndSignIn(await mailedLink(email, since), buyerBrowser);
    expect(redirectTarget(response)).toBe("/dashboard");
    // Its own share (3 an hour from its address) still holds: the buyer has asked 2 times, one more passes.
    await askForLink(email, buyerBrowser);
    await askForLink(email, buyerBrowser);
    expect(await signInMailsTo(email)).toBe(13);
  });

  it("strangers from many addresses slow the owner's sign-in mail but never stop it: a new device gets one an hour (issue 41)", async () => {
    const owner = await createUser(app.db);
    // Strangers from six /64s of one /48 and four IPv4 addresses of one /24, three asks each.
    const strangers = [
      ...Array.from({ length: 6 }, (_, group) => `2001:db8:bad2:${group + 1}::1`),
      ...Array.from({ length: 4 }, (_, host) => `198.51.100.${140 + host}`),
    ];
    for (const address of strangers) {
      const stranger = new Browser(app.baseUrl, address);
      for (let i = 0; i < 3; i++) expect((await askForLink(owner.email, stranger)).text).toContain(ANSWER);
    }
    // The email's 10 an hour from anyone, then the first past them from each network: two more.
    expect(await signInMailsTo(owner.email)).toBe(12);
    await mailsArrived(owner.email, 12);

    // The owner, on a new device and network: the link arrives and signs them in.
    const ownerBrowser = new Browser(app.baseUrl, "192.0.2.160");
    const since = smtp.messages.length;
    await askForLink(owner.email, ownerBrowser);
    expect(await signInMailsTo(owner.email)).toBe(13);
    const { response } = await openAndSignIn(await mailedLink(owner.email, since), ownerBrowser);
    expect(redirectTarget(response)).toBe("/payment-options");
    // Slowed: another new browser of that network waits for the hour.
    await askForLink(owner.email, new Browser(app.baseUrl, "192.0.2.161"));
    expect(await signInMailsTo(owner.email)).toBe(13);
    // An hour on (the windows end), a new requester's network has its one again.
    await sql`UPDATE rate_limits SET reset_at = now() WHERE key LIKE 'signin-link:%' AND position(${owner.email} in key) > 0`.execute(
      app.db,
    );
    for (const address of strangers) {
      const stranger = new Browser(app.baseUrl, address);
      for (let i = 0; i < 3; i++) await askForLink(owner.email, stranger);
    }
    expect(await signInMailsTo(owner.email)).toBe(25);
    await askForLink(owner.email, new Browser(app.baseUrl, "192.0.2.162"));
    expect(await signInMailsTo(owner.email)).toBe(26);
  });

  it("a known browser is held by its own budget from all its addresses: 10 links an hour", async () => {
    const owner = await createUser(app.db);
    const ownerBrowser = new Browser(app.baseUrl);
    expect((await ownerBrowser.post("/login", { email: owner.email, password: PASSWORD })).status).toBe(303);
    const cookie = ownerBrowser.cookie("__device")!;
    // The device cookie copied to five /64s, three asks each: past the device's 10, dropped alike.
    for (let group = 1; group <= 5; group++) {
      const copy = new Browser(app.baseUrl, `2001:db8:dd:${group}::1`);
      copy.setCookie("__device", cookie);
      for (let i = 0; i < 3; i++) expect((await askForLink(owner.email, copy)).text).toContain(ANSWER);
    }
    expect(await signInMailsTo(owner.email)).toBe(10);
  });

  it("refuses a flood from one client address visibly, whatever the emails", async () => {
    const flooder = new Browser(app.baseUrl, "198.51.100.99");
    let last: { response: Response; text: string } | undefined;
    for (let i = 0; i < 31; i++) last = await askForLink(`flood-${i}@test.example`, flooder);
    expect(last!.response.status).toBe(429);
    expect(last!.text).toContain("Too many attempts");
  });
});
