import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESET_TOKEN_HOURS } from "~/features/accounts/emails";
import { createUser, PASSWORD, signIn, uniqueEmail } from "../../support/fixtures";
import { Browser, redirectTarget } from "../../support/http";
import { linkIn, SmtpSink } from "../../support/smtp-sink";
import { startTestApp, type TestApp } from "../../support/test-app";

let smtp: SmtpSink;
let app: TestApp;

beforeAll(async () => {
  smtp = await SmtpSink.start();
  app = await startTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const SENT = "If an account exists for that email address, we have sent it a link";

async function requestLink(email: string): Promise<URL> {
  const response = await new Browser(app.baseUrl).post("/forgot-password", { email });
  expect(response.status).toBe(200);
  expect(await response.text()).toContain(SENT);
  const mail = await smtp.waitFor(email);
  expect(mail.subject).toBe("Reset your AI Profit Labs password");
  return linkIn(mail, "/reset-password");
}

const tokenOf = (link: URL) => link.searchParams.get("token")!;

describe("password reset", () => {
  it("is linked from the login page", async () => {
    expect(await (await new Browser(app.baseUrl).get("/login")).text()).toMatch(
      /href="\/forgot-password"[^>]*>Forgot password\?/,
    );
  });

  it("answers the same whether or not the account exists, and mails only real accounts", async () => {
    const unknown = uniqueEmail("nobody");
    const response = await new Browser(app.baseUrl).post("/forgot-password", { email: unknown });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(SENT);
    const user = await createUser(app.db);
    await requestLink(user.email);
    expect(smtp.messages.some((m) => m.to.includes(unknown))).toBe(false);
    expect(await app.db.selectFrom("email_outbox").select("id").where("to_address", "=", unknown).execute()).toEqual(
      [],
    );
  });

  it("stores only a hash of the token, valid for 24 hours", async () => {
    const user = await createUser(app.db);
    const link = await requestLink(user.email);
    const row = await app.db
      .selectFrom("single_use_tokens")
      .selectAll()
      .where("user_id", "=", user.id)
      .where("purpose", "=", "password_reset")
      .executeTakeFirstOrThrow();
    expect(row.token_hash).not.toContain(tokenOf(link));
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const hours = (new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(RESET_TOKEN_HOURS, 3);
  });

  it("sets the password once, ends the user's other sessions and signs this browser in", async () => {
    const user = await createUser(app.db);
    const otherDevice = await signIn(app.baseUrl, user.email);
    const link = await requestLink(user.email);

    const browser = new Browser(app.baseUrl);
    const response = await browser.post("/reset-password", { token: tokenOf(link), password: "a-brand-new-password" });
    expect(response.status).toBe(303);
    expect(redirectTarget(response)).toBe("/dashboard");
    expect(redirectTarget(await browser.get("/dashboard"))).toBe("/payment-options"); // signed in, not paid

    expect(redirectTarget(await otherDevice.get("/dashboard"))).toBe("/login?redirect=%2Fdashboard");
    expect((await new Browser(app.baseUrl).post("/login", { email: user.email, password: PASSWORD })).status).toBe(400);
    await signIn(app.baseUrl, user.email, "a-brand-new-password");

    const again = await new Browser(app.baseUrl).post("/reset-password", {
      token: tokenOf(link),
      password: "yet-another-password",
    });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("This link has expired or has already been used.");
    await signIn(app.baseUrl, user.email, "a-brand-new-password");
  });

  it("refuses an expired or unknown link, and a too-short password, changing nothing", async () => {
    const user = await createUser(app.db);
    const link = await requestLink(user.email);

    const short = await new Browser(app.baseUrl).post("/reset-password", { token: tokenOf(link), password: "short" });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("Password must be at least 8 characters");

    await app.db
      .updateTable("single_use_tokens")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("user_id", "=", user.id)
      .where("purpose", "=", "password_reset")
      .execute();
    expect(await (await new Browser(app.baseUrl).get(link.pathname + link.search)).text()).toContain(
      "This link has expired",
    );
    for (const token of [tokenOf(link), "made-up-token"]) {
      const response = await new Browser(app.baseUrl).post("/reset-password", {
        token,
        password: "a-brand-new-password",
      });
      expect(response.status).toBe(400);
    }
    await signIn(app.baseUrl, user.email); // the old password still works
  });

  it("using one link makes the user's other links useless", async () => {
    const user = await createUser(app.db);
    const first = await requestLink(user.email);
    smtp.messages.length = 0;
    const second = await requestLink(user.email);
    expect(
      (
        await new Browser(app.baseUrl).post("/reset-password", {
          token: tokenOf(second),
          password: "second-password-1",
        })
      ).status,
    ).toBe(303);
    expect(
      (await new Browser(app.baseUrl).post("/reset-password", { token: tokenOf(first), password: "first-password-1" }))
        .status,
    ).toBe(400);
  });

  it("names the account the link sets a password for, masked, before anything changes (issue 41, login CSRF)", async () => {
    const user = await createUser(app.db, { email: uniqueEmail("jo") });
    const link = await requestLink(user.email);
    const html = await (await new Browser(app.baseUrl).get(link.pathname + link.search)).text();
    const [local, domain] = user.email.split("@");
    expect(html).toContain(`${local![0]}\u2022\u2022\u2022@${domain}`);
    expect(html).not.toContain(user.email);
  });

  it("limits mails per email address silently: every request gets the same answer (decision 046)", async () => {
    const user = await createUser(app.db);
    const requester = new Browser(app.baseUrl);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await requester.post("/forgot-password", { email: user.email });
      statuses.push(response.status);
      expect(await response.text()).toContain(SENT);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const queued = await app.db.selectFrom("email_outbox").select("id").where("to_address", "=", user.email).execute();
    expect(queued).toHaveLength(3);
  });
});
