import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from "~/platform/forms/auth-rules";
import { createUser, PASSWORD, signIn, uniqueEmail } from "../../support/fixtures";
import { Browser, redirectTarget } from "../../support/http";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from "../../support/test-app";
import { first, present } from "../../support/present";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const visitor = () => new Browser(app.baseUrl);

async function sessionCount(userId: string) {
  const rows = await app.db.selectFrom("sessions").select("id_hash").where("user_id", "=", userId).execute();
  return rows.length;
}

describe("signup", () => {
  it("creates the account, signs in and goes to the plan page", async () => {
    const browser = visitor();
    const email = uniqueEmail("signup");
    const response = await browser.post("/signup", {
      name: "Ada Lovelace",
      email: email.toUpperCase(),
      password: "long-enough-pw",
    });
    expect(response.status).toBe(303);
    expect(redirectTarget(response)).toBe("/payment-options");
    expect(browser.cookie("__session")).toBeTruthy();
    const user = await app.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    expect(user.name).toBe("Ada Lovelace");
    expect(user.is_admin).toBe(false);
    expect(user.password_hash).toMatch(/^\$2[aby]\$/);
    expect((await browser.get("/payment-options")).status).toBe(200);
  });

  it("goes to a same-site redirect parameter after signup", async () => {
    const response = await visitor().post("/signup", {
      name: "Grace",
      email: uniqueEmail("signup"),
      password: "long-enough-pw",
      redirect: "/upgrades?from=signup",
    });
    expect(redirectTarget(response)).toBe("/upgrades?from=signup");
  });

  it("refuses an email that exists in another letter case, and changes nothing", async () => {
    const existing = await createUser(app.db);
    const response = await visitor().post("/signup", {
      name: "Copy",
      email: existing.email.toUpperCase(),
      password: "long-enough-pw",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("An account with this email already exists");
    const rows = await app.db.selectFrom("users").select("id").where("email", "=", existing.email).execute();
    expect(rows).toHaveLength(1);
  });

  it.each([
    [{ name: "", email: "a@b.example", password: "long-enough-pw" }, AUTH_MESSAGES.nameRequired],
    [{ name: "N", email: "", password: "long-enough-pw" }, AUTH_MESSAGES.emailRequired],
    [{ name: "N", email: "not-an-email", password: "long-enough-pw" }, AUTH_MESSAGES.emailInvalid],
    [{ name: "N", email: "a@b.example", password: "" }, AUTH_MESSAGES.passwordRequired],
    [{ name: "N", email: "a@b.example", password: "x".repeat(PASSWORD_MIN - 1) }, AUTH_MESSAGES.newPasswordTooShort],
    [{ name: "N", email: "a@b.example", password: "x".repeat(PASSWORD_MAX + 1) }, AUTH_MESSAGES.newPasswordTooLong],
  ])("refuses %j with a clear message", async (form, message) => {
    const before = await app.db.selectFrom("users").select("id").execute();
    const response = await visitor().post("/signup", form);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
    expect(await app.db.selectFrom("users").select("id").execute()).toHaveLength(before.length);
  });

  it("refuses a filled honeypot", async () => {
    const email = uniqueEmail("bot");
    const response = await visitor().post("/signup", {
      name: "Bot",
      email,
      password: "long-enough-pw",
      website: "http://spam",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Your submission could not be processed.");
    expect(await app.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst()).toBeUndefined();
  });

  it("shows the spec's page texts", async () => {
    const html = await (await visitor().get("/signup?redirect=%2Fbonuses")).text();
    for (const text of ["Create Your Account", "Full Name", "Email address", "Password", "Back to home"])
      expect(html).toContain(text);
    expect(html).toContain('href="/login?redirect=%2Fbonuses"');
  });
});

describe("login flow (docs/product.md §4)", () => {
  it("a wrong password or unknown email shows one message above the form and starts no session", async () => {
    const user = await createUser(app.db);
    for (const form of [
      { email: user.email, password: "wrong-password" },
      { email: uniqueEmail("nobody"), password: PASSWORD },
    ]) {
      const browser = visitor();
      const response = await browser.post("/login", form);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("Invalid email or password");
      expect(browser.cookie("__session")).toBeUndefined();
    }
  });

  it.each([
    [{ email: "", password: "x" }, "Email address is required"],
    [{ email: "a@b.example", password: "" }, "Password is required"],
  ])("requires both fields: %j", async (form, message) => {
    const response = await visitor().post("/login", form);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
  });

  it("an unpaid user goes to /payment-options, or to the redirect parameter", async () => {
    const user = await createUser(app.db);
    expect(redirectTarget(await visitor().post("/login", { email: user.email, password: PASSWORD }))).toBe(
      "/payment-options",
    );
    expect(
      redirectTarget(await visitor().post("/login", { email: user.email, password: PASSWORD, redirect: "/upgrades" })),
    ).toBe("/upgrades");
  });

  it("a paid user goes to /dashboard, or to the redirect parameter", async () => {
    const user = await createUser(app.db, { paid: "stripe-order" });
    expect(redirectTarget(await visitor().post("/login", { email: user.email, password: PASSWORD }))).toBe(
      "/dashboard",
    );
    expect(
      redirectTarget(await visitor().post("/login", { email: user.email, password: PASSWORD, redirect: "/bonuses" })),
    ).toBe("/bonuses");
  });

  it("an admin goes to /dashboard, or to the redirect parameter, without paying", async () => {
    expect(redirectTarget(await visitor().post("/login", { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }))).toBe(
      "/dashboard",
    );
    expect(
      redirectTarget(
        await visitor().post("/login", { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, redirect: "/admin" }),
      ),
    ).toBe("/admin");
  });

  it("emails are matched case-insensitively", async () => {
    const user = await createUser(app.db);
    const response = await visitor().post("/login", { email: `  ${user.email.toUpperCase()} `, password: PASSWORD });
    expect(response.status).toBe(303);
  });

  it("special_access sends an unpaid user to /dashboard, where the member guard still decides", async () => {
    const user = await createUser(app.db);
    const browser = visitor();
    const response = await browser.post("/login?special_access=true", { email: user.email, password: PASSWORD });
    expect(redirectTarget(response)).toBe("/dashboard");
    expect(redirectTarget(await browser.get("/dashboard"))).toBe("/payment-options");
  });

  it("special_access from the form field or the stored flag works the same", async () => {
    const user = await createUser(app.db);
    const viaField = await visitor().post("/login", { email: user.email, password: PASSWORD, special_access: "true" });
    expect(redirectTarget(viaField)).toBe("/dashboard");

    const browser = visitor();
    const stored = await browser.get("/login?special_access=true"); // stores the flag for this browser session
    expect(browser.cookie("special_access")).toBe("true");
    // HttpOnly, for this browser session only; Secure wherever the site is on HTTPS
    // (secure-cookies.test.ts), and not here, where PUBLIC_URL is plain http.
    const flag = stored.headers.getSetCookie().find((line) => line.startsWith("special_access="));
    expect(flag).toMatch(/;\s*HttpOnly/i);
    expect(flag).not.toMatch(/;\s*Secure/i);
    expect(flag).not.toMatch(/max-age|expires/i);
    expect(redirectTarget(await browser.post("/login", { email: user.email, password: PASSWORD }))).toBe("/dashboard");
  });

  describe("with an existing session, /login", () => {
    it("sends a paid user to the redirect parameter or /dashboard", async () => {
      const user = await createUser(app.db, { paid: "warriorplus" });
      const browser = await signIn(app.baseUrl, user.email);
      expect(redirectTarget(await browser.get("/login"))).toBe("/dashboard");
      expect(redirectTarget(await browser.get("/login?redirect=%2Fbonuses"))).toBe("/bonuses");
    });

    it("sends an unpaid user to the redirect parameter or /payment-options", async () => {
      const user = await createUser(app.db);
      const browser = await signIn(app.baseUrl, user.email);
      expect(redirectTarget(await browser.get("/login"))).toBe("/payment-options");
      expect(redirectTarget(await browser.get("/login?redirect=%2Fupgrades"))).toBe("/upgrades");
    });

    it("sends anyone with special_access to /dashboard", async () => {
      const user = await createUser(app.db);
      const browser = await signIn(app.baseUrl, user.email);
      expect(redirectTarget(await browser.get("/login?special_access=true"))).toBe("/dashboard");
    });
  });

  describe("open-redirect attempts stay on the site", () => {
    const attempts = [
      "//evil.example",
      "/\\evil.example",
      "https://evil.example",
      "javascript:alert(1)",
      "/%5C%5Cevil.example",
      " //evil.example",
      "\t/evil.example",
    ];
    it.each(attempts)("after login: %s", async (target) => {
      const user = await createUser(app.db, { paid: "stripe-order" });
      const response = await visitor().post("/login", { email: user.email, password: PASSWORD, redirect: target });
      const location = response.headers.get("Location")!;
      expect(new URL(location, app.baseUrl).origin).toBe(app.baseUrl);
      expect(location.startsWith("/") && !location.startsWith("//")).toBe(true);
    });

    it.each(attempts)("after signup: %s", async (target) => {
      const response = await visitor().post("/signup", {
        name: "N",
        email: uniqueEmail("redir"),
        password: "long-enough-pw",
        redirect: target,
      });
      const location = response.headers.get("Location")!;
      expect(new URL(location, app.baseUrl).origin).toBe(app.baseUrl);
      expect(location.startsWith("/") && !location.startsWith("//") && !location.includes("\\")).toBe(true);
    });

    it.each(attempts)("for a signed-in visit to /login: %s", async (target) => {
      const user = await createUser(app.db, { paid: "stripe-order" });
      const browser = await signIn(app.baseUrl, user.email);
      const response = await browser.get(`/login?redirect=${encodeURIComponent(target)}`);
      expect(new URL(response.headers.get("Location")!, app.baseUrl).origin).toBe(app.baseUrl);
    });
  });
});

describe("logout", () => {
  it("is a POST that ends every session of the user (global sign-out) and returns to /", async () => {
    const user = await createUser(app.db, { paid: "stripe-order" });
    const laptop = await signIn(app.baseUrl, user.email);
    const phone = await signIn(app.baseUrl, user.email);
    expect(await sessionCount(user.id)).toBe(2);

    const response = await laptop.post("/logout", {});
    expect(response.status).toBe(303);
    expect(redirectTarget(response)).toBe("/");
    expect(laptop.cookie("__session")).toBeUndefined();
    expect(await sessionCount(user.id)).toBe(0);
    expect(redirectTarget(await phone.get("/dashboard"))).toBe("/login?redirect=%2Fdashboard");
  });

  it("does nothing on GET", async () => {
    const user = await createUser(app.db);
    const browser = await signIn(app.baseUrl, user.email);
    const response = await browser.get("/logout");
    expect(redirectTarget(response)).toBe("/");
    expect(await sessionCount(user.id)).toBe(1);
  });
});

describe("sessions", () => {
  it("live in a signed, httpOnly, SameSite=Lax cookie holding only a random id", async () => {
    const user = await createUser(app.db);
    const response = await visitor().post("/login", { email: user.email, password: PASSWORD });
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith("__session="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    const session = await app.db
      .selectFrom("sessions")
      .select("id_hash")
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    const signedValue = decodeURIComponent(first(cookie.split(";")).slice("__session=".length));
    const [payload, signature] = signedValue.split(".");
    const id = JSON.parse(Buffer.from(present(payload, "the cookie's payload"), "base64").toString("utf8"));
    // The table keeps only the id's SHA-256.
    expect(crypto.createHash("sha256").update(id).digest("hex")).toBe(session.id_hash);
    expect(signature).toBeTruthy();
    expect(cookie).not.toContain(user.id);
  });

  it("refuse a tampered cookie", async () => {
    const user = await createUser(app.db, { paid: "stripe-order" });
    const browser = await signIn(app.baseUrl, user.email);
    const forged = new Browser(app.baseUrl);
    forged.setCookie(
      "__session",
      browser.cookie("__session")!.replace(/.$/, (c) => (c === "A" ? "B" : "A")),
    );
    expect(redirectTarget(await forged.get("/dashboard"))).toBe("/login?redirect=%2Fdashboard");
  });

  it("expire", async () => {
    const user = await createUser(app.db, { paid: "stripe-order" });
    const browser = await signIn(app.baseUrl, user.email);
    await app.db
      .updateTable("sessions")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("user_id", "=", user.id)
      .execute();
    expect(redirectTarget(await browser.get("/dashboard"))).toBe("/login?redirect=%2Fdashboard");
  });
});

describe("cross-site requests", () => {
  it("a POST whose Origin is another site is refused and changes nothing", async () => {
    const email = uniqueEmail("csrf");
    const response = await visitor().post(
      "/signup",
      { name: "N", email, password: "long-enough-pw" },
      { headers: { Origin: "https://evil.example" } },
    );
    expect(response.status).toBe(403);
    expect(await app.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst()).toBeUndefined();
  });

  it("a cross-site logout does not sign the user out", async () => {
    const user = await createUser(app.db);
    const browser = await signIn(app.baseUrl, user.email);
    const response = await browser.post("/logout", {}, { headers: { Origin: "https://evil.example" } });
    expect(response.status).toBe(403);
    expect(await sessionCount(user.id)).toBe(1);
  });
});

describe("security headers", () => {
  it("documents carry a CSP with a fresh nonce on every script", async () => {
    const first = await visitor().get("/login");
    const second = await visitor().get("/login");
    const csp = first.headers.get("Content-Security-Policy")!;
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    expect(second.headers.get("Content-Security-Policy")).not.toContain(nonce);
    const html = await first.text();
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(first.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(first.headers.get("Referrer-Policy")).toBeTruthy();
  });
});
