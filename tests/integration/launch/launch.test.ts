import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { advanceServerClock, resetServerClock, setServerClock } from "../../support/clock";
import { createUser, signIn } from "../../support/fixtures";
import { Browser, redirectTarget } from "../../support/http";
import { getPage, parseHtml } from "../../support/html";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from "../../support/test-app";
import { SETTINGS_REFRESH_MS } from "~/platform/settings-poller.server";
import { CONTEST_PRIZES_MESSAGE } from "~/features/launch/launch-form";

/**
 * Issue 26 (decision 053): the launch settings at /admin/launch, one deadline for every visitor,
 * the affiliate dates and the custom SaaS spots from settings. The server's clock is moved by the
 * test hook (tests/support/clock.ts); the page cache is off here, so each visit renders, and on
 * in the second app, which checks that a save reaches a cached page at once.
 */
let app: TestApp;
let admin: Browser;
/** The demo seed's first start, on the server's clock: the seed reads "now" from it. */
const FIRST_START = new Date(Math.floor(Date.now() / 1000) * 1000);

beforeAll(async () => {
  setServerClock(FIRST_START);
  app = await startTestApp({ PAGE_CACHE_SECONDS: "0" });
  admin = await signIn(app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterEach(() => resetServerClock());
afterAll(async () => {
  resetServerClock();
  await app?.close();
});

const WINDOW = {
  cartOpensAt: "2030-01-11T06:00", // 12:00 UTC (CST is UTC-6)
  cartClosesAt: "2030-01-14T06:00",
  timeZone: "America/Chicago",
  earlyBonusBuyers: "50",
  customSaasCapacity: "10",
  customSaasBookedElsewhere: "7",
  fullBlastStartsAt: "2030-01-13T06:00",
  winnersAnnouncedAt: "2030-01-15T12:00",
  contestPrizes: "350, 250, 150",
};

async function save(values: Partial<typeof WINDOW>) {
  const response = await admin.post("/admin/launch", { ...WINDOW, ...values });
  expect(response.status, await response.clone().text()).toBe(303);
  expect(redirectTarget(response)).toMatch(/^\/admin\/launch/);
  return response;
}

async function text(path: string, browser = new Browser(app.baseUrl)) {
  const { response, document } = await getPage(browser, path);
  expect(response.status, path).toBe(200);
  // What the visitor reads: not the loader data the page carries for React.
  for (const script of [...document.querySelectorAll("script")]) {
    if (!script.getAttribute("type")) script.remove();
  }
  return document;
}

function visibleText(html: string) {
  const document = parseHtml(html);
  for (const script of [...document.querySelectorAll("script")]) script.remove();
  return document.body.textContent ?? "";
}

const timerText = (document: ReturnType<typeof parseHtml>) =>
  (document.querySelector('[role="timer"]')?.textContent ?? "").replace(/\s+/g, "");

/** Every page that shows the launch: the landing, the three sales variants, the affiliate pages. */
const LAUNCH_PAGES = [
  "/",
  "/ailabs-offer",
  "/ailabs-offer2",
  "/ailabs-offer3",
  "/jv-affiliate",
  "/jv-doc",
  "/demo-swipes",
];
/** What a page may not say without a deadline: a countdown's words, a closing, a time limit. */
const DEADLINE_COPY =
  /The launch price has ended|Opens |will rise|ends in|soon\.|Limited-Time|Launch Week|Today only|short time/;

/** With no dates: no timer on any launch page, and no deadline copy on the landing and sales pages. */
async function expectNoDeadline() {
  for (const path of LAUNCH_PAGES) {
    const page = await text(path);
    expect(page.querySelector('[role="timer"]'), path).toBeNull();
    expect(page.querySelector("[data-deadline]"), path).toBeNull();
    // The affiliate pages speak of the launch itself (its swipes, its full-blast finish), not of a price's deadline.
    if (!path.startsWith("/jv") && path !== "/demo-swipes")
      expect(page.body.textContent, path).not.toMatch(DEADLINE_COPY);
  }
}

describe("a fresh install with the demo seed (SEED_DEMO_CONTENT)", () => {
  it("shows the spec's first screen a second after the first start: 2 days 23:59:59, 50 of 50, 3 of 10", async () => {
    setServerClock(new Date(FIRST_START.getTime() + 1000));
    const sales = await text("/ailabs-offer3");
    expect(timerText(sales)).toBe("02Days23Hours59Minutes59Seconds");
    const upsell = await text("/custom-saas-upsell");
    expect(upsell.body.textContent).toContain("3 of 10 spots remaining");
    expect(upsell.querySelector('[role="progressbar"]')?.getAttribute("aria-valuenow")).toBe("70");
    const landing = (await text("/")).body.textContent?.replace(/\s+/g, " ");
    expect(landing).toContain("This launch price will rise to $197 in 02d 23h 59m 59s.");
    expect(landing).toContain("Bonus for the first 50 customers");
    expect(landing).toContain("50 of 50 early-bonus spots left");
    const row = await app.db.selectFrom("launch_settings").selectAll().executeTakeFirstOrThrow();
    expect(row.cart_opens_at?.toISOString()).toBe(FIRST_START.toISOString());
    expect(row.cart_closes_at?.getTime()).toBe(FIRST_START.getTime() + 3 * 86_400_000);
    // The affiliate page's dates in the spec's shape: full blast the last 24 hours, winners at the close.
    expect(row.full_blast_starts_at?.getTime()).toBe(FIRST_START.getTime() + 2 * 86_400_000);
    expect(row.winners_announced_at?.getTime()).toBe(FIRST_START.getTime() + 3 * 86_400_000);
    expect((await text("/jv-affiliate")).body.textContent).not.toContain("to be announced");
  });
});

describe("the admin's launch settings", () => {
  it("are refused to visitors and members, with nothing changed", async () => {
    const before = await app.db.selectFrom("launch_settings").selectAll().executeTakeFirstOrThrow();
    const visitor = new Browser(app.baseUrl);
    expect(redirectTarget(await visitor.get("/admin/launch"))).toBe("/login?redirect=%2Fadmin%2Flaunch");
    expect(redirectTarget(await visitor.post("/admin/launch", { ...WINDOW, customSaasBookedElsewhere: "1" }))).toMatch(
      /^\/login/,
    );
    const member = await createUser(app.db, { paid: "stripe-order" });
    const memberBrowser = await signIn(app.baseUrl, member.email);
    expect(redirectTarget(await memberBrowser.get("/admin/launch"))).toBe("/dashboard");
    expect(
      redirectTarget(await memberBrowser.post("/admin/launch", { ...WINDOW, customSaasBookedElsewhere: "1" })),
    ).toBe("/dashboard");
    const after = await app.db.selectFrom("launch_settings").selectAll().executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it("show each bad field's message and save nothing", async () => {
    const before = await app.db.selectFrom("launch_settings").selectAll().executeTakeFirstOrThrow();
    const audits = await app.db.selectFrom("admin_audit_log").select("id").execute();
    const response = await admin.post("/admin/launch", {
      ...WINDOW,
      cartOpensAt: "2030-01-15T06:00",
      winnersAnnouncedAt: "2030-02-30T10:00",
      earlyBonusBuyers: "-3",
      customSaasCapacity: "-1",
      contestPrizes: "350, a lot",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    const page = visibleText(html);
    expect(page).toContain(CONTEST_PRIZES_MESSAGE);
    expect(page).toContain("The cart must close after it opens.");
    expect(page).toContain("Enter a real date and time.");
    expect(page.match(/Enter a number of 0 or more\./g)).toHaveLength(2);
    expect(html).toContain('aria-invalid="true"');
    expect(await app.db.selectFrom("launch_settings").selectAll().executeTakeFirstOrThrow()).toEqual(before);
    expect(await app.db.selectFrom("admin_audit_log").select("id").execute()).toHaveLength(audits.length);
  });

  it("are saved with a flash message and an audit row, and shown in the launch time zone", async () => {
    const response = await save({});
    const page = await (await admin.get(redirectTarget(response)!.replace(/#.*$/, ""))).text();
    expect(page).toContain("Launch settings saved.");
    expect(page).toContain('value="2030-01-14T06:00"');
    expect(page).toContain('value="America/Chicago"');
    const row = await app.db.selectFrom("launch_settings").selectAll().executeTakeFirstOrThrow();
    expect(row.cart_closes_at!.toISOString()).toBe("2030-01-14T12:00:00.000Z");
    const audit = await app.db
      .selectFrom("admin_audit_log")
      .selectAll()
      .where("action", "=", "save_launch_settings")
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    expect(audit.admin_email).toBe(ADMIN_EMAIL);
    expect(audit.member_id).toBeNull();
    expect((audit.details as { after: { cartClosesAt: string } }).after.cartClosesAt).toBe("2030-01-14T12:00:00.000Z");
  });
});

describe("the affiliate pages' numbers (issue 40)", () => {
  it("come from the launch settings: the contest's prizes and the custom SaaS capacity", async () => {
    await save({ contestPrizes: "1000, 500", customSaasCapacity: "4", customSaasBookedElsewhere: "0" });
    expect(await (await admin.get("/admin/launch")).text()).toContain('value="1000, 500"');
    for (const path of ["/jv-affiliate", "/jv-doc"]) {
      const page = (await text(path)).body.textContent!;
      expect(page, path).toContain("1st place$1,000");
      expect(page, path).toContain("2nd place$500");
      expect(page, path).not.toContain("3rd place");
      expect(page, path).toContain("Limited to 4 clients.");
      expect(page, path).not.toContain("$750");
    }
    const description = (await text("/jv-affiliate"))
      .querySelector('meta[name="description"]')!
      .getAttribute("content");
    expect(description).toContain("a $1,500 contest");
    await save({});
  });
});

describe("one deadline for everyone", () => {
  beforeAll(async () => {
    await save({});
  });

  it("before 'Cart opens' says when it opens, and counts nothing", async () => {
    setServerClock("2030-01-10T12:00:00Z");
    for (const path of ["/", "/ailabs-offer", "/ailabs-offer3"]) {
      const page = await text(path);
      expect(page.body.textContent, path).toContain("Opens January 11, 2030 at 6 AM CST");
      expect(page.querySelector('[role="timer"]'), path).toBeNull();
    }
  });

  it("while open counts down to 'Cart closes': two visits 10 s apart show values 10 s apart", async () => {
    setServerClock("2030-01-11T12:00:01Z");
    const first = await text("/ailabs-offer3");
    expect(timerText(first)).toBe("02Days23Hours59Minutes59Seconds");
    expect(first.querySelector("[data-deadline]")?.getAttribute("data-deadline")).toBe("2030-01-14T12:00:00.000Z");
    expect(first.body.textContent).toContain("Launch discount");
    advanceServerClock(10_000);
    expect(timerText(await text("/ailabs-offer3", new Browser(app.baseUrl)))).toBe("02Days23Hours59Minutes49Seconds");
    const landing = await text("/");
    expect(landing.body.textContent).toContain("This launch price will rise to $197 in 02d 23h 59m 49s.");
    const modules = [...landing.querySelectorAll('script[type="module"]')].map((script) => script.textContent);
    expect(modules.some((code) => code?.includes("tickDeadlines"))).toBe(true);
    // The $1 offer keeps its countdown hidden (docs/product.md §2).
    expect((await text("/ailabs-offer2")).querySelector('[role="timer"]')).toBeNull();
  });

  it("after 'Cart closes' shows no countdown, no launch discount and no 'soon' line", async () => {
    setServerClock("2030-01-14T12:00:00Z");
    for (const path of ["/", "/ailabs-offer", "/ailabs-offer2", "/ailabs-offer3"]) {
      const page = await text(path);
      const words = page.body.textContent ?? "";
      expect(words, path).toContain("The launch price has ended");
      expect(page.querySelector('[role="timer"]'), path).toBeNull();
      expect(words, path).not.toMatch(/Launch discount|Special discount|-\$172|-\$196|will rise|soon\./);
    }
    const sales = await text("/ailabs-offer3");
    expect(sales.body.textContent).toContain("Get Instant Access for $197");
  });

  it("with no dates set shows no countdown and no deadline copy, in the price boxes either", async () => {
    await save({ cartOpensAt: "", cartClosesAt: "", fullBlastStartsAt: "", winnersAnnouncedAt: "" });
    await expectNoDeadline();
    // The prices stay; only the deadline's words go.
    const sales = (await text("/ailabs-offer3")).body.textContent ?? "";
    expect(sales).toContain("Your Price");
    expect(sales).toContain("-$172");
    expect(sales).toContain("Get Instant Access for $25");
    expect((await text("/")).body.textContent).toContain("Special Offer");
    await save({});
  });
});

describe("the affiliate pages read the launch settings", () => {
  it("show the launch, the full-blast window and the winners date, and count down to 'Cart opens'", async () => {
    setServerClock("2030-01-10T11:59:50Z");
    const jv = await text("/jv-affiliate");
    const words = jv.body.textContent ?? "";
    expect(words).toContain("January 11, 2030 at 6 AM CST");
    expect(words).toContain("from January 13, 2030 at 6 AM CST");
    expect(words).toContain("Winners announced: January 15, 2030.");
    expect(timerText(jv)).toBe("01Days00Hours00Minutes10Seconds");
    const doc = await text("/jv-doc");
    expect(doc.body.textContent).toContain("Contest winners announced");
    expect(doc.body.textContent).toContain("1d 00h 00m 10s");
    expect((await text("/demo-swipes")).body.textContent).toContain("Launch: January 11, 2030");
  });
});

describe("the custom SaaS spots", () => {
  it("read capacity and clients booked elsewhere, down to 'Fully booked' with no buy link", async () => {
    await save({ customSaasBookedElsewhere: "9" });
    const one = await text("/custom-saas-upsell");
    expect(one.body.textContent).toContain("1 of 10 spots remaining");
    expect(one.querySelector('[role="progressbar"]')?.getAttribute("aria-valuenow")).toBe("90");
    await save({ customSaasBookedElsewhere: "10" });
    const full = await text("/custom-saas-upsell");
    const words = full.body.textContent ?? "";
    expect(words).toContain("Fully booked");
    expect(words).not.toMatch(/Apply Now|Yes, Build My App/);
    // The top of the page, where the buy link was, says why there is none.
    expect(words).toContain("Fully booked for now: every spot is taken.");
    expect(full.querySelector('[role="progressbar"]')?.getAttribute("aria-valuenow")).toBe("100");
    expect([...full.querySelectorAll("a")].some((link) => link.textContent?.includes("No Thanks"))).toBe(true);
    await save({});
  });

  it("subtract the active custom SaaS entitlements: two lower the remaining by two, then 'Fully booked'", async () => {
    await save({ customSaasBookedElsewhere: "5" });
    expect((await text("/custom-saas-upsell")).body.textContent).toContain("5 of 10 spots remaining");
    const grants: string[] = [];
    for (let i = 0; i < 2; i++) {
      const client = await createUser(app.db, { paid: "stripe-order" });
      const grant = await app.db
        .insertInto("access_grants")
        .values({ user_id: client.id, reason: "custom SaaS client", product_key: "custom_saas" })
        .returning("id")
        .executeTakeFirstOrThrow();
      grants.push(grant.id);
    }
    try {
      const two = await text("/custom-saas-upsell");
      expect(two.body.textContent).toContain("3 of 10 spots remaining");
      expect(two.querySelector('[role="progressbar"]')?.getAttribute("aria-valuenow")).toBe("70");
      await save({ customSaasBookedElsewhere: "8" });
      const full = await text("/custom-saas-upsell");
      const words = full.body.textContent ?? "";
      expect(words).toContain("Fully booked");
      expect(words).not.toMatch(/spots remaining|Apply Now|Yes, Build My App/);
      expect([...full.querySelectorAll("a")].some((link) => link.textContent?.includes("No Thanks"))).toBe(true);
    } finally {
      // A revoked grant ends its entitlement (the 0015 trigger): the other tests count from zero.
      await app.db.updateTable("access_grants").set({ revoked_at: new Date() }).where("id", "in", grants).execute();
      await save({});
    }
    expect((await text("/custom-saas-upsell")).body.textContent).toContain("3 of 10 spots remaining");
  });
});

describe("with the page cache on and no demo content (production)", () => {
  let cached: TestApp;
  beforeAll(async () => {
    await app.close();
    cached = await startTestApp({ PAGE_CACHE_SECONDS: "60", SEED_DEMO_CONTENT: "false" });
    app = cached;
    admin = await signIn(cached.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  });

  it("starts with no dates, so no deadline copy", async () => {
    await expectNoDeadline();
    expect((await text("/custom-saas-upsell")).body.textContent).toContain("10 of 10 spots remaining");
  });

  it("shows a cached public page's new value right after a save", async () => {
    const visitor = new Browser(cached.baseUrl);
    await visitor.get("/custom-saas-upsell");
    const hit = await visitor.get("/custom-saas-upsell");
    expect(hit.headers.get("Age"), "the second visit is answered from the cache").not.toBeNull();
    expect(await hit.text()).toContain("10 of 10 spots remaining");
    await save({ customSaasBookedElsewhere: "4" });
    expect((await text("/custom-saas-upsell", visitor)).body.textContent).toContain("6 of 10 spots remaining");
  });

  it("shows a save made by another process within the 5 s re-read, not after the cache's 60 s", async () => {
    const visitor = new Browser(cached.baseUrl);
    const spots = async () => (await text("/custom-saas-upsell", visitor)).body.textContent ?? "";
    expect(await spots()).toContain("6 of 10 spots remaining");
    expect(await spots()).toContain("6 of 10 spots remaining"); // now from the cache
    // Another process's save: the row changes under this one, with no save here to drop its cache.
    await cached.db.updateTable("launch_settings").set({ custom_saas_booked_elsewhere: 1 }).execute();
    await expect
      .poll(spots, {
        timeout: SETTINGS_REFRESH_MS + 4_000,
        interval: 250,
        message: "the cached page after another process's save",
      })
      .toContain("9 of 10 spots remaining");
  });
});
