import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createCookie } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, PASSWORD, signIn } from "../support/fixtures";
import { Browser, redirectTarget } from "../support/http";
import { cookieSigningSecret, TEST_ENCRYPTION_KEY, TEST_SESSION_SECRET } from "../support/keys";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * Issue 10 item 8: session ids stored only as SHA-256, a new id on every sign-in (the old one
 * ended), a 7-day idle timeout beside the 30-day absolute one, Clear-Site-Data on logout, and
 * production refusing a cheap password hash or disabled rate limits.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const sessionsOf = (userId: string) =>
  app.db.selectFrom("sessions").selectAll().where("user_id", "=", userId).execute();
const signedOut = async (browser: Browser) =>
  redirectTarget(await browser.get("/dashboard")) === "/login?redirect=%2Fdashboard";

function sessionIdIn(browser: Browser): string {
  const [payload] = decodeURIComponent(browser.cookie("__session")!).split(".");
  return JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
}

describe("session storage", () => {
  it("keeps only the id's SHA-256: a row read from the table signs no one in", async () => {
    const user = await createUser(app.db, { paid: "stripe-order" });
    const browser = await signIn(app.baseUrl, user.email);
    const id = sessionIdIn(browser);
    const [row] = await sessionsOf(user.id);
    expect(row.id_hash).toBe(crypto.createHash("sha256").update(id).digest("hex"));
    expect(JSON.stringify(await app.db.selectFrom("sessions").selectAll().execute())).not.toContain(id);

    // Someone who read the table signs the stored value with the real key: no session.
    const thief = new Browser(app.baseUrl);
    const signingKey = cookieSigningSecret(TEST_SESSION_SECRET, "__session");
    thief.setCookie(
      "__session",
      (await createCookie("__session", { secrets: [signingKey] }).serialize(row.id_hash)).split(";")[0].split("=")[1],
    );
    expect(await signedOut(thief)).toBe(true);
    expect(await signedOut(browser)).toBe(false);
  });
});

describe("sign-in", () => {
  it("rotates the id and ends the session that was on the cookie", async () => {
    const user = await createUser(app.db, { paid: "stripe-order" });
    const browser = await signIn(app.baseUrl, user.email);
    const before = browser.cookie("__session")!;
    const copy = new Browser(app.baseUrl);
    copy.setCookie("__session", before);
    expect(await signedOut(copy)).toBe(false);

    expect((await browser.post("/login", { email: user.email, password: PASSWORD })).status).toBe(303);
    expect(browser.cookie("__session")).not.toBe(before);
    expect(await signedOut(browser)).toBe(false);
    expect(await signedOut(copy)).toBe(true); // the earlier id is over
    expect(await sessionsOf(user.id)).toHaveLength(1);
  });

  it("a fixated id planted before sign-in is ended too, also when another account signs in", async () => {
    const planted = await createUser(app.db, { paid: "stripe-order" });
    const attacker = await signIn(app.baseUrl, planted.email);
    const victimUser = await createUser(app.db, { paid: "stripe-order" });
    const victim = new Browser(app.baseUrl);
    victim.setCookie("__session", attacker.cookie("__session")!);
    expect((await victim.post("/login", { email: victimUser.email, password: PASSWORD })).status).toBe(303);
    expect(victim.cookie("__session")).not.toBe(attacker.cookie("__session"));
    expect(await signedOut(attacker)).toBe(true);
  });
});

describe("timeouts", () => {
  it("ends a session idle for 7 days, even inside its 30 days", async () => {
    const user = await createUser(app.db, { paid: "stripe-order" });
    const browser = await signIn(app.baseUrl, user.email);
    const day = 24 * 60 * 60 * 1000;
    await app.db
      .updateTable("sessions")
      .set({ last_seen_at: new Date(Date.now() - 6 * day) })
      .where("user_id", "=", user.id)
      .execute();
    expect(await signedOut(browser)).toBe(false);
    // That visit counted: the idle clock starts again.
    const [touched] = await sessionsOf(user.id);
    expect(Date.now() - new Date(touched.last_seen_at).getTime()).toBeLessThan(day);

    await app.db
      .updateTable("sessions")
      .set({ last_seen_at: new Date(Date.now() - 7 * day - 60_000) })
      .where("user_id", "=", user.id)
      .execute();
    expect(await signedOut(browser)).toBe(true);
  });

  it("ends a session after 30 days however active", async () => {
    const user = await createUser(app.db, { paid: "stripe-order" });
    const browser = await signIn(app.baseUrl, user.email);
    await app.db
      .updateTable("sessions")
      .set({ expires_at: new Date(Date.now() - 1000), last_seen_at: new Date() })
      .where("user_id", "=", user.id)
      .execute();
    expect(await signedOut(browser)).toBe(true);
  });
});

describe("logout", () => {
  it('sends Clear-Site-Data: "cache", "storage" so kept member pages are gone', async () => {
    const user = await createUser(app.db, { paid: "stripe-order" });
    const browser = await signIn(app.baseUrl, user.email);
    const response = await browser.post("/logout", {});
    expect(response.status).toBe(303);
    expect(response.headers.get("Clear-Site-Data")).toBe('"cache", "storage"');
  });
});

describe("production settings", () => {
  const serverEntry = path.resolve("build/server.js");
  /** Starts the real server entry in production with `extra`; it must refuse before listening. */
  function startProduction(extra: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "refuse-"));
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        [serverEntry],
        {
          env: {
            PATH: process.env.PATH,
            NODE_ENV: "production",
            SESSION_SECRET: "s".repeat(40),
            ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
            PUBLIC_URL: "https://example.test",
            PGLITE_DIR: path.join(dir, "pglite"),
            // A documentation address: should anything get as far as listening, it cannot bind.
            HOST: "192.0.2.1",
            PORT: "0",
            ...extra,
          },
          timeout: 20_000,
        },
        (error, _stdout, stderr) => {
          fs.rmSync(dir, { recursive: true, force: true });
          resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stderr });
        },
      );
    });
  }

  it("refuses BCRYPT_COST below 12", async () => {
    const { code, stderr } = await startProduction({ BCRYPT_COST: "10" });
    expect(code).toBe(1);
    expect(stderr).toContain("BCRYPT_COST: must be at least 12 in production");
  });

  it("refuses RATE_LIMIT_DISABLED", async () => {
    const { code, stderr } = await startProduction({ RATE_LIMIT_DISABLED: "true" });
    expect(code).toBe(1);
    expect(stderr).toContain("RATE_LIMIT_DISABLED: is refused in production");
  });

  it("refuses the test-only escape hatch on a server reachable from other machines", async () => {
    const { code, stderr } = await startProduction({ BCRYPT_COST: "4", ALLOW_INSECURE_TEST_SETTINGS: "true" });
    expect(code).toBe(1);
    expect(stderr).toContain("ALLOW_INSECURE_TEST_SETTINGS: is for test servers only");
  });
});
