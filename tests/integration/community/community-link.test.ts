import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeStripe, signatureFor } from "../../support/fake-stripe";
import { createUser, signIn, uniqueEmail } from "../../support/fixtures";
import { Browser, redirectTarget } from "../../support/http";
import { parseHtml } from "../../support/html";
import { marketplaceSale, postMarketplaceIpn } from "../../support/marketplace-sale";
import { SmtpSink } from "../../support/smtp-sink";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from "../../support/test-app";
import { captured } from "../../support/present";

/**
 * Issue 28 part 4 (decision 055): the private community's invite link. Paid members see 'Join
 * the Private Community' on /bonuses and the dashboard and get it in their welcome and login
 * emails; it never appears in a page for visitors or unpaid users, nor in the page cache.
 */
const SECRET = crypto.randomBytes(6).toString("hex");
const INVITE = `https://discord.gg/community-${SECRET}`;
const OVERRIDE = `https://discord.gg/override-${SECRET}`;
const SECURITY_KEY = "wp-community-key";
const STRIPE_KEY = "sk_test_community";
const WEBHOOK_SECRET = "whsec_community";
const PRICE = "price_lifetime_community";

let smtp: SmtpSink;
let fake: FakeStripe;
let app: TestApp;

beforeAll(async () => {
  smtp = await SmtpSink.start();
  fake = await FakeStripe.start({ secretKey: STRIPE_KEY, prices: { [PRICE]: { unitAmount: 2500, currency: "usd" } } });
  app = await startTestApp({
    COMMUNITY_INVITE_URL: INVITE,
    SMTP_URL: smtp.url,
    WARRIORPLUS_SECURITY_KEY: SECURITY_KEY,
    WARRIORPLUS_MEMBERSHIP_ITEMS: "wso_member",
    STRIPE_SECRET_KEY: STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_LIFETIME: PRICE,
    STRIPE_API_BASE: fake.baseUrl,
  });
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
  await smtp?.close();
});

/** Every public page of docs/product.md §2's route table ("Everyone"), and whatever the sitemap lists. */
const PUBLIC_PAGES = [
  "/",
  "/login",
  "/login/email-link",
  "/login/link?token=nothing",
  "/signup",
  "/forgot-password",
  "/reset-password?token=nothing",
  "/claim",
  "/verify-email",
  "/success",
  "/cancel",
  "/ailabs-offer",
  "/ailabs-offer2",
  "/ailabs-offer3",
  "/white-label-upsell",
  "/custom-saas-upsell",
  "/custom-saas-thank-you",
  "/upgrades",
  "/privacy-policy",
  "/terms-of-service",
  "/jv-affiliate",
  "/jv-doc",
  "/demo-swipes",
  "/special-access",
  "/thank-you-access",
  "/consent",
  "/bolt-prompt",
  "/robots.txt",
  "/sitemap.xml",
  // Pages a visitor or unpaid user is sent away from, and the root's data.
  "/payment-options",
  "/account",
  "/dashboard",
  "/bonuses",
  "/_root.data",
  "/bonuses.data",
  "/dashboard.data",
];

async function everyPage(browser: Browser): Promise<string[]> {
  const sitemap = await (await browser.get("/sitemap.xml")).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc = ""]) => new URL(loc).pathname);
  const pages = [...new Set([...PUBLIC_PAGES, ...listed])];
  const bodies: string[] = [];
  for (const page of pages) {
    // Twice: the second answer of a cacheable page comes from the page cache.
    for (let i = 0; i < 2; i++) bodies.push(`${page}\n${await (await browser.get(page)).text()}`);
  }
  return bodies;
}

/** What every HTTP layer's page cache in this process holds (server/page-cache.ts `bodies`). */
function cachedBodies(): string[] {
  const holder = globalThis as unknown as Record<symbol, Set<WeakRef<{ bodies?: () => string[] }>> | undefined>;
  const caches = holder[Symbol.for("ai-profit-labs.page-cache-listeners")] ?? new Set();
  return [...caches].flatMap((ref) => ref.deref()?.bodies?.() ?? []);
}

const containsLink = (text: string) => text.includes(SECRET);

describe("the community link is for paid members only", () => {
  it("never appears for a visitor, an unpaid user, or in the page cache", async () => {
    const visitor = new Browser(app.baseUrl);
    const unpaid = await signIn(app.baseUrl, (await createUser(app.db)).email);
    for (const browser of [visitor, unpaid]) {
      const leaks = (await everyPage(browser)).filter(containsLink).map((body) => body.split("\n")[0]);
      expect(leaks).toEqual([]);
    }
    const cached = cachedBodies();
    expect(cached.length).toBeGreaterThan(5);
    expect(cached.filter(containsLink)).toEqual([]);
    // A paid member's pages are not cached, so the cache still holds no link after their visits.
    const member = await signIn(app.baseUrl, (await createUser(app.db, { paid: "stripe-order" })).email);
    expect(containsLink(await (await member.get("/bonuses")).text())).toBe(true);
    expect(cachedBodies().filter(containsLink)).toEqual([]);
  });

  it("is listed on the landing, sales and plan pages while it is set (issue 40), the link itself never", async () => {
    const visitor = new Browser(app.baseUrl);
    const texts = async (browser: Browser, path: string) => {
      const html = await (await browser.get(path)).text();
      expect(html, path).not.toContain(SECRET);
      return parseHtml(html).body.textContent!;
    };
    expect(await texts(visitor, "/")).toContain("Private community access");
    for (const path of ["/ailabs-offer", "/ailabs-offer2", "/ailabs-offer3"]) {
      const text = await texts(visitor, path);
      expect(text, path).toContain("Plus These 4 Bonuses");
      expect(text, path).toContain("Private Community");
    }
    const lead = await signIn(app.baseUrl, (await createUser(app.db)).email);
    expect(await texts(lead, "/payment-options")).toContain("Private Community Access");
  });

  it("shows 'Join the Private Community' on /bonuses and the dashboard to a paid member", async () => {
    const member = await signIn(app.baseUrl, (await createUser(app.db, { paid: "warriorplus" })).email);
    for (const page of ["/bonuses", "/dashboard"]) {
      const document = parseHtml(await (await member.get(page)).text());
      const link = [...document.querySelectorAll("a")].find((a) => a.textContent === "Join the Private Community");
      expect(link?.getAttribute("href"), page).toBe(INVITE);
      expect(link?.getAttribute("rel"), page).toBe("noopener noreferrer");
      expect(document.body.textContent, page).not.toContain("Join Discord (Coming Soon)");
    }
  });

  it("goes into a paying buyer's login and welcome emails, and not an upsell-only buyer's", async () => {
    const ipn = (email: string, item: string) =>
      postMarketplaceIpn(app.baseUrl, marketplaceSale({ securityKey: SECURITY_KEY, item, email }));
    const buyer = uniqueEmail("community-buyer");
    expect((await ipn(buyer, "wso_member")).status).toBe(200);
    const login = await smtp.waitFor(buyer, 15_000, "login details");
    expect(login.text).toContain(`Join the Private Community:\n\n${INVITE}`);

    const other = uniqueEmail("upsell-only");
    expect((await ipn(other, "wso_unlisted")).status).toBe(200);
    const outbox = await app.db
      .selectFrom("email_outbox")
      .select(["text_body"])
      .where("to_address", "=", other)
      .execute();
    expect(outbox.map((row) => containsLink(row.text_body))).not.toContain(true);

    // A card purchase: the welcome email.
    const user = await createUser(app.db);
    const browser = await signIn(app.baseUrl, user.email);
    const html = await (await browser.get("/payment-options")).text();
    const formKey = captured(html, /name="form_key" value="([^"]+)"/);
    const started = await browser.post("/payment-options", { product: "AI_PROFIT_LABS", form_key: formKey });
    const sessionId = new URL(started.headers.get("Location")!).pathname.split("/").pop()!;
    const payload = JSON.stringify(fake.event("checkout.session.completed", fake.pay(sessionId)));
    const delivered = await fetch(`${app.baseUrl}/webhooks/stripe`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": signatureFor(payload, WEBHOOK_SECRET) },
      body: payload,
    });
    expect(delivered.status).toBe(200);
    const welcome = await smtp.waitFor(user.email, 15_000, "Welcome");
    expect(welcome.text).toContain(INVITE);
  });

  it("goes into every mail that tells a paid member how to sign in, and no unpaid user's", async () => {
    const admin = await signIn(app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    // 'Add member': the invitation of a member given the membership, not of one given an upsell only.
    const invited = uniqueEmail("community-jv");
    const upsellOnly = uniqueEmail("community-jv-vip");
    for (const [email, product] of [
      [invited, "membership"],
      [upsellOnly, "vip"],
    ] as const)
      expect(
        redirectTarget(
          await admin.post("/admin/members/new", { email, name: "", products: product, reason: "JV", invite: "yes" }),
        ),
      ).toMatch(/^\/admin\/members\//);
    expect((await smtp.waitFor(invited, 15_000, "You have been given access")).text).toContain(
      `Join the Private Community:\n\n${INVITE}`,
    );
    expect(containsLink((await smtp.waitFor(upsellOnly, 15_000, "You have been given access")).text)).toBe(false);

    // 'Email me a sign-in link', and the admin's 'Send sign-in link'.
    const paid = await createUser(app.db, { paid: "stripe-order" });
    const unpaid = await createUser(app.db);
    for (const user of [paid, unpaid]) {
      expect((await new Browser(app.baseUrl).post("/login/email-link", { email: user.email })).status).toBe(200);
      expect(redirectTarget(await admin.post(`/admin/members/${user.id}/sign-in`, { intent: "send-link" }))).toBe(
        `/admin/members/${user.id}/sign-in`,
      );
    }
    expect((await smtp.waitFor(paid.email, 15_000, "sign-in link")).text).toContain(INVITE);
    expect((await smtp.waitFor(paid.email, 15_000, "Sign in to")).text).toContain(INVITE);
    expect(containsLink((await smtp.waitFor(unpaid.email, 15_000, "sign-in link")).text)).toBe(false);
    expect(containsLink((await smtp.waitFor(unpaid.email, 15_000, "Sign in to")).text)).toBe(false);
  });

  it("lets an admin override the link, audited; an empty override goes back to the configuration", async () => {
    const admin = await signIn(app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    const member = await signIn(app.baseUrl, (await createUser(app.db, { paid: "stripe-order" })).email);
    const refused = await admin.post("/admin/community", { inviteUrl: "http://insecure.example" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("must start with https://");
    expect(redirectTarget(await admin.post("/admin/community", { inviteUrl: OVERRIDE }))).toBe("/admin/community");
    expect(await (await member.get("/bonuses")).text()).toContain(OVERRIDE);
    const audits = await app.db
      .selectFrom("admin_audit_log")
      .select("details")
      .where("action", "=", "save_community_settings")
      .execute();
    expect(audits.at(-1)?.details).toEqual({ before: null, after: OVERRIDE });
    expect(redirectTarget(await admin.post("/admin/community", { inviteUrl: "" }))).toBe("/admin/community");
    const page = await (await member.get("/bonuses")).text();
    expect(page).toContain(INVITE);
    expect(page).not.toContain(OVERRIDE);
    const sneaky = await member.post("/admin/community", { inviteUrl: OVERRIDE });
    expect(redirectTarget(sneaky)).toBe("/dashboard");
  });
  // Unset, 'Join Discord (Coming Soon)' stays: member-tools.test.ts (its app sets no link).
});
