import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, PASSWORD, signIn } from "../../support/fixtures";
import { Browser, redirectTarget } from "../../support/http";
import { startTestApp, type TestApp } from "../../support/test-app";
import { only } from "../../support/present";

/**
 * The account's pages, one per concern under one layout: each answers a member, each sends a
 * visitor to sign in (page and form alike), the sub-navigation marks the page shown, and what the
 * single page before them was sent still arrives (a moved form's POST to /account, an old #link).
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const PAGES = [
  ["/account", "Profile"],
  ["/account/security", "Password and two-factor"],
  ["/account/sessions", "Sessions"],
  ["/account/email-preferences", "Email preferences"],
  ["/account/privacy", "Privacy and data"],
] as const;

const currentLinks = (html: string) =>
  [...html.matchAll(/<a [^>]*aria-current="page"[^>]*>([^<]*)<\/a>/g)].map((match) => match[1]);

describe("the account pages", () => {
  it("each answers a member inside the sub-navigation, its own link marked as the current page", async () => {
    const member = await createUser(app.db);
    const browser = await signIn(app.baseUrl, member.email);
    for (const [page, label] of PAGES) {
      const response = await browser.get(page);
      expect(response.status, page).toBe(200);
      const html = await response.text();
      const nav = /<nav aria-label="Account"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
      for (const [href] of PAGES) expect(nav, page).toContain(`href="${href}"`);
      expect(currentLinks(nav), page).toEqual([label]);
    }
  });

  it("each sends a visitor to sign in, for the page and for its forms", async () => {
    const visitor = new Browser(app.baseUrl);
    for (const [page] of PAGES) {
      expect(redirectTarget(await visitor.get(page)), page).toBe(`/login?${new URLSearchParams({ redirect: page })}`);
      expect(redirectTarget(await visitor.post(page, { intent: "name", name: "Nobody" })), page).toMatch(/^\/login/);
    }
    expect(redirectTarget(await visitor.post("/account?index", { intent: "name", name: "Nobody" }))).toMatch(
      /^\/login/,
    );
  });

  it("a form that moved, posted to /account as before, is sent on with a 307 and works there", async () => {
    const member = await createUser(app.db);
    const browser = await signIn(app.baseUrl, member.email);
    const moved = [
      [
        { intent: "password", current_password: "wrong-password", new_password: "a-new-password-1" },
        "/account/security",
      ],
      [{ intent: "disable-2fa", code: "000000" }, "/account/security"],
      [{ intent: "sign-out-session", session: "unknown" }, "/account/sessions"],
      [{ intent: "sign-out-others" }, "/account/sessions"],
      [{ intent: "email-preferences" }, "/account/email-preferences"],
    ] as const;
    for (const [form, page] of moved) {
      for (const old of ["/account", "/account?index"]) {
        const response = await browser.post(old, form);
        expect(response.status, `${form.intent} to ${old}`).toBe(307);
        expect(redirectTarget(response), `${form.intent} to ${old}`).toBe(page);
      }
    }

    // The browser posts the same body again to the new page, which answers it there.
    const forwarded = await browser.post("/account", { intent: "email-preferences" });
    const answered = await browser.post(redirectTarget(forwarded)!, { intent: "email-preferences" });
    expect(redirectTarget(answered)).toBe("/account/email-preferences");
    expect(await (await browser.get("/account/email-preferences")).text()).toContain(
      "Your email preferences were saved.",
    );
    const user = await app.db
      .selectFrom("users")
      .select("news_opt_out_at")
      .where("id", "=", member.id)
      .executeTakeFirstOrThrow();
    expect(user.news_opt_out_at).not.toBeNull();

    // The profile's own forms are still answered at /account, with or without ?index.
    for (const old of ["/account", "/account?index"]) {
      const saved = await browser.post(old, { intent: "name", name: "Renamed Member" });
      expect(saved.status).toBe(303);
      expect(redirectTarget(saved)).toBe("/account");
    }
    expect(
      (await browser.post("/account", { intent: "email", email: "x@test.example", current_password: PASSWORD })).status,
    ).toBe(303);
  });

  it("'Download my data' posted to /account/privacy, as before the page, is sent on to the file with a 307", async () => {
    const member = await createUser(app.db);
    const browser = await signIn(app.baseUrl, member.email);
    const forwarded = await browser.post("/account/privacy", { intent: "export" });
    expect(forwarded.status).toBe(307);
    expect(redirectTarget(forwarded)).toBe("/account/personal-data.json");
    const file = await browser.post(redirectTarget(forwarded)!, { intent: "export" });
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Disposition")).toMatch(/^attachment; filename="personal-data-/);
    expect(((await file.json()) as { profile: { email: string } }).profile.email).toBe(member.email);
    // The page's own form posts to the file's URL directly.
    expect(await (await browser.get("/account/privacy")).text()).toContain('action="/account/personal-data.json"');
  });

  it("/account sends an old link to a section that became a page (/account#privacy) there, with the page's nonce", async () => {
    const member = await createUser(app.db);
    const browser = await signIn(app.baseUrl, member.email);
    const response = await browser.get("/account");
    const html = await response.text();
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    const script = [...html.matchAll(/<script nonce="([^"]*)">([^<]*location\.replace[^<]*)<\/script>/g)];
    const [, scriptNonce, scriptText] = only(script, "redirect script");
    expect(scriptNonce).toBe(nonce);
    for (const [fragment, page] of [
      ["#privacy", "/account/privacy"],
      ["#email-preferences", "/account/email-preferences"],
      ["#sessions", "/account/sessions"],
      ["#password", "/account/security"],
      ["#two-factor", "/account/security"],
    ]) {
      expect(scriptText).toContain(`"${fragment}":"${page}"`);
    }
  });
});
