import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PRODUCT_DEFAULTS } from "~/features/catalogue/catalogue";
import { createUser, signIn } from "../../support/fixtures";
import { Browser, redirectTarget } from "../../support/http";
import { getPage } from "../../support/html";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from "../../support/test-app";
import { at } from "../../support/present";

/** Issue 25 (decision 051): the catalogue on /admin/products, and an admin's grants and revocations. */
let app: TestApp;
let admin: Browser;

beforeAll(async () => {
  app = await startTestApp({ PAGE_CACHE_SECONDS: "1", STRIPE_PRICE_LIFETIME: "price_seeded_lifetime" });
  // These tests list a buyer's products exactly: no early bonus here (tests/integration/launch/early-bonus.test.ts).
  await app.db.updateTable("launch_settings").set({ early_bonus_buyers: 0 }).execute();
  admin = await signIn(app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await app?.close();
});

const product = (key: string) =>
  app.db.selectFrom("products").selectAll().where("key", "=", key).executeTakeFirstOrThrow();
const auditOf = (action: string) =>
  app.db.selectFrom("admin_audit_log").selectAll().where("action", "=", action).orderBy("created_at").execute();

/** The catalogue's defaults (what a fresh install is seeded with), as the admin form shows dollars. */
const { membership: MEMBERSHIP, vip: VIP, white_label: WHITE_LABEL, custom_saas: CUSTOM_SAAS } = PRODUCT_DEFAULTS;
const dollars = (cents: number) => (cents / 100).toFixed(2);

const whiteLabelForm = (changes: Record<string, string> = {}) => ({
  key: "white_label",
  name: WHITE_LABEL.name,
  launchPrice: dollars(WHITE_LABEL.launchPriceCents),
  regularPrice: dollars(WHITE_LABEL.regularPriceCents),
  marketplacePrice: "",
  launchStripePriceId: "",
  regularStripePriceId: "",
  marketplaceItems: "",
  ...changes,
});

describe("/admin/products", () => {
  it("shows the seeded catalogue: the spec's prices, STRIPE_PRICE_LIFETIME on the membership", async () => {
    const { response, document } = await getPage(admin, "/admin/products");
    expect(response.status).toBe(200);
    const value = (id: string) => (document.querySelector(`#${id}`) as HTMLInputElement | null)?.value;
    expect(value("membership-launchPrice")).toBe(dollars(MEMBERSHIP.launchPriceCents));
    expect(value("membership-regularPrice")).toBe(dollars(MEMBERSHIP.regularPriceCents));
    expect(value("membership-marketplacePrice")).toBe(dollars(MEMBERSHIP.marketplacePriceCents!));
    expect(value("membership-launchStripePriceId")).toBe("price_seeded_lifetime");
    expect(value("membership-regularStripePriceId")).toBe("");
    expect(value("vip-launchPrice")).toBe(dollars(VIP.launchPriceCents));
    expect(value("white_label-launchPrice")).toBe(dollars(WHITE_LABEL.launchPriceCents));
    expect(value("custom_saas-launchPrice")).toBe(dollars(CUSTOM_SAAS.launchPriceCents));
    expect(document.querySelector("#white_label-name")?.previousElementSibling?.textContent).toBe("Name");
  });

  it("is for admins only: visitors and members change nothing", async () => {
    const member = await signIn(app.baseUrl, (await createUser(app.db, { paid: "stripe-order" })).email);
    const visitor = new Browser(app.baseUrl);
    expect(redirectTarget(await visitor.get("/admin/products"))).toMatch(/^\/login/);
    expect(redirectTarget(await member.get("/admin/products"))).toBe("/dashboard");
    for (const browser of [visitor, member]) {
      const response = await browser.post("/admin/products", whiteLabelForm({ launchPrice: "1.00" }));
      expect([302, 303]).toContain(response.status);
    }
    expect((await product("white_label")).launch_price_cents).toBe(WHITE_LABEL.launchPriceCents);
  });

  it("names each bad field, and an unknown key or an item of another product changes nothing", async () => {
    const bad = await admin.post(
      "/admin/products",
      whiteLabelForm({
        name: " ",
        launchPrice: "abc",
        regularPrice: "1.00",
        launchStripePriceId: "prod_123",
        marketplaceItems: "ok, b@d",
      }),
    );
    expect(bad.status).toBe(400);
    const html = await bad.text();
    for (const message of [
      "Enter a name of 1 to 120 characters.",
      "Enter the launch price in dollars, like 37 or 4.95.",
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
    expect(await taken.text()).toContain(`Item wso_taken already belongs to ${VIP.name}`);
    expect(await product("white_label")).toMatchObject({
      launch_price_cents: WHITE_LABEL.launchPriceCents,
      marketplace_items: [],
      edited_at: null,
    });
    expect(await auditOf("edit_product")).toEqual([]);
  });

  it("saves a product with an audit row, and the pages show the new price within the cache lifetime", async () => {
    expect(await (await fetch(`${app.baseUrl}/white-label-upsell`)).text()).toContain(
      `$${WHITE_LABEL.launchPriceCents / 100}`,
    );
    const saved = await admin.post(
      "/admin/products",
      whiteLabelForm({
        name: "White-Label Pack",
        launchPrice: "$47",
        regularPrice: "1,097",
        marketplaceItems: " wso_wl , wso_wl2,wso_wl",
      }),
    );
    expect(redirectTarget(saved)).toBe("/admin/products");
    expect(await product("white_label")).toMatchObject({
      name: "White-Label Pack",
      launch_price_cents: 4700,
      regular_price_cents: 109700,
      launch_stripe_price_id: null,
      regular_stripe_price_id: null,
      marketplace_items: ["wso_wl", "wso_wl2"],
    });
    const row = at(await auditOf("edit_product"), 0, "edit_product audit");
    expect(row).toMatchObject({ admin_email: ADMIN_EMAIL, member_id: null });
    expect(row.details).toMatchObject({
      product: "white_label",
      before: { launchPriceCents: WHITE_LABEL.launchPriceCents },
      after: { launchPriceCents: 4700 },
    });

    for (const path of ["/white-label-upsell", "/upgrades"]) {
      await vi.waitFor(
        async () => {
          const html = await (await fetch(`${app.baseUrl}${path}`)).text();
          expect(html, path).toContain("$47");
          expect(html, path).not.toContain(`>$${WHITE_LABEL.launchPriceCents / 100}<`);
        },
        { timeout: 20_000, interval: 250 },
      );
    }
    // A restart keeps what the admin saved: the environment seeds only products never saved.
    await app.rerunStartup();
    expect((await product("white_label")).launch_price_cents).toBe(4700);
  });
});

describe("an admin's grants and revocations per product", () => {
  it("grants and revokes one product with a reason and an audit row each, leaving the others", async () => {
    const member = await createUser(app.db, { paid: "warriorplus" });
    const page = `/admin/members/${member.id}`;

    const noReason = await admin.post(page, { intent: "grant-product", product: "vip", reason: " ", expiresOn: "" });
    expect(noReason.status).toBe(400);
    expect(await noReason.text()).toContain("Please give a reason.");
    const tampered = await admin.post(page, {
      intent: "grant-product",
      product: "platinum",
      reason: "x",
      expiresOn: "",
    });
    expect(redirectTarget(tampered)).toBe(page);
    expect((await getPage(admin, page)).document.querySelector('[role="alert"]')?.textContent).toBe(
      "There is no such product: nothing was changed.",
    );

    const nextYear = `${new Date().getUTCFullYear() + 1}-07-01`;
    const granted = await admin.post(page, {
      intent: "grant-product",
      product: "vip",
      reason: "podcast guest",
      expiresOn: nextYear,
    });
    expect(redirectTarget(granted)).toBe(page);
    const { document } = await getPage(admin, page);
    expect(document.querySelector('[role="status"]')?.textContent).toBe(`${VIP.name} granted through ${nextYear}.`);
    const rows = [...document.querySelectorAll('[aria-label="Entitlements"] tbody tr')].map((row) =>
      [...row.querySelectorAll("td")].map((cell) => cell.textContent!.trim()),
    );
    expect(rows.map((row) => [row[0], row[1], row[3]])).toEqual(
      expect.arrayContaining([
        [VIP.name, "Complimentary grant", "Active"],
        [MEMBERSHIP.name, "Marketplace order", "Active"],
      ]),
    );

    const noRevokeReason = await admin.post(page, { intent: "revoke-product", product: "vip", reason: "" });
    expect(noRevokeReason.status).toBe(400);
    const revoked = await admin.post(page, { intent: "revoke-product", product: "vip", reason: "asked to" });
    expect(redirectTarget(revoked)).toBe(page);
    const active = await app.db
      .selectFrom("entitlements")
      .select(["product_key", "revoked_at", "revoke_reason"])
      .where("user_id", "=", member.id)
      .orderBy("product_key")
      .execute();
    expect(active.map((row) => [row.product_key, row.revoked_at === null, row.revoke_reason])).toEqual([
      ["membership", true, null],
      ["vip", false, "asked to"],
    ]);
    const again = await admin.post(page, { intent: "revoke-product", product: "vip", reason: "again" });
    expect(redirectTarget(again)).toBe(page);
    expect((await getPage(admin, page)).document.querySelector('[role="alert"]')?.textContent).toBe(
      `This member does not own ${VIP.name}: nothing was revoked.`,
    );
    const audit = await app.db
      .selectFrom("admin_audit_log")
      .select(["action", "details"])
      .where("member_id", "=", member.id)
      .orderBy("created_at")
      .execute();
    expect(audit.map((row) => row.action)).toEqual(["grant_product", "revoke_product"]);
    expect(audit[1]?.details).toMatchObject({ product: "vip", reason: "asked to" });

    // Members may not do this to themselves.
    const self = await signIn(app.baseUrl, member.email);
    const refused = await self.post(page, { intent: "grant-product", product: "vip", reason: "me", expiresOn: "" });
    expect(redirectTarget(refused)).toBe("/dashboard");
    expect(
      await app.db.selectFrom("access_grants").select("id").where("user_id", "=", member.id).execute(),
    ).toHaveLength(1);
  });

  it("filters members by product, and reports revenue per product with each upgrade's take rate", async () => {
    const tag = `take${Date.now()}`;
    const buyers = [];
    for (let i = 0; i < 4; i++) buyers.push(await createUser(app.db, { email: `${tag}-${i}@test.example` }));
    let sale = 0;
    const order = (userId: string, product: string, cents: number) =>
      app.db
        .insertInto("warriorplus_orders")
        .values({
          user_id: userId,
          sale_id: `${tag}-${(sale += 1)}`,
          buyer_email: "x@test.example",
          product_key: product,
          amount_cents: cents,
          currency: "usd",
        })
        .execute();
    for (const buyer of buyers) await order(buyer.id, "membership", 1700);
    await order(at(buyers, 0, "buyer").id, "white_label", WHITE_LABEL.launchPriceCents);

    const listed = async (query: string) => {
      const { document } = await getPage(admin, `/admin/members${query}`);
      return [...document.querySelectorAll("tbody tr td:first-child")].map((cell) => cell.textContent!.trim());
    };
    expect(await listed(`?q=${tag}&product=white_label`)).toEqual([at(buyers, 0, "buyer").email]);
    expect((await listed(`?q=${tag}`)).length).toBe(4);
    expect((await listed(`?q=${tag}&product=bogus`)).length).toBe(4);

    const { document } = await getPage(admin, "/admin/sales");
    const table = document.querySelector('[aria-label="Revenue per product"]');
    const rows = Object.fromEntries(
      [...(table?.querySelectorAll("tbody tr") ?? [])].map((row) => {
        const cells = [...row.querySelectorAll("td")].map((cell) => cell.textContent!.trim());
        return [cells[0], cells.slice(1)];
      }),
    );
    const frontEnd = Number(/\((\d+) front-end buyers\)/.exec(table?.textContent ?? "")?.[1]);
    expect(frontEnd).toBeGreaterThanOrEqual(4);
    expect(rows[WHITE_LABEL.name]?.[3] ?? rows["White-Label Pack"]?.[3]).toBe(
      `${Math.round((1 / frontEnd) * 1000) / 10}%`,
    );
    expect(rows[MEMBERSHIP.name]?.[3]).toBe("—");
  });
});

describe("custom SaaS applications", () => {
  it("lets an owner apply, mails the support address, and the admin works it through, audited", async () => {
    const stranger = await signIn(app.baseUrl, (await createUser(app.db, { paid: "stripe-order" })).email);
    expect(redirectTarget(await stranger.get("/custom-saas/apply"))).toBe("/custom-saas-upsell");
    expect(redirectTarget(await stranger.post("/custom-saas/apply", { projectName: "x" }))).toBe("/custom-saas-upsell");

    const owner = await createUser(app.db, { paid: "stripe-order" });
    await app.db
      .insertInto("access_grants")
      .values({ user_id: owner.id, reason: "bought", product_key: "custom_saas" })
      .execute();
    const browser = await signIn(app.baseUrl, owner.email);
    const form = await getPage(browser, "/custom-saas/apply");
    expect(form.response.status).toBe(200);
    for (const label of ["Project name", "Describe your app", "Your availability"])
      expect(form.document.body.textContent).toContain(label);
    expect(form.document.querySelector("main form button[type=submit]")?.textContent).toBe("Send application");

    const bad = await browser.post("/custom-saas/apply", {
      projectName: "",
      description: "",
      availability: "",
      hosting: "moon",
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Choose a hosting preference.");

    const sent = await browser.post("/custom-saas/apply", {
      projectName: "Invoice Bot",
      description: "Reads invoices and books them.",
      availability: "Weekday mornings",
      hosting: "recommend",
    });
    expect(redirectTarget(sent)).toBe("/custom-saas/apply");
    const after = await getPage(browser, "/custom-saas/apply");
    expect(after.document.querySelector('[role="status"]')?.textContent).toBe(
      "Application received. We reply within 24 hours.",
    );
    const mail = await app.db
      .selectFrom("email_outbox")
      .select(["to_address", "text_body"])
      .where("subject", "=", `New Custom SaaS application from ${owner.email}`)
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain("Invoice Bot");

    const application = await app.db
      .selectFrom("custom_saas_applications")
      .select(["id", "status"])
      .where("user_id", "=", owner.id)
      .executeTakeFirstOrThrow();
    expect(application.status).toBe("new");
    const listed = await getPage(admin, "/admin/custom-saas");
    expect(listed.document.querySelector('[aria-label="Applications"]')?.textContent).toContain("Invoice Bot");

    expect(redirectTarget(await browser.post("/admin/custom-saas", { id: application.id, status: "delivered" }))).toBe(
      "/dashboard",
    );
    const tampered = await admin.post("/admin/custom-saas", { id: application.id, status: "shipped" });
    expect(redirectTarget(tampered)).toBe("/admin/custom-saas");
    const moved = await admin.post("/admin/custom-saas", { id: application.id, status: "in_progress" });
    expect(redirectTarget(moved)).toBe("/admin/custom-saas");
    const row = await app.db
      .selectFrom("custom_saas_applications")
      .select("status")
      .where("id", "=", application.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("in_progress");
    const audit = await app.db
      .selectFrom("admin_audit_log")
      .select(["action", "details"])
      .where("member_id", "=", owner.id)
      .execute();
    expect(audit).toEqual([
      { action: "custom_saas_status", details: { applicationId: application.id, before: "new", after: "in_progress" } },
    ]);
  });
});
