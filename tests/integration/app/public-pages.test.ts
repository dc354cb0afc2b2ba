import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signIn } from "../../support/fixtures";
import { Browser } from "../../support/http";
import { startTestApp, type TestApp } from "../../support/test-app";

// Every value the marketing pages take from configuration, set to something recognisable.
const CONFIG = {
  PUBLIC_URL: "http://shop.example.test",
  BRAND_NAME: "Brandname Labs",
  SUPPORT_EMAIL: "help@brand.example.test",
  MARKETPLACE_CHECKOUT_URL: "https://market.example.test/buy/front",
  MARKETPLACE_TRIAL_CHECKOUT_URL: "https://market.example.test/buy/trial",
  MARKETPLACE_WHITE_LABEL_CHECKOUT_URL: "https://market.example.test/buy/white-label",
  MARKETPLACE_CUSTOM_SAAS_CHECKOUT_URL: "https://market.example.test/buy/custom-saas",
  MARKETPLACE_DECLINE_URL: "https://market.example.test/no-thanks",
};

const PAGES: Record<string, string[]> = {
  "/": ["Build and Launch Your Own AI SaaS App Without Writing Code", "Building Your SaaS Application", "$25", "$197"],
  "/ailabs-offer": ["Launch Week Special", "LAUNCH", "-$180", "$17"],
  "/ailabs-offer2": ["Get Full Access for Just $1 (Normally $197)", "-$196", "99.5% OFF"],
  "/ailabs-offer3": ["The launch price ends in", "-$172", "$25"],
  "/white-label-upsell": ["Get 12 Ready-Made AI SaaS Apps You Can Sell as Your Own", "$997", "$37"],
  "/custom-saas-upsell": ["3 of 10 spots remaining", "$1,997", "Apply Now $997"],
  "/custom-saas-thank-you": ["Thank You! Your Purchase Is Confirmed", "What to Expect"],
  "/upgrades": ["Upgrade Your Membership", "/white-label-upsell", "/custom-saas-upsell"],
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
