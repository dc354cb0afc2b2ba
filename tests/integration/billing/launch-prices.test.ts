import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FakeStripe } from "../../support/fake-stripe";
import { createUser, signIn } from "../../support/fixtures";
import { Browser, redirectTarget } from "../../support/http";
import { getPage, parseHtml } from "../../support/html";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from "../../support/test-app";
import { at } from "../../support/present";
import { advanceServerClock, resetServerClock, setServerClock } from "../../support/clock";

/**
 * Issue 40, decision 064: one price rule for the pages and the card checkout. Before 'Cart
 * opens' nothing is sold, from it to 'Cart closes' the launch price, then the regular price,
 * each charged through its own Stripe price; a session keeps the price it was made with. The
 * server's clock is moved by the test hook; the page cache is off, so each visit renders.
 */
const SECRET_KEY = "sk_test_launch_prices";
const PRICE_LAUNCH = "price_lifetime_launch";
const PRICE_REGULAR = "price_lifetime_regular";
const PRICE_WL_LAUNCH = "price_white_label_launch";
const PRICE_WL_REGULAR = "price_white_label_regular";

let fake: FakeStripe;
let app: TestApp;
let admin: Browser;

const WINDOW = {
  cartOpensAt: "2030-01-11T06:00", // 12:00 UTC (CST is UTC-6)
  cartClosesAt: "2030-01-14T06:00",
  timeZone: "America/Chicago",
  earlyBonusBuyers: "0",
  customSaasCapacity: "10",
  customSaasBookedElsewhere: "0",
  fullBlastStartsAt: "",
  winnersAnnouncedAt: "",
  contestPrizes: "350, 250, 150",
};
const BEFORE = "2030-01-10T12:00:00Z";
const DURING = "2030-01-12T12:00:00Z";
const CLOSE = new Date("2030-01-14T12:00:00Z");
const AFTER = "2030-01-15T12:00:00Z";

beforeAll(async () => {
  fake = await FakeStripe.start({
    secretKey: SECRET_KEY,
    prices: {
      [PRICE_LAUNCH]: { unitAmount: 2500, currency: "usd" },
      [PRICE_REGULAR]: { unitAmount: 19700, currency: "usd" },
      [PRICE_WL_LAUNCH]: { unitAmount: 3700, currency: "usd" },
      [PRICE_WL_REGULAR]: { unitAmount: 99700, currency: "usd" },
    },
  });
  app = await startTestApp({
    PAGE_CACHE_SECONDS: "0",
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: "whsec_launch_prices",
    STRIPE_PRICE_LIFETIME: PRICE_LAUNCH,
    STRIPE_PRICE_LIFETIME_REGULAR: PRICE_REGULAR,
    STRIPE_API_BASE: fake.baseUrl,
  });
  admin = await signIn(app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  await saveWindow(WINDOW);
});
afterEach(() => {
  fake.reset();
  resetServerClock();
});
afterAll(async () => {
  resetServerClock();
  await app?.close();
  await fake?.close();
});

async function saveWindow(values: typeof WINDOW) {
  const response = await admin.post("/admin/launch", values);
  expect(response.status, await response.clone().text()).toBe(303);
}

/** A signed-in user without access on the plan page: what it shows, and its form key if it has a form. */
async function planPage() {
  const browser = await signIn(app.baseUrl, (await createUser(app.db)).email);
  const { response, document } = await getPage(browser, "/payment-options");
  expect(response.status).toBe(200);
  const section = document.querySelector('[aria-labelledby="plan-title"]');
  const formKey = section?.querySelector('input[name="form_key"]')?.getAttribute("value") ?? null;
  return {
    browser,
    price: section?.querySelector(".text-5xl")?.textContent,
    struck: section?.querySelector("del")?.textContent?.replace("Regular price ", "") ?? null,
    formKey,
    words: section?.textContent ?? "",
  };
}

async function checkout(browser: Browser, formKey: string) {
  return browser.post("/payment-options", { product: "AI_PROFIT_LABS", form_key: formKey });
}

const sessionOf = (response: Response) => new URL(response.headers.get("Location")!).pathname.split("/").pop()!;

describe("the card price follows the launch window", () => {
  it("before 'Cart opens' shows the launch price and 'Opens {date}' with no form, and the checkout refuses", async () => {
    setServerClock(BEFORE);
    const plan = await planPage();
    expect([plan.price, plan.struck]).toEqual(["$25", "$197"]);
    expect(plan.words).toContain("Opens January 11, 2030 at 6 AM CST");
    expect(plan.formKey).toBeNull();

    // A form kept from an earlier visit (or typed by hand) is refused too, before Stripe is asked.
    const refused = await checkout(plan.browser, "k".repeat(24));
    expect(refused.status).toBe(409);
    expect(visible(await refused.text())).toContain(
      "The cart is not open yet: it opens January 11, 2030 at 6 AM CST. Nothing can be bought before then.",
    );
    expect(fake.requests).toEqual([]);

    // The sales pages' and the landing's buy buttons say the same and link nowhere.
    for (const [path, label] of [
      ["/ailabs-offer3", /Get Instant Access/],
      ["/ailabs-offer", /Get Instant Access/],
      ["/", /Get Lifetime Access/],
    ] as const) {
      const { document } = await getPage(new Browser(app.baseUrl), path);
      const buttons = [...document.querySelectorAll('[aria-disabled="true"]')].map((node) => node.textContent);
      expect(buttons.length, path).toBeGreaterThan(0);
      for (const text of buttons) expect(text, path).toBe("Opens January 11, 2030 at 6 AM CST");
      expect(
        [...document.querySelectorAll("a")].some((link) => label.test(link.textContent ?? "")),
        path,
      ).toBe(false);
      expect(document.querySelector('a img[src="/images/checkout-button.svg"]'), path).toBeNull();
    }
  });

  it("from 'Cart opens' charges the launch price through the launch Stripe price", async () => {
    setServerClock(DURING);
    const plan = await planPage();
    expect([plan.price, plan.struck]).toEqual(["$25", "$197"]);
    const response = await checkout(plan.browser, plan.formKey!);
    expect(response.status).toBe(303);
    const request = at(fake.createRequests(), 0, "checkout request");
    expect(request.form["line_items[0][price]"]).toBe(PRICE_LAUNCH);
    expect(fake.sessions.get(sessionOf(response))?.amount_total).toBe(2500);
  });

  it("from 'Cart closes' shows and charges the regular price through the regular Stripe price", async () => {
    setServerClock(CLOSE.toISOString());
    const plan = await planPage();
    expect([plan.price, plan.struck]).toEqual(["$197", null]);
    const response = await checkout(plan.browser, plan.formKey!);
    expect(response.status).toBe(303);
    expect(at(fake.createRequests(), 0, "checkout request").form["line_items[0][price]"]).toBe(PRICE_REGULAR);
    const sessionId = sessionOf(response);
    expect(fake.sessions.get(sessionId)?.amount_total).toBe(19700);
    expect(
      await app.db
        .selectFrom("stripe_orders")
        .select(["price_id", "amount_subtotal"])
        .where("checkout_session_id", "=", sessionId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ price_id: PRICE_REGULAR, amount_subtotal: 19700 });
  });

  it("with no dates set holds the launch price", async () => {
    await saveWindow({ ...WINDOW, cartOpensAt: "", cartClosesAt: "" });
    try {
      setServerClock(AFTER);
      const plan = await planPage();
      expect([plan.price, plan.struck]).toEqual(["$25", "$197"]);
      await checkout(plan.browser, plan.formKey!);
      expect(at(fake.createRequests(), 0, "checkout request").form["line_items[0][price]"]).toBe(PRICE_LAUNCH);
    } finally {
      await saveWindow(WINDOW);
    }
  });

  it("honours a session started before the close and paid after it, at the price it started with", async () => {
    setServerClock(new Date(CLOSE.getTime() - 60_000));
    const plan = await planPage();
    const sessionId = sessionOf(await checkout(plan.browser, plan.formKey!));
    expect(fake.sessions.get(sessionId)?.amount_total).toBe(2500);

    advanceServerClock(24 * 3600_000);
    fake.pay(sessionId);
    const page = await plan.browser.get(`/success?session_id=${sessionId}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Your lifetime access is active.");
    expect(
      await app.db
        .selectFrom("stripe_orders")
        .select(["status", "price_id", "amount_total"])
        .where("checkout_session_id", "=", sessionId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: "completed", price_id: PRICE_LAUNCH, amount_total: 2500 });
    expect((await plan.browser.get("/dashboard")).status).toBe(200);
  });
});

describe("/admin/products checks the prices before it saves", () => {
  const form = (changes: Record<string, string> = {}) => ({
    key: "white_label",
    name: "12-in-1 White-Label AI SaaS",
    launchPrice: "37",
    regularPrice: "997",
    marketplacePrice: "",
    launchStripePriceId: PRICE_WL_LAUNCH,
    regularStripePriceId: PRICE_WL_REGULAR,
    marketplaceItems: "",
    ...changes,
  });
  const whiteLabel = () =>
    app.db.selectFrom("products").selectAll().where("key", "=", "white_label").executeTakeFirstOrThrow();

  it("refuses a regular price below the launch price, and a price id Stripe does not know, saving nothing", async () => {
    const before = await whiteLabel();
    const below = await admin.post("/admin/products", form({ regularPrice: "20" }));
    expect(below.status).toBe(400);
    expect(await below.text()).toContain("The regular price cannot be below the launch price.");

    const unknown = await admin.post("/admin/products", form({ regularStripePriceId: "price_nobody_made" }));
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("Stripe has no price price_nobody_made");
    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toContain(
      "GET /v1/prices/price_nobody_made",
    );

    expect(await whiteLabel()).toEqual(before);
    expect(
      await app.db.selectFrom("admin_audit_log").select("id").where("action", "=", "edit_product").execute(),
    ).toEqual([]);
  });

  it("saves prices Stripe knows, and /upgrades sells at the launch then the regular Stripe price", async () => {
    const saved = await admin.post("/admin/products", form());
    expect(redirectTarget(saved)).toBe("/admin/products");
    expect(await whiteLabel()).toMatchObject({
      launch_price_cents: 3700,
      regular_price_cents: 99700,
      launch_stripe_price_id: PRICE_WL_LAUNCH,
      regular_stripe_price_id: PRICE_WL_REGULAR,
    });

    const member = await signIn(app.baseUrl, (await createUser(app.db, { paid: "stripe-order" })).email);
    for (const [at_, price, shown] of [
      [DURING, PRICE_WL_LAUNCH, "$37"],
      [AFTER, PRICE_WL_REGULAR, "$997"],
    ] as const) {
      setServerClock(at_);
      fake.reset();
      const { document } = await getPage(member, "/upgrades");
      const offer = document.querySelector("#white_label");
      expect(offer?.querySelector(".text-5xl")?.textContent?.replace("Offer price ", "")).toBe(shown);
      const formKey = offer?.querySelector('input[name="form_key"]')?.getAttribute("value");
      const response = await member.post("/upgrades", { product: "white_label", form_key: formKey! });
      expect(response.status).toBe(303);
      expect(at(fake.createRequests(), 0, "checkout request").form["line_items[0][price]"]).toBe(price);
    }

    setServerClock(BEFORE);
    const refused = await member.post("/upgrades", { product: "white_label", form_key: "k".repeat(24) });
    expect(refused.status).toBe(409);
  });
});

function visible(html: string) {
  const document = parseHtml(html);
  for (const script of [...document.querySelectorAll("script")]) script.remove();
  return document.body.textContent ?? "";
}
