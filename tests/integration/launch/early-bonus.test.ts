import { unzipSync } from "fflate";
import { GUARANTEE_DAYS } from "~/features/catalogue";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signIn, uniqueEmail } from "../../support/fixtures";
import { Browser, redirectTarget } from "../../support/http";
import { getPage, parseHtml } from "../../support/html";
import { marketplaceRefund, marketplaceSale, postMarketplaceIpn } from "../../support/marketplace-sale";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from "../../support/test-app";

/**
 * Issue 26, item 3 (migration 0018, decision 053): the first N buyers of the membership, from any
 * source in the order their purchase is recorded, get the `early_bonus` product; it opens the
 * 'Early-bird bonus' card on /bonuses and its download; the landing counts the spots left and
 * drops the block at 0; a refund takes the bonus back, and reopens the spot when it comes within
 * the money-back guarantee (GUARANTEE_DAYS of the purchase; issue 41, migration 0030), so the
 * count of spots left stays true.
 */
const SECURITY_KEY = "wp-security-key-for-early-bonus";
const MEMBERSHIP_ITEM = "wso_early_fe";

let app: TestApp;
let admin: Browser;

beforeAll(async () => {
  app = await startTestApp({
    PAGE_CACHE_SECONDS: "0",
    WARRIORPLUS_SECURITY_KEY: SECURITY_KEY,
    WARRIORPLUS_MEMBERSHIP_ITEMS: MEMBERSHIP_ITEM,
  });
  admin = await signIn(app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await app?.close();
});

async function setEarlyBonusBuyers(count: number) {
  earlyBonusBuyers = count;
  const response = await admin.post("/admin/launch", {
    cartOpensAt: "",
    cartClosesAt: "",
    timeZone: "America/Chicago",
    earlyBonusBuyers: String(count),
    customSaasCapacity: "10",
    customSaasBookedElsewhere: "7",
    fullBlastStartsAt: "",
    winnersAnnouncedAt: "",
    contestPrizes: "350, 250, 150",
  });
  expect(response.status, await response.clone().text()).toBe(303);
}

/** The spots taken (spots left = N - taken, as the landing says) and the bonuses in force. */
async function bonusesGiven() {
  const spots = Number(
    (await app.db.selectNoFrom(sql<string>`early_bonus_spots_taken()`.as("taken")).executeTakeFirstOrThrow()).taken,
  );
  const { rows } = await sql<{ active: string }>`
    SELECT count(*) FILTER (WHERE revoked_at IS NULL) AS active
    FROM entitlements WHERE source_kind = 'launch_bonus'`.execute(app.db);
  return { given: spots, active: Number(rows[0]!.active) };
}

async function hasEarlyBonus(userId: string) {
  const row = await app.db
    .selectFrom("entitlements")
    .select("id")
    .where("user_id", "=", userId)
    .where("product_key", "=", "early_bonus")
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Boolean(row);
}

/** The landing's words as a visitor reads them (the page cache is off in this app). */
async function landingText() {
  const html = await (await new Browser(app.baseUrl).get("/")).text();
  const document = parseHtml(html);
  for (const script of [...document.querySelectorAll("script")]) script.remove();
  return (document.body.textContent ?? "").replace(/\s+/g, " ");
}

/**
 * The landing reads the count held with the launch settings, which every process re-reads every
 * 5 s and at once after a save: saving the same settings again shows it without the wait.
 */
let earlyBonusBuyers = 0;
async function landingShows(expected: RegExp) {
  await setEarlyBonusBuyers(earlyBonusBuyers);
  expect(await landingText()).toMatch(expected);
}

/** A WarriorPlus IPN for the membership item, as the marketplace posts it: a new sale, or a refund of one. */
/** Posts a marketplace IPN and expects it accepted. */
async function post<Form extends Record<string, string>>(form: Form): Promise<Form> {
  expect((await postMarketplaceIpn(app.baseUrl, form)).status).toBe(200);
  return form;
}

describe("the early bonus", () => {
  it("goes to the first N buyers across sources, not to complimentary members, and a refund within the guarantee reopens the spot", async () => {
    const start = await bonusesGiven();
    await setEarlyBonusBuyers(start.given + 4);
    await landingShows(/4 of \d+ early-bonus spots left/);
    // The landing says how a spot reopens (decision 069).
    expect(await landingText()).toContain(
      `A spot given back by a refund within the ${GUARANTEE_DAYS}-day guarantee goes to the next buyer.`,
    );

    // A complimentary member is not a buyer.
    const guest = await createUser(app.db);
    await app.db.insertInto("access_grants").values({ user_id: guest.id, reason: "JV review" }).execute();
    expect(await hasEarlyBonus(guest.id)).toBe(false);

    // A card buyer, a subscriber and a marketplace buyer (through the real IPN) each take a spot.
    const card = await createUser(app.db, { paid: "stripe-order" });
    const subscriber = await createUser(app.db, { paid: "subscription-active" });
    const marketplaceEmail = uniqueEmail("wp-early");
    const marketplaceBuyer = await createUser(app.db, { email: marketplaceEmail });
    const marketplaceSold = await post(
      marketplaceSale(
        { securityKey: SECURITY_KEY, item: MEMBERSHIP_ITEM, email: marketplaceEmail },
        { WP_BUYER_NAME: "Early Buyer" },
      ),
    );
    for (const buyer of [card, subscriber, marketplaceBuyer]) expect(await hasEarlyBonus(buyer.id)).toBe(true);
    expect(await bonusesGiven()).toEqual({ given: start.given + 3, active: start.active + 3 });
    await landingShows(/1 of \d+ early-bonus spots left/);

    // Buying again (another source) takes no second spot.
    await app.db
      .insertInto("warriorplus_orders")
      .values({ user_id: card.id, sale_id: `SALE-again-${card.id}`, buyer_email: card.email, grants_membership: true })
      .execute();
    expect((await bonusesGiven()).given).toBe(start.given + 3);

    // The card buyer is refunded within the guarantee: the bonus goes with the membership, and
    // the spot opens again.
    await sql`
      UPDATE stripe_orders SET status = 'refunded', refunded_at = now()
      WHERE customer_id = (SELECT customer_id FROM stripe_customers WHERE user_id = ${card.id})`.execute(app.db);
    // Still a member through the second purchase, but that purchase was not an early one.
    expect(await hasEarlyBonus(card.id)).toBe(false);
    expect(await bonusesGiven()).toEqual({ given: start.given + 2, active: start.active + 2 });
    const stillMember = await signIn(app.baseUrl, card.email);
    expect(await (await stillMember.get("/bonuses")).text()).not.toContain("Early-bird bonus");
    expect((await stillMember.get("/bonuses/download/early-bird-bonus.zip")).status).toBe(404);
    await landingShows(/2 of \d+ early-bonus spots left/);

    // The marketplace buyer is refunded through WarriorPlus's own refund IPN: the same.
    await post(marketplaceRefund(marketplaceSold));
    expect(await hasEarlyBonus(marketplaceBuyer.id)).toBe(false);
    expect(await bonusesGiven()).toEqual({ given: start.given + 1, active: start.active + 1 });
    await landingShows(/3 of \d+ early-bonus spots left/);

    // The reopened spots go to the next buyers; then none are left: the block is gone from the landing.
    const next = await Promise.all([
      createUser(app.db, { paid: "warriorplus" }),
      createUser(app.db, { paid: "stripe-order" }),
      createUser(app.db, { paid: "subscription-active" }),
    ]);
    for (const buyer of next) expect(await hasEarlyBonus(buyer.id)).toBe(true);
    const late = await createUser(app.db, { paid: "stripe-order" });
    expect(await hasEarlyBonus(late.id)).toBe(false);
    await setEarlyBonusBuyers(earlyBonusBuyers);
    expect(await landingText()).not.toMatch(/early-bonus spots|Bonus for the first/);
  });

  it("keeps the spot taken when the refund comes after the guarantee", async () => {
    const { given } = await bonusesGiven();
    await setEarlyBonusBuyers(given + 2);
    const late = await createUser(app.db, { paid: "stripe-order" });
    const early = await createUser(app.db, { paid: "stripe-order" });
    expect(await hasEarlyBonus(late.id)).toBe(true);
    expect(await hasEarlyBonus(early.id)).toBe(true);
    // A subscriber who came when none were left.
    const waiting = await createUser(app.db, { paid: "subscription-active" });
    expect(await hasEarlyBonus(waiting.id)).toBe(false);
    // The purchases were made GUARANTEE_DAYS and a day, and GUARANTEE_DAYS less a day, ago.
    const boughtDaysAgo = (userId: string, days: number) =>
      sql`UPDATE entitlements SET granted_at = now() - make_interval(days => ${days})
          WHERE user_id = ${userId}`.execute(app.db);
    await boughtDaysAgo(late.id, GUARANTEE_DAYS + 1);
    await boughtDaysAgo(early.id, GUARANTEE_DAYS - 1);
    const refund = (userId: string) =>
      sql`
        UPDATE stripe_orders SET status = 'refunded', refunded_at = now()
        WHERE customer_id = (SELECT customer_id FROM stripe_customers WHERE user_id = ${userId})`.execute(app.db);

    // Past the guarantee (a dispute, or a refund given anyway): the bonus ends, the spot stays taken.
    await refund(late.id);
    expect(await hasEarlyBonus(late.id)).toBe(false);
    expect((await bonusesGiven()).given).toBe(given + 2);
    // Within it: the spot opens again, and the landing counts it.
    await refund(early.id);
    expect(await hasEarlyBonus(early.id)).toBe(false);
    expect((await bonusesGiven()).given).toBe(given + 1);
    await landingShows(/1 of \d+ early-bonus spots left/);
    // The reopened spot goes to the next purchase, not to an older buyer's next subscription event.
    await sql`
      UPDATE stripe_subscriptions SET status = 'active'
      WHERE customer_id = (SELECT customer_id FROM stripe_customers WHERE user_id = ${waiting.id})`.execute(app.db);
    expect(await hasEarlyBonus(waiting.id)).toBe(false);
    const next = await createUser(app.db, { paid: "warriorplus" });
    expect(await hasEarlyBonus(next.id)).toBe(true);
    expect((await bonusesGiven()).given).toBe(given + 2);
  });

  it("comes back with a subscription that is active again, and ends with it", async () => {
    await setEarlyBonusBuyers((await bonusesGiven()).given + 1);
    const subscriber = await createUser(app.db, { paid: "subscription-active" });
    expect(await hasEarlyBonus(subscriber.id)).toBe(true);
    const setStatus = (status: string) =>
      sql`
        UPDATE stripe_subscriptions SET status = ${status}
        WHERE customer_id = (SELECT customer_id FROM stripe_customers WHERE user_id = ${subscriber.id})`.execute(
        app.db,
      );
    await setStatus("past_due");
    expect(await hasEarlyBonus(subscriber.id)).toBe(false);
    await setStatus("active");
    expect(await hasEarlyBonus(subscriber.id)).toBe(true);
  });

  it("gives the last spot once when buyers arrive together", async () => {
    const { given } = await bonusesGiven();
    await setEarlyBonusBuyers(given + 1);
    const buyers = await Promise.all(
      Array.from({ length: 6 }, (_, index) => createUser(app.db, { paid: index % 2 ? "warriorplus" : "stripe-order" })),
    );
    const winners = (await Promise.all(buyers.map((buyer) => hasEarlyBonus(buyer.id)))).filter(Boolean);
    expect(winners).toHaveLength(1);
    expect((await bonusesGiven()).given).toBe(given + 1);
  });

  it("opens the 'Early-bird bonus' card and its download to its owners only", async () => {
    await setEarlyBonusBuyers((await bonusesGiven()).given + 1);
    const early = await createUser(app.db, { paid: "stripe-order" });
    const other = await createUser(app.db, { paid: "warriorplus" });
    expect(await hasEarlyBonus(other.id)).toBe(false);

    const owner = await signIn(app.baseUrl, early.email);
    const { document } = await getPage(owner, "/bonuses");
    const card = [...document.querySelectorAll("article")].find((article) =>
      article.textContent?.includes("Early-bird bonus"),
    );
    expect(card?.textContent).toContain("a bonus template plus 3 other bonuses");
    const link = card?.querySelector("a[download]")?.getAttribute("href");
    expect(link).toBe("/bonuses/download/early-bird-bonus.zip");
    const download = await owner.get(link!);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/zip");
    const files = Object.keys(unzipSync(new Uint8Array(await download.arrayBuffer())));
    expect(files).toContain("early-bird-bonus/1-saas-landing-page-template/index.html");
    expect(files.filter((file) => /\/[234]-/.test(file))).toHaveLength(3);

    // A member without the bonus sees no card, and the download does not exist for them.
    const member = await signIn(app.baseUrl, other.email);
    expect(await (await member.get("/bonuses")).text()).not.toContain("Early-bird bonus");
    const refused = await member.get(link!);
    expect(refused.status).toBe(404);
    // A visitor is sent to sign in.
    expect(redirectTarget(await new Browser(app.baseUrl).get(link!))).toMatch(/^\/login/);

    // A refund ends it on the next request.
    await sql`
      UPDATE stripe_orders SET status = 'refunded', refunded_at = now()
      WHERE customer_id = (SELECT customer_id FROM stripe_customers WHERE user_id = ${early.id})`.execute(app.db);
    expect(redirectTarget(await owner.get(link!))).toBe("/payment-options");
  });
});
