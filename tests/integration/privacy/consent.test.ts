import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSENT_BANNER_VERSION } from "~/features/privacy/consent-rules";
import { createUser, signIn } from "../../support/fixtures";
import { Browser, redirectTarget } from "../../support/http";
import { startTestApp, type TestApp } from "../../support/test-app";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const proofCount = async () =>
  Number(
    (
      await app.db
        .selectFrom("cookie_consents")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

const setCookies = (response: Response) => response.headers.getSetCookie();

describe("POST /consent without JavaScript", () => {
  it("records each choice in a 2-year cookie with a proof row, and returns to the page", async () => {
    for (const choice of ["all", "essential", "none"] as const) {
      const before = await proofCount();
      const browser = new Browser(app.baseUrl);
      const response = await browser.post("/consent", { choice, returnTo: "/jv-doc?x=1" });
      expect(response.status).toBe(303);
      expect(redirectTarget(response)).toBe("/jv-doc?x=1");
      const cookie = setCookies(response).find((line) => line.startsWith("cookie-consent="));
      expect(cookie).toContain(`cookie-consent=${choice};`);
      expect(cookie).toContain("Max-Age=63072000");
      expect(cookie).toContain("Path=/");
      expect(browser.cookie("cookie-consent")).toBe(choice);
      expect(await proofCount()).toBe(before + 1);
    }
    const latest = await app.db
      .selectFrom("cookie_consents")
      .selectAll()
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    expect(latest).toMatchObject({ choice: "none", banner_version: CONSENT_BANNER_VERSION });
    expect(latest.client_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(latest.client_hash).not.toContain("127.0.0.1");
  });

  it("expires _ga, _gid and _gat on Decline, and only then", async () => {
    const browser = new Browser(app.baseUrl);
    for (const name of ["_ga", "_gid", "_gat"]) browser.setCookie(name, "GA1.1.123");
    const declined = await browser.post("/consent", { choice: "none", returnTo: "/" });
    for (const name of ["_ga", "_gid", "_gat"]) {
      const line = setCookies(declined).find((entry) => entry.startsWith(`${name}=`));
      expect(line, name).toMatch(/Max-Age=0/);
      expect(browser.cookie(name)).toBeUndefined();
    }
    const accepted = await new Browser(app.baseUrl).post("/consent", { choice: "all", returnTo: "/" });
    expect(setCookies(accepted).some((line) => line.startsWith("_ga"))).toBe(false);
  });

  it("never redirects off the site", async () => {
    for (const returnTo of ["//evil.example/x", "https://evil.example/", "/\\evil.example", ""]) {
      const response = await new Browser(app.baseUrl).post("/consent", { choice: "essential", returnTo });
      expect(redirectTarget(response), returnTo).toBe("/");
    }
  });

  it("refuses an unknown choice with a clear message and stores nothing", async () => {
    const before = await proofCount();
    const browser = new Browser(app.baseUrl);
    const forms: Array<Record<string, string>> = [{ choice: "everything", returnTo: "/" }, { returnTo: "/" }];
    for (const form of forms) {
      const response = await browser.post("/consent", form);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("Choose Decline, Essential Only or Accept All.");
      expect(setCookies(response).some((line) => line.startsWith("cookie-consent="))).toBe(false);
    }
    expect(browser.cookie("cookie-consent")).toBeUndefined();
    expect(await proofCount()).toBe(before);
  });

  it("refuses a cross-origin post and stores nothing", async () => {
    const before = await proofCount();
    const response = await new Browser(app.baseUrl).post(
      "/consent",
      { choice: "all", returnTo: "/" },
      { headers: { Origin: "https://evil.example" } },
    );
    expect(response.status).toBe(403);
    expect(setCookies(response)).toEqual([]);
    expect(await proofCount()).toBe(before);
  });
});

describe("when the proof cannot be stored", () => {
  it("still honours the choice (the failure is only logged)", async () => {
    await sql`ALTER TABLE cookie_consents RENAME TO cookie_consents_away`.execute(app.db);
    try {
      const browser = new Browser(app.baseUrl);
      browser.setCookie("_ga", "GA1.1.9");
      const response = await browser.post("/consent", { choice: "none", returnTo: "/jv-doc" });
      expect(response.status).toBe(303);
      expect(redirectTarget(response)).toBe("/jv-doc");
      expect(browser.cookie("cookie-consent")).toBe("none");
      expect(browser.cookie("_ga")).toBeUndefined();
    } finally {
      await sql`ALTER TABLE cookie_consents_away RENAME TO cookie_consents`.execute(app.db);
    }
  });
});

describe("a flood of choices from one address", () => {
  it("stops adding proof rows after 30 an hour, and still honours each choice", async () => {
    const flooder = new Browser(app.baseUrl, "198.51.100.77");
    const before = await proofCount();
    for (let i = 0; i < 30; i++) await flooder.post("/consent", { choice: i % 2 ? "all" : "none", returnTo: "/" });
    expect(await proofCount()).toBe(before + 30);
    const extra = await flooder.post("/consent", { choice: "essential", returnTo: "/" });
    expect(extra.status).toBe(303);
    expect(flooder.cookie("cookie-consent")).toBe("essential");
    expect(await proofCount()).toBe(before + 30);
    // Someone else is unaffected.
    await new Browser(app.baseUrl, "198.51.100.78").post("/consent", { choice: "all", returnTo: "/" });
    expect(await proofCount()).toBe(before + 31);
  });
});

describe("POST /consent from the banner's fetcher", () => {
  it("answers with data instead of a redirect, and still sets the cookie", async () => {
    const browser = new Browser(app.baseUrl);
    const response = await browser.post("/consent.data", { choice: "all", returnTo: "/", respond: "data" });
    expect(response.status).toBe(200);
    expect(redirectTarget(response)).toBeNull();
    expect(browser.cookie("cookie-consent")).toBe("all");
  });
});

describe("the banner and the settings page", () => {
  it("shows on every page until a choice is made, then stays away", async () => {
    const browser = new Browser(app.baseUrl);
    for (const page of ["/", "/privacy-policy", "/jv-affiliate", "/login"]) {
      expect(await (await browser.get(page)).text(), page).toContain("Cookie Consent");
    }
    await browser.post("/consent", { choice: "essential", returnTo: "/" });
    for (const page of ["/", "/privacy-policy", "/jv-affiliate", "/login"]) {
      expect(await (await browser.get(page)).text(), page).not.toContain("Cookie Consent");
    }
  });

  it("re-opens the choice at /consent, which returns to the page it was opened from", async () => {
    const browser = new Browser(app.baseUrl);
    browser.setCookie("cookie-consent", "none");
    const page = await browser.get("/consent?from=%2Fterms-of-service");
    const html = await page.text();
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect(html).toContain("Your current choice: Decline.");
    expect(html).toContain('name="returnTo" value="/terms-of-service"');
    const saved = await browser.post("/consent", { choice: "all", returnTo: "/terms-of-service" });
    expect(redirectTarget(saved)).toBe("/terms-of-service");
  });

  it("links 'Cookie settings' from the footer back to the current page", async () => {
    const html = await (await new Browser(app.baseUrl).get("/jv-doc")).text();
    expect(html).toContain('href="/consent?from=%2Fjv-doc"');
  });
});

describe("logout", () => {
  it("keeps the consent choice (docs/decisions/011-logout-keeps-the-consent-choice.md)", async () => {
    const user = await createUser(app.db);
    const browser = await signIn(app.baseUrl, user.email);
    await browser.post("/consent", { choice: "none", returnTo: "/" });
    const response = await browser.post("/logout", {});
    expect(response.status).toBe(303);
    expect(setCookies(response).some((line) => line.startsWith("cookie-consent="))).toBe(false);
    expect(browser.cookie("cookie-consent")).toBe("none");
    expect(await (await browser.get("/")).text()).not.toContain("Cookie Consent");
  });
});

describe("caching of public pages", () => {
  const PAGES = [
    "/privacy-policy",
    "/terms-of-service",
    "/jv-affiliate",
    "/jv-doc",
    "/demo-swipes",
    "/special-access",
    "/thank-you-access",
  ];

  it("lets a shared cache keep an anonymous copy, varied by cookie", async () => {
    for (const page of PAGES) {
      const response = await new Browser(app.baseUrl).get(page);
      expect(response.status, page).toBe(200);
      expect(response.headers.get("Cache-Control"), page).toMatch(/^public, .*s-maxage=\d+/);
      expect(response.headers.get("Vary"), page).toMatch(/Cookie/i);
    }
  });

  it("never stores a signed-in visitor's page", async () => {
    const user = await createUser(app.db);
    const browser = await signIn(app.baseUrl, user.email);
    for (const page of PAGES) {
      expect((await browser.get(page)).headers.get("Cache-Control"), page).toBe("private, no-store");
    }
  });
});
