import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../../support/fixtures";
import { Browser, redirectTarget } from "../../support/http";
import { startTestApp, type TestApp } from "../../support/test-app";
import { only } from "../../support/present";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const leadsFor = (email: string) =>
  app.db.selectFrom("leads").selectAll().where("email", "=", email.toLowerCase()).execute();

describe("POST /special-access", () => {
  it("stores the lead once, lower-cased, and sends every repeat to the same thank-you page", async () => {
    const email = uniqueEmail("Lead").replace("lead", "LeAd");
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await new Browser(app.baseUrl).post("/special-access", { email: `  ${email} `, name: "Pat" });
      expect(response.status).toBe(303);
      expect(redirectTarget(response)).toBe("/thank-you-access");
    }
    const rows = await leadsFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: email.toLowerCase(), name: "Pat", source: "special-access" });
  });

  it("queues one confirmation email with what to expect and a signup link, and none for a repeat", async () => {
    const email = uniqueEmail("confirm");
    const outbox = () =>
      app.db
        .selectFrom("email_outbox")
        .selectAll()
        .where("to_address", "=", email)
        .where("category", "=", "transactional")
        .execute();
    const training = () =>
      app.db
        .selectFrom("email_outbox")
        .select("id")
        .where("to_address", "=", email)
        .where("category", "=", "sequence")
        .execute();
    expect(
      (await new Browser(app.baseUrl).post("/special-access", { email: email.toUpperCase(), name: "Robin" })).status,
    ).toBe(303);
    const row = only(await outbox(), "outbox mail");
    expect(row.subject).toMatch(/access is confirmed$/);
    expect(row.text_body).toContain("Hi Robin,");
    expect(row.text_body).toContain("What to expect next:\n- A confirmation email with your access details.");
    // The signup link's token is withheld at rest like every emailed token (decision 046).
    expect(row.text_body).toMatch(
      new RegExp(
        `https?://[^\\s]+/signup\\?email=${encodeURIComponent(email).replace(/[.]/g, "\\.")}&token=\\[withheld\\]\\n`,
      ),
    );
    expect((await new Browser(app.baseUrl).post("/special-access", { email })).status).toBe(303);
    expect(await outbox()).toHaveLength(1);
    // The training steps (list.test.ts) are queued once too.
    expect(await training()).toHaveLength(3);
  });

  it("stores no email when the form is refused", async () => {
    const email = uniqueEmail("refused");
    await new Browser(app.baseUrl).post("/special-access", { email, website: "http://spam.example" });
    expect(await app.db.selectFrom("email_outbox").select("id").where("to_address", "=", email).execute()).toEqual([]);
  });

  it("takes an email without a name", async () => {
    const email = uniqueEmail("noname");
    expect((await new Browser(app.baseUrl).post("/special-access", { email })).status).toBe(303);
    expect((await leadsFor(email))[0]?.name).toBe("");
  });

  it("refuses a bad email with a clear message and stores nothing", async () => {
    const response = await new Browser(app.baseUrl).post("/special-access", { email: "not-an-email" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Enter a valid email address");
    // The refused form shows what this visitor typed, so no cache may share it.
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await leadsFor("not-an-email")).toHaveLength(0);
  });

  it("refuses a filled honeypot and stores nothing", async () => {
    const email = uniqueEmail("bot");
    const response = await new Browser(app.baseUrl).post("/special-access", { email, website: "http://spam.example" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Your submission could not be processed.");
    expect(await leadsFor(email)).toHaveLength(0);
  });

  it("refuses a cross-origin post", async () => {
    const email = uniqueEmail("csrf");
    const response = await new Browser(app.baseUrl).post(
      "/special-access",
      { email },
      { headers: { Origin: "https://evil.example" } },
    );
    expect(response.status).toBe(403);
    expect(await leadsFor(email)).toHaveLength(0);
  });

  it("limits signups per address: the 11th within an hour is refused and not stored", async () => {
    const visitor = new Browser(app.baseUrl, "198.51.100.7");
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await visitor.post("/special-access", { email: uniqueEmail("burst") });
      expect(response.status, `attempt ${attempt + 1}`).toBe(303);
    }
    const email = uniqueEmail("burst");
    const refused = await visitor.post("/special-access", { email });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await refused.text()).toContain("Too many attempts. Please try again in");
    expect(await leadsFor(email)).toHaveLength(0);
    // Another address is not held back by this one's limit.
    expect((await new Browser(app.baseUrl, "198.51.100.8").post("/special-access", { email })).status).toBe(303);
  });
});

describe("the lead pages", () => {
  it("render their texts on the server", async () => {
    const browser = new Browser(app.baseUrl);
    const form = await (await browser.get("/special-access")).text();
    for (const text of [
      "Special Access",
      "Enter your best email below to get immediate access",
      "What You&#x27;ll Get",
    ]) {
      expect(form).toContain(text);
    }
    const thanks = await (await browser.get("/thank-you-access")).text();
    for (const text of [
      "Thank You",
      "Your Access is Ready",
      'href="/login?special_access=true"',
      'target="_blank"',
      "What to expect next",
    ]) {
      expect(thanks).toContain(text);
    }
  });
});
