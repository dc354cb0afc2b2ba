import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetServerClock, setServerClock } from "../../support/clock";
import { signIn } from "../../support/fixtures";
import { redirectTarget, type Browser } from "../../support/http";
import { getPage } from "../../support/html";
import { MARKETPLACE_LINKS } from "../../support/marketplace-sale";
import { SmtpSink } from "../../support/smtp-sink";
import { LAUNCH_FORM } from "../../support/launch-form";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from "../../support/test-app";

/**
 * The launch readiness check on /admin/launch (issue 40): on a fresh install each line is
 * 'Missing' and names what to set; as the settings and the environment are set, each turns
 * 'Ready'. The page never shows a secret's value. A start at a public address refuses the
 * marketplace links' placeholders, naming the variable.
 */
let app: TestApp;
let admin: Browser;
let smtp: SmtpSink;

const dkim = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
/** Every value the readiness check looks at, set: none of the secret ones may appear on the page. */
const CONFIGURED = {
  ...MARKETPLACE_LINKS,
  SMTP_URL: "", // the sink's, once it listens
  MAIL_FROM: "Launch Team <launch@mail.test.example>",
  MAIL_POSTAL_ADDRESS: "Readiness Labs, 1 Checklist Road, Springfield",
  DKIM_DOMAIN: "mail.test.example",
  DKIM_SELECTOR: "ready2030",
  DKIM_PRIVATE_KEY: (dkim.privateKey.export({ type: "pkcs8", format: "pem" }) as string).replace(/\n/g, "\\n"),
  STRIPE_SECRET_KEY: "sk_test_readiness_secret_value",
  STRIPE_WEBHOOK_SECRET: "whsec_readiness_secret_value",
  STRIPE_PRICE_LIFETIME: "price_readiness_lifetime",
  WARRIORPLUS_SECURITY_KEY: "wp-readiness-secret-value",
  COMMUNITY_INVITE_URL: "https://discord.test.example/invite/readiness-secret",
};
const SECRETS = [
  "sk_test_readiness_secret_value",
  "whsec_readiness_secret_value",
  "wp-readiness-secret-value",
  "discord.test.example",
  "BEGIN PRIVATE KEY",
  "Checklist Road",
  "launch@mail.test.example",
];

beforeAll(async () => {
  smtp = await SmtpSink.start();
  CONFIGURED.SMTP_URL = smtp.url;
  app = await startTestApp();
  admin = await signIn(app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  resetServerClock();
  await app?.close();
  await smtp?.close();
});

const RESTART_TIMEOUT_MS = 60_000;

/** Saves the launch settings on /admin/launch with these cart dates (the launch time zone's wall clock). */
async function saveDates(cartOpensAt: string, cartClosesAt: string) {
  const response = await admin.post("/admin/launch", { ...LAUNCH_FORM, cartOpensAt, cartClosesAt });
  expect(response.status, await response.clone().text()).toBe(303);
  expect(redirectTarget(response)).toBe("/admin/launch");
}

/** Each line as the admin reads it: its key, 'Ready' or 'Missing', and its words; and the page's HTML. */
async function checklist() {
  const { response, document } = await getPage(admin, "/admin/launch");
  expect(response.status).toBe(200);
  const section = document.querySelector('section[aria-labelledby="readiness-heading"]');
  expect(section, "the readiness section").not.toBeNull();
  const lines = Object.fromEntries(
    [...section!.querySelectorAll("li[data-readiness]")].map((item) => [
      item.getAttribute("data-readiness")!,
      {
        state: item.querySelector("strong")?.textContent?.replace(":", ""),
        text: item.textContent!.replace(/\s+/g, " "),
        fix: item.querySelector("a")?.getAttribute("href"),
      },
    ]),
  );
  return { lines, html: section!.outerHTML, summary: section!.querySelector("p")?.textContent };
}

describe("/admin/launch readiness check", () => {
  it(
    "is red on a fresh install, naming what to set, and green once it is all set",
    async () => {
      await saveDates("", "");
      // Every start installs the VIP course (decision 063); one an admin took down opens nothing.
      await app.db.updateTable("courses").set({ status: "draft" }).where("required_product", "=", "vip").execute();
      const fresh = await checklist();
      expect(Object.keys(fresh.lines)).toEqual([
        "marketplace-links",
        "products-sold",
        "products-opened",
        "postal-address",
        "mail",
        "community",
        "dates",
        "dkim",
      ]);
      expect(Object.values(fresh.lines).map((line) => line.state)).toEqual(Array(8).fill("Missing"));
      expect(fresh.summary).toBe("8 of 8 are not ready yet.");
      expect(fresh.lines["marketplace-links"]!.text).toContain(
        "Still the made-up placeholder, which leads nowhere: MARKETPLACE_CHECKOUT_URL, MARKETPLACE_DECLINE_URL, MARKETPLACE_AFFILIATE_URL, MARKETPLACE_TRIAL_CHECKOUT_URL, MARKETPLACE_WHITE_LABEL_CHECKOUT_URL, MARKETPLACE_CUSTOM_SAAS_CHECKOUT_URL.",
      );
      expect(fresh.lines["marketplace-links"]!.fix).toBe("#readiness-environment");
      // The four products sold, none buyable yet; the free ones (early bonus, starter) are not listed.
      expect(fresh.lines["products-sold"]!.text).toContain(
        "No Stripe price or marketplace item that can sell it: AI Profit Labs Lifetime Access, VIP Upgrade, 12-in-1 White-Label AI SaaS, Custom AI SaaS and 1-on-1 Coaching.",
      );
      expect(fresh.lines["products-sold"]!.fix).toBe("/admin/products");
      // The included courses open the membership and the white-label kits; the VIP one is a draft.
      expect(fresh.lines["products-opened"]!.text).toContain("Sold, but no published course opens it: VIP Upgrade.");
      expect(fresh.lines["products-opened"]!.fix).toBe("/admin");
      expect(fresh.lines.mail!.text).toContain("Not set: SMTP_URL, MAIL_FROM.");
      expect(fresh.lines.community!.fix).toBe("/admin/community");
      expect(fresh.lines.dates!.text).toContain("Not set: 'Cart opens' and 'Cart closes'.");
      expect(fresh.lines.dates!.fix).toBe("#cartOpensAt");
      expect(fresh.lines.dkim!.text).toContain("DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY");

      // The settings an admin changes here: the dates, the products' items, the VIP course published again.
      setServerClock("2030-01-01T00:00:00Z");
      await saveDates("2030-01-11T06:00", "2030-01-14T06:00");
      for (const key of ["vip", "white_label", "custom_saas"]) {
        await app.db
          .updateTable("products")
          .set({ marketplace_items: [`wso_${key}`] })
          .where("key", "=", key)
          .execute();
      }
      await app.db.updateTable("courses").set({ status: "published" }).where("required_product", "=", "vip").execute();
      const settings = await checklist();
      expect(settings.lines.dates).toMatchObject({ state: "Ready" });
      expect(settings.lines.dates!.text).toContain(
        "The cart opens January 11, 2030 at 6 AM CST and closes January 14, 2030 at 6 AM CST.",
      );
      expect(settings.lines["products-opened"]!.state).toBe("Ready");
      // The membership has neither a Stripe price nor an item yet, and the items need the marketplace's key.
      expect(settings.lines["products-sold"]!.text).toContain(
        "No Stripe price or marketplace item that can sell it: AI Profit Labs Lifetime Access, VIP Upgrade, 12-in-1 White-Label AI SaaS, Custom AI SaaS and 1-on-1 Coaching. Marketplace items are set but WARRIORPLUS_SECURITY_KEY is not",
      );

      // The environment, set at a deploy (STRIPE_PRICE_LIFETIME seeds the membership's Stripe price).
      await app.restart({ ...CONFIGURED, PUBLIC_URL: app.baseUrl });
      const ready = await checklist();
      expect(Object.entries(ready.lines).filter(([, line]) => line.state !== "Ready")).toEqual([]);
      expect(ready.summary).toBe("Everything on this list is set.");
      for (const secret of SECRETS) expect(ready.html).not.toContain(secret);
      // Nor anywhere else on the page, the form's values and the loader's data included.
      const page = await (await admin.get("/admin/launch")).text();
      for (const secret of SECRETS) expect(page).not.toContain(secret);

      // A cart that has closed is no longer ready.
      setServerClock("2030-02-01T00:00:00Z");
      expect((await checklist()).lines.dates).toMatchObject({ state: "Missing" });
    },
    RESTART_TIMEOUT_MS,
  );

  it(
    "a start at a public address refuses a placeholder buy link, naming the variable",
    async () => {
      const { MARKETPLACE_CUSTOM_SAAS_CHECKOUT_URL: _left, ...others } = MARKETPLACE_LINKS;
      await expect(
        app.restart({
          ...others,
          MARKETPLACE_CUSTOM_SAAS_CHECKOUT_URL: "https://warriorplus.com/o2/buy/ai-profit-labs-custom-saas",
          PUBLIC_URL: "https://shop.test.example",
        }),
      ).rejects.toThrow(
        /MARKETPLACE_CUSTOM_SAAS_CHECKOUT_URL: is still the made-up placeholder https:\/\/warriorplus\.com\/o2\/buy\/ai-profit-labs-custom-saas/,
      );
      // Set, it starts.
      await app.restart({ ...MARKETPLACE_LINKS, PUBLIC_URL: "https://shop.test.example" });
      const health = await fetch(`${app.baseUrl}/healthz`);
      expect(health.status).toBe(200);
    },
    RESTART_TIMEOUT_MS,
  );
});
