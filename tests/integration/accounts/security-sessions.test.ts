import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createCookie } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, PASSWORD, signIn } from "../../support/fixtures";
import { Browser, redirectTarget } from "../../support/http";
import { cookieSigningSecret, sealTotpSecret, TEST_ENCRYPTION_KEY, TEST_SESSION_SECRET } from "../../support/keys";
import { startTestApp, type TestApp } from "../../support/test-app";
import { totpCode } from "../../support/totp";
import { at, captured, present } from "../../support/present";

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
  return JSON.parse(Buffer.from(present(payload, "the cookie's payload"), "base64").toString("utf8"));
}

describe("session storage", () => {
  it("keeps only the id's SHA-256: a row read from the table signs no one in", async () => {
    const user = await createUser(app.db, { paid: "stripe-order" });
    const browser = await signIn(app.baseUrl, user.email);
    const id = sessionIdIn(browser);
    const row = at(await sessionsOf(user.id), 0, "session");
    expect(row.id_hash).toBe(crypto.createHash("sha256").update(id).digest("hex"));
    expect(JSON.stringify(await app.db.selectFrom("sessions").selectAll().execute())).not.toContain(id);

    // Someone who read the table signs the stored value with the real key: no session.
    const thief = new Browser(app.baseUrl);
    const signingKey = cookieSigningSecret(TEST_SESSION_SECRET, "__session");
    thief.setCookie(
      "__session",
      captured(await createCookie("__session", { secrets: [signingKey] }).serialize(row.id_hash), /^[^=]+=([^;]*)/),
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
    const touched = at(await sessionsOf(user.id), 0, "session");
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
  /** The server's fatal log line (a JSON line on stdout): why it refused to start. */
  const refusalIn = (stdout: string): string =>
    stdout
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .find((line) => line.level === 60)?.msg ?? "";
  /** Starts the real server entry in production with `extra`; it must refuse before listening. */
  function startProduction(extra: Record<string, string>): Promise<{ code: number | null; refusal: string }> {
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
        (error, stdout) => {
          fs.rmSync(dir, { recursive: true, force: true });
          resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, refusal: refusalIn(stdout) });
        },
      );
    });
  }

  it("refuses BCRYPT_COST below 12", async () => {
    const { code, refusal } = await startProduction({ BCRYPT_COST: "10" });
    expect(code).toBe(1);
    expect(refusal).toContain("BCRYPT_COST: must be at least 12 in production");
  });

  it("refuses RATE_LIMIT_DISABLED", async () => {
    const { code, refusal } = await startProduction({ RATE_LIMIT_DISABLED: "true" });
    expect(code).toBe(1);
    expect(refusal).toContain("RATE_LIMIT_DISABLED: is refused in production");
  });

  it("refuses the test-only escape hatch on a server reachable from other machines", async () => {
    const { code, refusal } = await startProduction({ BCRYPT_COST: "4", ALLOW_INSECURE_TEST_SETTINGS: "true" });
    expect(code).toBe(1);
    expect(refusal).toContain("ALLOW_INSECURE_TEST_SETTINGS: is for test servers only");
  });
});

/**
 * Issue 31 item 8 (decision 050): an admin's session holds admin rights only past the admin rule
 * (aal2 for an account with a factor), everywhere being an admin gives more than a member gets:
 * other people's receipts, draft courses and chapters, the training without paying. Before the
 * step-up the session gets a member's view, or is sent to the code step; after it, all of it opens.
 */
describe("admin rights need the admin's step-up", () => {
  const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

  /** An admin signed in (aal1) before their factor was verified: the session has not stepped up. */
  async function adminBeforeStepUp(paid: "stripe-order" | "none") {
    const admin = await createUser(app.db, { isAdmin: true, paid });
    const browser = await signIn(app.baseUrl, admin.email);
    await app.db
      .insertInto("auth_factors")
      .values({
        user_id: admin.id,
        factor_type: "totp",
        status: "verified",
        secret: sealTotpSecret(SECRET, admin.id),
        verified_at: new Date(),
      })
      .execute();
    expect((await sessionsOf(admin.id)).map((session) => session.aal)).toEqual(["aal1"]);
    return { admin, browser };
  }

  async function stepUp(browser: Browser, redirect: string) {
    const response = await browser.post("/login/two-factor", { code: totpCode(SECRET), redirect });
    expect(redirectTarget(response)).toBe(redirect);
  }

  async function draftCourse() {
    const title = `Unreleased ${crypto.randomBytes(4).toString("hex")}`;
    const course = await app.db
      .insertInto("courses")
      .values({ title, description: "Not out yet", status: "draft" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const chapter = await app.db
      .insertInto("chapters")
      .values({
        course_id: course.id,
        title: "Draft chapter",
        content: "<p>Secret plans</p>",
        sort_order: 1,
        status: "draft",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { title, courseId: course.id, chapterId: chapter.id };
  }

  const orderOf = async (userId: string) =>
    (await app.db.selectFrom("order_ledger").select("id").where("user_id", "=", userId).executeTakeFirstOrThrow()).id;

  it("before step-up: no one else's receipt and no drafts, as for a member; after step-up both open", async () => {
    const buyer = await createUser(app.db, { paid: "stripe-order", name: "Private Buyer" });
    const receipt = `/account/purchases/${await orderOf(buyer.id)}`;
    const draft = await draftCourse();
    const { admin, browser } = await adminBeforeStepUp("stripe-order");

    const refused = await browser.get(receipt);
    expect(refused.status).toBe(404);
    expect(await refused.text()).not.toContain("Private Buyer");
    // Their own receipt is theirs as for any member.
    expect((await browser.get(`/account/purchases/${await orderOf(admin.id)}`)).status).toBe(200);
    // Drafts: not on the dashboard, not in the viewer, not markable.
    const dashboard = await browser.get("/dashboard");
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).not.toContain(draft.title);
    expect(redirectTarget(await browser.get(`/course/${draft.courseId}?chapter=${draft.chapterId}`))).toBe(
      "/dashboard",
    );
    // The refused form's page is the viewer's, which sends this session to the training area.
    const mark = await browser.post(`/course/${draft.courseId}`, { intent: "complete", chapterId: draft.chapterId });
    expect(redirectTarget(mark)).toBe("/dashboard");
    expect(
      await app.db.selectFrom("chapter_progress").select("chapter_id").where("user_id", "=", admin.id).execute(),
    ).toEqual([]);

    await stepUp(browser, receipt);
    const opened = await browser.get(receipt);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain("Private Buyer");
    expect(await (await browser.get("/dashboard")).text()).toContain(draft.title);
    const preview = await browser.get(`/course/${draft.courseId}?chapter=${draft.chapterId}`);
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain("Secret plans");
  });

  it("before step-up an admin who has not paid is sent to the code step from the training; after it, it opens", async () => {
    const { admin, browser } = await adminBeforeStepUp("none");
    for (const page of ["/dashboard", "/bonuses", "/app-builder", "/app-idea-generator"]) {
      expect(redirectTarget(await browser.get(page)), page).toBe(
        `/login/two-factor?${new URLSearchParams({ redirect: page })}`,
      );
    }
    // Actions too: nothing is recorded for the session before step-up.
    const { courseId, chapterId } = await draftCourse();
    await app.db.updateTable("courses").set({ status: "published" }).where("id", "=", courseId).execute();
    await app.db.updateTable("chapters").set({ status: "published" }).where("id", "=", chapterId).execute();
    const mark = await browser.post(`/course/${courseId}`, { intent: "complete", chapterId });
    expect(redirectTarget(mark)).toMatch(/^\/login\/two-factor\?redirect=/);
    expect(
      await app.db.selectFrom("chapter_progress").select("chapter_id").where("user_id", "=", admin.id).execute(),
    ).toEqual([]);

    await stepUp(browser, "/dashboard");
    expect((await browser.get("/dashboard")).status).toBe(200);
    expect((await browser.get(`/course/${courseId}?chapter=${chapterId}`)).status).toBe(200);
  });
});
