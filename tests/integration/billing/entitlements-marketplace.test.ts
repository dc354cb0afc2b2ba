import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { uniqueEmail } from "../../support/fixtures";
import { PRODUCT_DEFAULTS } from "~/features/catalogue/catalogue";
import {
  MARKETPLACE_LINKS,
  marketplaceRefund,
  marketplaceSale,
  postMarketplaceIpn,
  type MarketplaceIpn,
} from "../../support/marketplace-sale";
import { SmtpSink } from "../../support/smtp-sink";
import { startTestApp, type TestApp } from "../../support/test-app";
import { only } from "../../support/present";

/**
 * Issue 25 (decision 051): each marketplace item grants the product it is mapped to, exactly one
 * entitlement per sale, revoked by that sale's refund only; upsells that arrive first wait for
 * the account; a funnel's buyer gets one login email and at most one "added to your account" note.
 */
const SECURITY_KEY = "wp-security-key-for-entitlements";
const ITEMS = { membership: "wso_fe", vip: "wso_bump", white_label: "wso_oto1", custom_saas: "wso_oto2" } as const;
type Item = keyof typeof ITEMS;

/** Where the team hears of a custom SaaS sale. */
const SUPPORT = "team@support.test.example";

let smtp: SmtpSink;
let app: TestApp;

beforeAll(async () => {
  smtp = await SmtpSink.start();
  app = await startTestApp({
    WARRIORPLUS_SECURITY_KEY: SECURITY_KEY,
    WARRIORPLUS_MEMBERSHIP_ITEMS: ITEMS.membership,
    SMTP_URL: smtp.url,
    MAIL_FROM: "AI Profit Labs <hello@test.example>",
    PUBLIC_URL: "http://site.test.example",
    ...MARKETPLACE_LINKS,
    SUPPORT_EMAIL: SUPPORT,
  });
  // These tests list a buyer's products exactly: no early bonus here (tests/integration/launch/early-bonus.test.ts).
  await app.db.updateTable("launch_settings").set({ early_bonus_buyers: 0 }).execute();
  // The upgrades' item numbers, as an admin maps them on /admin/products (tested there).
  for (const key of ["vip", "white_label", "custom_saas"] as const) {
    await app.db
      .updateTable("products")
      .set({ marketplace_items: [ITEMS[key]] })
      .where("key", "=", key)
      .execute();
  }
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const PRICES: Record<Item, string> = { membership: "17.00", vip: "4.95", white_label: "37.00", custom_saas: "997.00" };
const NAMES: Record<Item, string> = {
  membership: "AI Profit Labs",
  vip: "VIP Upgrade",
  white_label: "12-in-1 White-Label",
  custom_saas: "SaaS Partner",
};

function ipn(item: Item | "unknown", email: string, fields: Record<string, string> = {}): MarketplaceIpn {
  const known = item !== "unknown";
  return marketplaceSale(
    { securityKey: SECURITY_KEY, item: known ? ITEMS[item] : "wso_nobody_sells_this", email },
    {
      WP_ITEM_NAME: known ? NAMES[item] : "Mystery",
      WP_BUYER_NAME: "Funnel Buyer",
      WP_SALE_AMOUNT: known ? PRICES[item] : "1.00",
      ...fields,
    },
  );
}

async function post(form: Record<string, string>) {
  expect((await postMarketplaceIpn(app.baseUrl, form)).status).toBe(200);
}

const refund = (sale: MarketplaceIpn) => post(marketplaceRefund(sale));

async function userId(email: string) {
  const row = await app.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
  return row?.id ?? null;
}

/** The user's entitlements: product -> active, one entry per sale. */
async function entitlements(email: string) {
  return app.db
    .selectFrom("entitlements as e")
    .innerJoin("users as u", "u.id", "e.user_id")
    .select(["e.product_key", "e.source_kind", "e.source_ref", sql<boolean>`e.revoked_at IS NULL`.as("active")])
    .where("u.email", "=", email)
    .orderBy("e.product_key")
    .execute();
}

async function paid(email: string) {
  const { rows } = await sql<{ paid: boolean }>`
    SELECT has_paid_access(id) AS paid FROM users WHERE email = ${email}`.execute(app.db);
  return rows[0]?.paid ?? false;
}

describe("marketplace sales grant the product of their item", () => {
  it("grants each of the four products once, and a refund revokes only the one it paid for", async () => {
    const email = uniqueEmail("four");
    const sales = Object.fromEntries((Object.keys(ITEMS) as Item[]).map((item) => [item, ipn(item, email)])) as Record<
      Item,
      ReturnType<typeof ipn>
    >;
    for (const item of Object.keys(ITEMS) as Item[]) await post(sales[item]);
    // A repeat of the same IPN grants nothing more.
    await post(sales.vip);

    const orderIds = await app.db
      .selectFrom("warriorplus_orders")
      .select(["id", "product_key"])
      .where("buyer_email", "=", email)
      .execute();
    expect(Object.fromEntries(orderIds.map((o) => [o.product_key, o.id]))).toEqual(
      Object.fromEntries(
        (Object.keys(ITEMS) as Item[]).map((item) => [item, orderIds.find((o) => o.product_key === item)!.id]),
      ),
    );
    expect(await entitlements(email)).toEqual(
      ["custom_saas", "membership", "vip", "white_label"].map((product) => ({
        product_key: product,
        source_kind: "marketplace_order",
        source_ref: orderIds.find((o) => o.product_key === product)!.id,
        active: true,
      })),
    );
    expect(await paid(email)).toBe(true);

    await refund(sales.white_label);
    const after = Object.fromEntries((await entitlements(email)).map((e) => [e.product_key, e.active]));
    expect(after).toEqual({ custom_saas: true, membership: true, vip: true, white_label: false });
    expect(await paid(email)).toBe(true);

    await refund(sales.vip);
    await refund(sales.custom_saas);
    await refund(sales.membership);
    expect((await entitlements(email)).every((e) => !e.active)).toBe(true);
    expect(await paid(email)).toBe(false);
    // Each refund notice names its product (the catalogue's name) and says what ends: the training
    // only with the membership; an upgrade ends alone while the membership stays (issue 40).
    const notices = await vi.waitFor(
      () => {
        const found = smtp.messages.filter((m) => m.to.includes(email) && /refund/i.test(m.subject));
        expect(found, "four refund notices").toHaveLength(4);
        return found;
      },
      { timeout: 15_000 },
    );
    const noticeOf = (item: Item) => {
      const orderId = orderIds.find((o) => o.product_key === item)!.id;
      return notices.find((m) => m.text.includes(`(order ${orderId})`))!.text;
    };
    for (const item of ["vip", "white_label", "custom_saas"] as const) {
      const name = PRODUCT_DEFAULTS[item].name;
      expect(noticeOf(item)).toContain(`for ${name} (order`);
      expect(noticeOf(item)).toContain(`Your ${name} has ended; your membership and everything else stay.`);
      expect(noticeOf(item)).not.toContain("training");
    }
    expect(noticeOf("vip")).toContain("Your VIP Upgrade has ended; your membership and everything else stay.");
    expect(noticeOf("membership")).toContain(
      `Your ${PRODUCT_DEFAULTS.membership.name} has ended, and with it your access to the training.`,
    );
  });

  it("keeps an upsell that arrives before the front end against the email, and attaches it with the account", async () => {
    const email = uniqueEmail("early");
    const bump = ipn("vip", email);
    await post(bump);
    expect(await userId(email)).toBeNull();
    expect(
      await app.db
        .selectFrom("warriorplus_orders")
        .select(["user_id", "product_key"])
        .where("sale_id", "=", bump.WP_SALE)
        .executeTakeFirst(),
    ).toEqual({ user_id: null, product_key: "vip" });

    await post(ipn("membership", email));
    expect((await entitlements(email)).map((e) => [e.product_key, e.active])).toEqual([
      ["membership", true],
      ["vip", true],
    ]);
    const mail = await smtp.waitFor(email, 15_000, "login details");
    expect(mail.text).toContain(`Also added to your account:\n- ${PRODUCT_DEFAULTS.vip.name}`);
    expect(mail.text).toContain("Product: AI Profit Labs");
  });

  it("sends a three-item funnel one login email and one note naming both upgrades, counted at the SMTP sink", async () => {
    const email = uniqueEmail("funnel");
    await post(ipn("membership", email));
    await post(ipn("vip", email));
    await post(ipn("white_label", email));
    await smtp.waitFor(email, 15_000, "login details");

    // The note waits for the funnel's other upgrades; here the wait is cut short.
    const waiting = await app.db
      .selectFrom("email_outbox")
      .select(["id", "text_body"])
      .where("to_address", "=", email)
      .where("sent_at", "is", null)
      .where("subject", "not like", "%login details%")
      .execute();
    expect(waiting).toHaveLength(1);
    await app.db
      .updateTable("email_outbox")
      .set({ next_attempt_at: sql`now()` })
      .where("id", "=", only(waiting, "waiting mail").id)
      .execute();
    const note = await smtp.waitFor(email, 30_000, "Added to your AI Profit Labs account");
    // The note names the products as the catalogue does, at the prices the marketplace charged.
    expect(note.text).toContain(`- ${PRODUCT_DEFAULTS.vip.name}: $${PRICES.vip}`);
    expect(note.text).toContain(`- ${PRODUCT_DEFAULTS.white_label.name}: $${PRICES.white_label}`);

    const unsent = () =>
      app.db
        .selectFrom("email_outbox")
        .select("id")
        .where("to_address", "=", email)
        .where("sent_at", "is", null)
        .execute();
    await vi.waitFor(async () => expect(await unsent(), "the buyer's unsent mail").toEqual([]), { timeout: 15_000 });
    const received = smtp.messages.filter((m) => m.to.includes(email)).map((m) => m.subject);
    expect(received).toEqual(["Your AI Profit Labs login details", "Added to your AI Profit Labs account"]);
  });

  it("records a sale of an item no product lists, and grants nothing", async () => {
    const email = uniqueEmail("unknown");
    await post(ipn("membership", email));
    const mystery = ipn("unknown", email);
    await post(mystery);
    expect(
      await app.db
        .selectFrom("warriorplus_orders")
        .select("product_key")
        .where("sale_id", "=", mystery.WP_SALE)
        .executeTakeFirst(),
    ).toEqual({ product_key: null });
    expect((await entitlements(email)).map((e) => e.product_key)).toEqual(["membership"]);
  });
});

describe("a custom SaaS sale tells the support address at once", () => {
  const noticesAbout = async (email: string) =>
    app.db
      .selectFrom("email_outbox")
      .select(["to_address", "subject"])
      .where("to_address", "=", SUPPORT)
      .where("subject", "like", `%${email}%`)
      .execute();

  it("mails SUPPORT_EMAIL through the outbox with the buyer, the amount and where the application arrives, once per sale", async () => {
    // A buyer with no account yet: the sale is held for the address, and the team still hears of it.
    const email = uniqueEmail("coaching");
    const sale = ipn("custom_saas", email, { WP_BUYER_NAME: "Casey Client" });
    await post(sale);
    const notice = await smtp.waitFor(SUPPORT, 15_000, `New custom SaaS sale: ${email}`);
    expect(notice.text).toContain(`Casey Client <${email}> has just bought`);
    expect(notice.text).toContain("$997.00 USD through WarriorPlus");
    expect(notice.text).toContain(`(order ${sale.WP_SALE})`);
    expect(notice.text).toContain("Applications: http://site.test.example/admin/custom-saas");
    // A repeated IPN is the same sale: no second note.
    await post(sale);
    expect(await noticesAbout(email)).toHaveLength(1);
  });

  it("says nothing of the other products' sales", async () => {
    const email = uniqueEmail("not-coaching");
    for (const item of ["membership", "vip", "white_label"] as const) await post(ipn(item, email));
    await smtp.waitFor(email, 15_000, "login details");
    expect(await noticesAbout(email)).toEqual([]);
  });
});
