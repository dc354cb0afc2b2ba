import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signIn } from "../../support/fixtures";
import { Browser } from "../../support/http";
import { MARKETPLACE_LINKS } from "../../support/marketplace-sale";
import { parseHtml } from "../../support/html";
import { startTestApp, type TestApp } from "../../support/test-app";

// Every value the marketing pages take from configuration, set to something recognisable.
const CONFIG = {
  PUBLIC_URL: "http://shop.example.test",
  BRAND_NAME: "Brandname Labs",
  SUPPORT_EMAIL: "help@brand.example.test",
  ...MARKETPLACE_LINKS,
};

const PAGES: Record<string, string[]> = {
  "/": ["Build and Launch Your Own AI SaaS App Without Writing Code", "Building Your SaaS Application", "$25", "$197"],
  "/ailabs-offer": ["Launch Week Special", "LAUNCH", "-$180", "$17"],
  "/ailabs-offer2": ["Get Full Access for Just $1 (Normally $197)", "-$196", "99.5% OFF"],
  "/ailabs-offer3": ["The launch price ends in", "-$172", "$25"],
  "/white-label-upsell": ["Get 12 AI App Kits You Can Brand and Sell as Your Own", "$997", "$37"],
  "/custom-saas-upsell": ["3 of 10 spots remaining", "$1,997", "Apply Now $997"],
  "/custom-saas-thank-you": ["Thank You! Your Purchase Is Confirmed", 'href="/custom-saas/apply"', "What to Expect"],
  "/upgrades": ["Upgrade Your Membership", "/white-label-upsell", "/custom-saas-upsell", "Get Lifetime Access"],
};

/** The HTML with React's entity escapes undone, so copy can be matched as written. */
async function html(response: Response) {
  return (await response.text()).replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
}

const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(CONFIG);
});
afterAll(async () => {
  await app?.close();
});

describe("public marketing pages for a visitor", () => {
  it("render their key texts and prices on the server", async () => {
    const visitor = new Browser(app.baseUrl);
    for (const [path, texts] of Object.entries(PAGES)) {
      const response = await visitor.get(path);
      expect(response.status, path).toBe(200);
      const body = await html(response);
      for (const text of texts) expect(body, `${path}: ${text}`).toContain(text);
    }
  });

  it("may be kept by a CDN, keyed on cookies, and are always revalidated by the browser", async () => {
    const visitor = new Browser(app.baseUrl);
    for (const path of Object.keys(PAGES)) {
      const response = await visitor.get(path);
      expect(response.headers.get("Cache-Control"), path).toBe(
        "public, max-age=0, s-maxage=300, stale-while-revalidate=600",
      );
      expect(response.headers.get("Vary"), path).toMatch(/\bCookie\b/);
    }
  });

  it("carry a title, description, canonical link and Open Graph tags with absolute URLs", async () => {
    for (const path of Object.keys(PAGES)) {
      const body = await html(await new Browser(app.baseUrl).get(path));
      expect(body, path).toMatch(/<title>[^<]{10,}<\/title>/);
      expect(body, path).toMatch(/<meta name="description" content="[^"]{30,}"/);
      expect(body, path).toContain(`<link rel="canonical" href="${CONFIG.PUBLIC_URL}${path}"`);
      expect(body, path).toContain(`<meta property="og:url" content="${CONFIG.PUBLIC_URL}${path}"`);
      expect(body, path).toContain(`<meta property="og:image" content="${CONFIG.PUBLIC_URL}/images/og-image.jpg"`);
      expect(body, path).toMatch(/<meta property="og:title" content="[^"]+"/);
      expect(body, path).toContain(`<meta property="og:site_name" content="${CONFIG.BRAND_NAME}"`);
    }
  });

  it("serve the share image and the page images they reference", async () => {
    const visitor = new Browser(app.baseUrl);
    for (const image of [
      "/images/og-image.jpg",
      "/images/hero-chart.svg",
      "/images/checkout-button.svg",
      "/images/white-label-banner.svg",
    ]) {
      expect((await visitor.get(image)).status, image).toBe(200);
    }
  });
});

describe("configuration", () => {
  it("names the brand and the support address from BRAND_NAME and SUPPORT_EMAIL", async () => {
    const body = await html(await new Browser(app.baseUrl).get("/ailabs-offer"));
    expect(body).toMatch(/<title>Brandname Labs: Launch Week Special, \$17 Today<\/title>/);
    expect(body).toContain("Introducing Brandname Labs");
    expect(body).toContain(`email ${CONFIG.SUPPORT_EMAIL} and we will refund every cent`);
    expect(body).toContain(`href="mailto:${CONFIG.SUPPORT_EMAIL}"`);
    expect(body).not.toContain("AI Profit Labs");
  });

  it("sends every buy link of a sales page to its marketplace offer", async () => {
    const visitor = new Browser(app.baseUrl);
    const expected = {
      "/ailabs-offer": CONFIG.MARKETPLACE_CHECKOUT_URL,
      "/ailabs-offer2": CONFIG.MARKETPLACE_TRIAL_CHECKOUT_URL,
      "/ailabs-offer3": CONFIG.MARKETPLACE_CHECKOUT_URL,
    };
    for (const [path, checkout] of Object.entries(expected)) {
      const body = await html(await visitor.get(path));
      // The text button and the checkout image link, after the benefits and in the price section, plus the hero image.
      expect(count(body, `href="${checkout}"`), path).toBe(4);
      expect(count(body, 'href="https://market.example.test/'), path).toBe(4);
    }
  });

  it("gives the white-label upsell its checkout and the 'No Thanks' link four times", async () => {
    const body = await html(await new Browser(app.baseUrl).get("/white-label-upsell"));
    expect(count(body, `href="${CONFIG.MARKETPLACE_WHITE_LABEL_CHECKOUT_URL}"`)).toBe(4);
    expect(count(body, `<a href="${CONFIG.MARKETPLACE_DECLINE_URL}"`)).toBe(4);
    expect(count(body, ">No Thanks, I Don't Want To Upgrade</a>")).toBe(4);
  });

  it("gives the custom SaaS upsell its checkout and decline links", async () => {
    const body = await html(await new Browser(app.baseUrl).get("/custom-saas-upsell"));
    expect(count(body, `href="${CONFIG.MARKETPLACE_CUSTOM_SAAS_CHECKOUT_URL}"`)).toBe(3);
    expect(count(body, `href="${CONFIG.MARKETPLACE_DECLINE_URL}"`)).toBe(2);
    expect(body).toContain("No Thanks");
  });
});

/** What the visitor reads: the page's text without its scripts (the loader data React carries). */
async function visibleText(browser: Browser, path: string) {
  const response = await browser.get(path);
  expect(response.status, path).toBe(200);
  const document = parseHtml(await response.text());
  for (const script of [...document.querySelectorAll("script")]) script.remove();
  return { document, text: document.body.textContent! };
}

describe("what the pages promise (issue 40)", () => {
  it("list no community while no community link is set: landing, sales pages and plan page", async () => {
    const visitor = new Browser(app.baseUrl);
    for (const path of ["/", "/ailabs-offer", "/ailabs-offer2", "/ailabs-offer3"]) {
      const { text } = await visibleText(visitor, path);
      expect(text, path).not.toMatch(/communit/i);
    }
    expect((await visibleText(visitor, "/ailabs-offer")).text).toContain("Plus These 3 Bonuses");
    const lead = await signIn(app.baseUrl, (await createUser(app.db)).email);
    const plan = await visibleText(lead, "/payment-options");
    expect(plan.text).toContain("Lifetime Updates");
    expect(plan.text).not.toMatch(/communit/i);
  });

  it("/upgrades?locked=membership sells the membership: its notice, price and way to buy, with or without a session", async () => {
    const lead = await signIn(app.baseUrl, (await createUser(app.db)).email);
    for (const browser of [new Browser(app.baseUrl), lead]) {
      const { document, text } = await visibleText(browser, "/upgrades?locked=membership");
      expect(text).toContain(
        "You tried to open a course of the AI Profit Labs Lifetime Access. Get the AI Profit Labs Lifetime Access below to unlock it.",
      );
      const offer = document.querySelector("#membership")!;
      expect(offer.textContent).toContain("AI Profit Labs Lifetime Access");
      expect(offer.textContent).toContain("$25");
      expect(offer.textContent).toContain("$197");
      const buy = [...offer.querySelectorAll("a")].find((a) => a.textContent === "Get Lifetime Access");
      expect(buy?.getAttribute("href")).toBe("/payment-options");
    }
    // The way on sells it: the plan page, with its card checkout, for the signed-in lead.
    const plan = await visibleText(lead, "/payment-options");
    expect(plan.text).toContain("Choose Your Access Plan");
    expect(plan.text).toContain("Get Lifetime Access Now");
    // A member owns it: no membership offer.
    const member = await signIn(app.baseUrl, (await createUser(app.db, { paid: "warriorplus" })).email);
    expect((await visibleText(member, "/upgrades?locked=membership")).document.querySelector("#membership")).toBeNull();
  });

  it("every locked door leads to a page that sells what it locks", async () => {
    const lead = await signIn(app.baseUrl, (await createUser(app.db)).email);
    for (const product of ["membership", "vip", "white_label", "custom_saas"]) {
      const { text } = await visibleText(lead, `/upgrades?locked=${product}`);
      expect(text, product).toMatch(/Get the .+ below to unlock it\./);
    }
    for (const tool of ["dashboard", "app-builder", "app-idea-generator", "bonuses"]) {
      const { text } = await visibleText(lead, `/payment-options?locked=${tool}`);
      expect(text, tool).toContain("get lifetime access below to unlock it");
      expect(text, tool).toContain("Get Lifetime Access Now");
    }
  });

  it("show the yellow 'order not complete' banner only to a buyer fresh from the marketplace", async () => {
    const banner = "Wait! Your order is not complete yet.";
    for (const path of ["/white-label-upsell", "/custom-saas-upsell"]) {
      const buyer = await visibleText(new Browser(app.baseUrl), path);
      expect(buyer.text, path).toContain(banner);
      expect(buyer.text, path).not.toMatch(/not shown again|only available on this page/);
      // Browsing from /upgrades, or signed in without a membership: no order is in progress.
      expect((await visibleText(new Browser(app.baseUrl), `${path}?from=upgrades`)).text, path).not.toContain(banner);
      const lead = await signIn(app.baseUrl, (await createUser(app.db)).email);
      const leadPage = await visibleText(lead, path);
      expect(leadPage.text, path).not.toContain(banner);
      expect(leadPage.text, path).not.toContain("You already have lifetime access.");
    }
    const upgrades = await (await new Browser(app.baseUrl).get("/upgrades")).text();
    expect(upgrades).toContain('href="/white-label-upsell?from=upgrades"');
    expect(upgrades).toContain('href="/custom-saas-upsell?from=upgrades"');
  });
});

describe("signed-in visitors", () => {
  it("get pages that no cache may keep, showing their own navigation", async () => {
    for (const paid of ["none", "warriorplus"] as const) {
      const user = await createUser(app.db, { paid });
      const member = await signIn(app.baseUrl, user.email);
      for (const path of Object.keys(PAGES)) {
        const response = await member.get(path);
        expect(response.status, path).toBe(200);
        expect(response.headers.get("Cache-Control"), path).toBe("private, no-store");
        expect(response.headers.get("Age"), path).toBeNull();
        expect(await html(response), path).toContain(">Logout</button>");
      }
    }
  });

  it("get private data for client-side navigations too", async () => {
    const user = await createUser(app.db, { paid: "warriorplus" });
    const member = await signIn(app.baseUrl, user.email);
    const visitor = new Browser(app.baseUrl);
    const path = "/ailabs-offer.data";
    expect((await visitor.get(path)).headers.get("Cache-Control")).toBe(
      "public, max-age=0, s-maxage=300, stale-while-revalidate=600",
    );
    expect((await member.get(path)).headers.get("Cache-Control")).toBe("private, no-store");
  });
});
