import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signIn } from "../support/fixtures";
import { Browser, redirectTarget } from "../support/http";
import { getPage } from "../support/html";
import { until } from "../support/poll";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from "../support/test-app";

/** Issue 25 (decision 051): the catalogue on /admin/products, and an admin's grants and revocations. */
let app: TestApp;
let admin: Browser;

beforeAll(async () => {
  app = await startTestApp({ PAGE_CACHE_SECONDS: "1", STRIPE_PRICE_LIFETIME: "price_seeded_lifetime" });
  admin = await signIn(app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await app?.close();
});

const product = (key: string) =>
  app.db.selectFrom("products").selectAll().where("key", "=", key).executeTakeFirstOrThrow();
const auditOf = (action: string) =>
  app.db.selectFrom("admin_audit_log").selectAll().where("action", "=", action).orderBy("created_at").execute();

const whiteLabelForm = (changes: Record<string, string> = {}) => ({
  key: "white_label",
  name: "12-in-1 White-Label AI SaaS",
  price: "37.00",
  listPrice: "997.00",
  stripePriceId: "",
  marketplaceItems: "",
  ...changes,
});

describe("/admin/products", () => {
  it("shows the seeded catalogue: the spec's prices, STRIPE_PRICE_LIFETIME on the membership", async () => {
    const { response, document } = await getPage(admin, "/admin/products");
    expect(response.status).toBe(200);
    const value = (id: string) => (document.querySelector(`#${id}`) as HTMLInputElement | null)?.value;
    expect(value("membership-price")).toBe("25.00");
    expect(value("membership-listPrice")).toBe("197.00");
    expect(value("membership-stripePriceId")).toBe("price_seeded_lifetime");
    expect(value("vip-price")).toBe("4.95");
    expect(value("white_label-price")).toBe("37.00");
    expect(value("custom_saas-price")).toBe("997.00");
    expect(document.querySelector("#white_label-name")?.previousElementSibling?.textContent).toBe("Name");
  });

  it("is for admins only: visitors and members change nothing", async () => {
    const member = await signIn(app.baseUrl, (await createUser(app.db, { paid: "stripe-order" })).email);
    const visitor = new Browser(app.baseUrl);
    expect(redirectTarget(await visitor.get("/admin/products"))).toMatch(/^\/login/);
    expect(redirectTarget(await member.get("/admin/products"))).toBe("/dashboard");
    for (const browser of [visitor, member]) {
      const response = await browser.post("/admin/products", whiteLabelForm({ price: "1.00" }));
      expect([302, 303]).toContain(response.status);
    }
    expect((await product("white_label")).price_cents).toBe(3700);
  });

  it("names each bad field, and an unknown key or an item of another product changes nothing", async () => {
    const bad = await admin.post(
      "/admin/products",
      whiteLabelForm({
        name: " ",
        price: "abc",
        listPrice: "1.00",
        stripePriceId: "prod_123",
        marketplaceItems: "ok, b@d",
      }),
    );
    expect(bad.status).toBe(400);
    const html = await bad.text();
    for (const message of [
      "Enter a name of 1 to 120 characters.",
      "Enter the price in dollars, like 37 or 4.95.",
      "A Stripe price id starts with price_",
      "&quot;b@d&quot; is not an item number",
    ])
      expect(html).toContain(message);

    const unknown = await admin.post("/admin/products", whiteLabelForm({ key: "platinum" }));
    expect(redirectTarget(unknown)).toBe("/admin/products");
    const page = await getPage(admin, "/admin/products");
    expect(page.document.querySelector('[role="alert"]')?.textContent).toBe("There is no such product.");

    await app.db
      .updateTable("products")
      .set({ marketplace_items: ["wso_taken"] })
      .where("key", "=", "vip")
      .execute();
    const taken = await admin.post("/admin/products", whiteLabelForm({ marketplaceItems: "wso_taken" }));
    expect(taken.status).toBe(400);
    expect(await taken.text()).toContain("Item wso_taken already belongs to VIP Upgrade");
    expect(await product("white_label")).toMatchObject({ price_cents: 3700, marketplace_items: [], edited_at: null });
    expect(await auditOf("edit_product")).toEqual([]);
  });

  it("saves a product with an audit row, and the pages show the new price within the cache lifetime", async () => {
    expect(await (await fetch(`${app.baseUrl}/white-label-upsell`)).text()).toContain("$37");
    const saved = await admin.post(
      "/admin/products",
      whiteLabelForm({
        name: "White-Label Pack",
        price: "$47",
        listPrice: "1,097",
        marketplaceItems: " wso_wl , wso_wl2,wso_wl",
      }),
    );
    expect(redirectTarget(saved)).toBe("/admin/products");
    expect(await product("white_label")).toMatchObject({
      name: "White-Label Pack",
      price_cents: 4700,
      list_price_cents: 109700,
      stripe_price_id: null,
      marketplace_items: ["wso_wl", "wso_wl2"],
    });
    const [row] = await auditOf("edit_product");
    expect(row).toMatchObject({ admin_email: ADMIN_EMAIL, member_id: null });
    expect(row.details).toMatchObject({
      product: "white_label",
      before: { priceCents: 3700 },
      after: { priceCents: 4700 },
    });

    for (const path of ["/white-label-upsell", "/upgrades"]) {
      await until(
        `${path} to show $47`,
        async () => (await fetch(`${app.baseUrl}${path}`)).text(),
        (html) => html.includes("$47") && !html.includes(">$37<"),
        { timeoutMs: 20_000, intervalMs: 250 },
      );
    }
    // A restart keeps what the admin saved: the environment seeds only products never saved.
    await app.rerunStartup();
    expect((await product("white_label")).price_cents).toBe(4700);
  });
});
