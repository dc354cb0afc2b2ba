import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, signIn, uniqueEmail } from "../../support/fixtures";
import { Browser, redirectTarget } from "../../support/http";
import { captureLog, levelOf } from "../../support/log-lines";
import { linkIn, SmtpSink } from "../../support/smtp-sink";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from "../../support/test-app";
import { totpCode } from "../../support/totp";

/**
 * Issue 31 item 1 (docs/decisions/044): start-up creates the ADMIN_EMAIL admin once and never
 * changes an existing account (no promotion of whoever holds the address, no password reset on a
 * restart), says so loudly, and names every other admin; who is an admin changes only through the
 * admin command, which ends the account's credentials and writes an audit row.
 *
 * The command runs in this process through the built app (what `node build/server.js --admin`
 * runs) on both engines, and as real child processes too: `tsx scripts/admin.ts` and
 * `node build/server.js --admin` on PostgreSQL next to the running app. On PGlite a second process
 * may not open the folder while the app has it, so there the child process is refused, which is
 * the behaviour an operator meets (stop the server first).
 */
let app: TestApp;
let smtp: SmtpSink;
const log = captureLog();

beforeAll(async () => {
  smtp = await SmtpSink.start();
  app = await startTestApp(
    { SMTP_URL: smtp.url, MAIL_FROM: "AI Profit Labs <hello@test.example>" },
    { logTo: log.destination },
  );
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const ADMINS_OWN_PASSWORD = "the-admins-own-password";
const STRANGERS_PASSWORD = "the-strangers-password";
const TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

const userOf = (email: string) =>
  app.db.selectFrom("users").selectAll().where("email", "=", email.toLowerCase()).executeTakeFirstOrThrow();
const isAdmin = async (email: string) => (await userOf(email)).is_admin;
const canSignIn = async (email: string, password: string) =>
  (await new Browser(app.baseUrl).post("/login", { email, password })).status === 303;
const auditOf = (userId: string) =>
  app.db
    .selectFrom("admin_audit_log")
    .select(["admin_id", "admin_email", "action", "details"])
    .where("member_id", "=", userId)
    .orderBy("created_at")
    .execute();
const warnings = () => log.lines.filter((line) => line.level === levelOf("warn"));
const tokenOf = (link: URL) => link.searchParams.get("token")!;

describe("start-up and the ADMIN_EMAIL account", () => {
  it("a restart leaves the admin's own password alone", async () => {
    const admin = await signIn(app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    await admin.post("/account/security", {
      intent: "password",
      current_password: ADMIN_PASSWORD,
      new_password: ADMINS_OWN_PASSWORD,
    });

    await app.rerunStartup();

    expect(await canSignIn(ADMIN_EMAIL, ADMINS_OWN_PASSWORD)).toBe(true);
    expect(await canSignIn(ADMIN_EMAIL, ADMIN_PASSWORD)).toBe(false);
    expect(await isAdmin(ADMIN_EMAIL)).toBe(true);
    expect((await admin.get("/admin")).status).toBe(200);
  });

  it("an account holding ADMIN_EMAIL's address at start is not promoted, and start-up names it and every other admin", async () => {
    // The admin moves to another address (through the link mailed to it) ...
    const movedTo = uniqueEmail("moved-admin");
    const admin = await signIn(app.baseUrl, ADMIN_EMAIL, ADMINS_OWN_PASSWORD);
    await admin.post("/account", { intent: "email", email: movedTo, current_password: ADMINS_OWN_PASSWORD });
    const link = linkIn(await smtp.waitFor(movedTo, 15_000, "Confirm your new"), "/account/confirm-email");
    expect((await new Browser(app.baseUrl).post("/account/confirm-email", { token: tokenOf(link) })).status).toBe(200);
    // ... and a stranger signs up with the address ADMIN_EMAIL still names.
    const stranger = new Browser(app.baseUrl);
    const signup = await stranger.post("/signup", {
      name: "Stranger",
      email: ADMIN_EMAIL,
      password: STRANGERS_PASSWORD,
    });
    expect(signup.status).toBe(303);
    log.lines.length = 0;

    await app.rerunStartup();
    await app.rerunStartup();

    expect(await isAdmin(ADMIN_EMAIL)).toBe(false);
    expect(redirectTarget(await stranger.get("/admin"))).toBe("/dashboard");
    expect(await canSignIn(ADMIN_EMAIL, STRANGERS_PASSWORD)).toBe(true);
    expect(await canSignIn(ADMIN_EMAIL, ADMIN_PASSWORD)).toBe(false);
    // Nobody is demoted either: the admin who moved stays one, and is named at every start.
    expect(await isAdmin(movedTo)).toBe(true);
    // Said at each start, by account id and with the commands: the log names no address.
    const said = warnings();
    const notPromoted = said.filter((line) => line.msg.includes("NOT promoted"));
    expect(notPromoted).toHaveLength(2);
    expect(notPromoted[0]).toMatchObject({
      userId: (await userOf(ADMIN_EMAIL)).id,
      promote: "npm run admin -- promote ADMIN_EMAIL",
      promoteInImage: "node build/server.js --admin promote ADMIN_EMAIL",
    });
    const others = said.filter((line) => "otherAdmins" in line);
    expect(others).toHaveLength(2);
    expect(others[0]).toMatchObject({ list: "npm run admin -- list", demote: "npm run admin -- demote EMAIL" });
    expect(others[0]!.otherAdmins).toContain((await userOf(movedTo)).id);
    expect(JSON.stringify(said)).not.toContain(ADMIN_EMAIL);
    expect(JSON.stringify(said)).not.toContain(movedTo);
  });
});

/**
 * An account holding every credential the command must end, each made the way the site makes it:
 * a session, a half-finished two-factor sign-in, a verified factor with recovery codes (inserted,
 * as account-2fa.test.ts's fixtures do; enrolment through the pages is tested there), and three
 * emailed links: the address check from signup, a password reset and an address change.
 */
async function accountWithCredentials(options: { admin?: boolean } = {}) {
  const email = uniqueEmail(options.admin ? "cmd-admin" : "cmd-member");
  const browser = new Browser(app.baseUrl);
  expect((await browser.post("/signup", { name: "Held", email, password: PASSWORD })).status).toBe(303);
  const verify = linkIn(await smtp.waitFor(email, 15_000, "Confirm your"), "/verify-email");
  const newEmail = uniqueEmail("cmd-moving");
  await browser.post("/account", { intent: "email", email: newEmail, current_password: PASSWORD });
  const change = linkIn(await smtp.waitFor(newEmail, 15_000, "Confirm your new"), "/account/confirm-email");
  expect((await new Browser(app.baseUrl).post("/forgot-password", { email })).status).toBe(200);
  const reset = linkIn(await smtp.waitFor(email, 15_000, "Reset your"), "/reset-password");

  const { id } = await userOf(email);
  if (options.admin) await app.db.updateTable("users").set({ is_admin: true }).where("id", "=", id).execute();
  await app.db
    .insertInto("auth_factors")
    .values({ user_id: id, factor_type: "totp", status: "verified", secret: TOTP_SECRET, verified_at: new Date() })
    .execute();
  await app.db
    .insertInto("recovery_codes")
    .values(Array.from({ length: 3 }, (_, i) => ({ user_id: id, code_hash: `hash-${id}-${i}` })))
    .execute();
  const halfway = new Browser(app.baseUrl);
  expect(redirectTarget(await halfway.post("/login", { email, password: PASSWORD }))).toBe("/login/two-factor");
  return {
    id,
    email,
    browser,
    halfway,
    tokens: { verify: tokenOf(verify), change: tokenOf(change), reset: tokenOf(reset) },
  };
}

async function expectCredentialsEnded(account: Awaited<ReturnType<typeof accountWithCredentials>>) {
  expect(redirectTarget(await account.browser.get("/account"))).toMatch(/^\/login\?/);
  const code = await account.halfway.post("/login/two-factor", { code: totpCode(TOTP_SECRET) });
  expect(code.status).toBe(401);
  expect(account.halfway.cookie("__session")).toBeUndefined();
  for (const table of ["auth_factors", "recovery_codes", "mfa_challenges", "sessions"] as const)
    expect(await app.db.selectFrom(table).select("user_id").where("user_id", "=", account.id).execute(), table).toEqual(
      [],
    );
  const visitor = new Browser(app.baseUrl);
  expect((await visitor.post("/verify-email", { token: account.tokens.verify })).status).toBe(400);
  expect((await visitor.post("/account/confirm-email", { token: account.tokens.change })).status).toBe(400);
  const reset = await visitor.post("/reset-password", { token: account.tokens.reset, password: "a-takeover-password" });
  expect(reset.status).toBe(400);
}

describe("the admin command", () => {
  it("promote makes an existing account an admin, ends its credentials and writes an audit row", async () => {
    const account = await accountWithCredentials();

    const run = await app.runAdminCommand(["promote", account.email.toUpperCase()]);

    expect(run).toMatchObject({ exitCode: 0, errors: "", secrets: "" });
    expect(run.output).toContain(`${account.email} is now an admin`);
    expect(await isAdmin(account.email)).toBe(true);
    await expectCredentialsEnded(account);
    expect(await auditOf(account.id)).toEqual([
      { admin_id: null, admin_email: "cli", action: "promote_admin", details: { email: account.email, sessions: 1 } },
    ]);
    // It signs in again with its own password, now as an admin.
    expect((await (await signIn(app.baseUrl, account.email)).get("/admin")).status).toBe(200);
    expect((await app.runAdminCommand(["list"])).output).toContain(
      `${account.email} (promoted with the admin command on `,
    );
    // Promoting an admin again changes nothing and records nothing.
    expect(await app.runAdminCommand(["promote", account.email])).toMatchObject({ exitCode: 0 });
    expect(await auditOf(account.id)).toHaveLength(1);
  });

  it("demote takes the admin rights away, ends its credentials and writes an audit row", async () => {
    const account = await accountWithCredentials({ admin: true });

    const run = await app.runAdminCommand(["demote", account.email]);

    expect(run).toMatchObject({ exitCode: 0, errors: "" });
    expect(run.output).toContain(`${account.email} is no longer an admin`);
    expect(await isAdmin(account.email)).toBe(false);
    await expectCredentialsEnded(account);
    expect(await auditOf(account.id)).toEqual([
      { admin_id: null, admin_email: "cli", action: "demote_admin", details: { email: account.email, sessions: 1 } },
    ]);
    expect(redirectTarget(await (await signIn(app.baseUrl, account.email)).get("/admin"))).toBe("/dashboard");
  });

  it("reset-password sets a generated password printed once, ends every other credential and writes an audit row", async () => {
    const account = await accountWithCredentials({ admin: true });

    const run = await app.runAdminCommand(["reset-password", account.email]);

    expect(run.exitCode).toBe(0);
    const password = /\(shown once\): (\S+)$/.exec(run.secrets)?.[1];
    expect(password).toMatch(/^[\w-]{16}$/);
    expect(run.output).not.toContain(password);
    await expectCredentialsEnded(account);
    expect(await canSignIn(account.email, PASSWORD)).toBe(false);
    expect(await canSignIn(account.email, password!)).toBe(true);
    const audit = await auditOf(account.id);
    expect(audit).toEqual([
      {
        admin_id: null,
        admin_email: "cli",
        action: "reset_password",
        details: { email: account.email, sessions: 1, password: "generated" },
      },
    ]);
    expect(JSON.stringify(audit)).not.toContain(password);
    // A factorless admin signs straight in: the recovery for a lost authenticator too.
    expect((await (await signIn(app.baseUrl, account.email, password)).get("/admin")).status).toBe(200);
  });

  it("reset-password --password-stdin sets the password read from standard input, and refuses a short one", async () => {
    const account = await accountWithCredentials();

    const short = await app.runAdminCommand(["reset-password", account.email, "--password-stdin"], "short\n");
    expect(short.exitCode).toBe(1);
    expect(short.errors).toContain("must be 8 to 128 characters: nothing changed");
    expect((await account.browser.get("/account")).status).toBe(200);
    expect(await auditOf(account.id)).toEqual([]);

    const chosen = await app.runAdminCommand(
      ["reset-password", account.email, "--password-stdin"],
      "chosen on stdin 1\n",
    );
    expect(chosen).toMatchObject({ exitCode: 0, secrets: "" });
    await expectCredentialsEnded(account);
    expect(await canSignIn(account.email, "chosen on stdin 1")).toBe(true);
    expect((await auditOf(account.id)).map((row) => row.details)).toEqual([
      { email: account.email, sessions: 1, password: "standard input" },
    ]);
  });

  it("an unknown address is refused with exit code 1 and changes nothing; a wrong call prints the usage", async () => {
    const before = await app.db.selectFrom("admin_audit_log").select("id").execute();
    for (const command of ["promote", "demote", "reset-password"]) {
      const run = await app.runAdminCommand([command, "nobody@test.example"]);
      expect(run, command).toMatchObject({ exitCode: 1, output: "", secrets: "" });
      expect(run.errors).toBe("[admin] No account has the address nobody@test.example: nothing changed.");
    }
    expect(await app.db.selectFrom("admin_audit_log").select("id").execute()).toEqual(before);

    for (const args of [
      [],
      ["promote"],
      ["promote", "a@test.example", "b@test.example"],
      ["elevate", "a@test.example"],
    ]) {
      const run = await app.runAdminCommand(args);
      expect(run.exitCode, args.join(" ")).toBe(2);
      expect(run.errors).toContain("Usage: npm run admin -- <command>");
    }
  });

  it("refuses to demote the last admin", async () => {
    const last = await accountWithCredentials({ admin: true });
    const others = await app.db
      .selectFrom("users")
      .select("email")
      .where("is_admin", "=", true)
      .where("id", "<>", last.id)
      .execute();
    for (const { email } of others) expect((await app.runAdminCommand(["demote", email])).exitCode).toBe(0);

    const run = await app.runAdminCommand(["demote", last.email]);

    expect(run.exitCode).toBe(1);
    expect(run.errors).toContain(`${last.email} is the only admin`);
    expect(run.errors).toContain("nothing changed");
    expect(await isAdmin(last.email)).toBe(true);
    expect((await last.browser.get("/account")).status).toBe(200);
    expect(await auditOf(last.id)).toEqual([]);
    expect((await app.runAdminCommand(["list"])).output).toBe(
      `[admin] 1 admin account:\n  ${last.email} (no promotion by the admin command on record: an earlier ADMIN_EMAIL, or set in the database)`,
    );
  });
});

/**
 * A real process of the command, started with node itself (never through a wrapper), and what it
 * said. One still running at the deadline (a server that ignored the command) is stopped.
 */
function runProcess(args: string[], stdin = ""): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: path.resolve("."), env: process.env });
    let stdout = "";
    let stderr = "";
    const deadline = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${args.join(" ")} still ran after 45 s; output: ${stdout}${stderr}`));
    }, 45_000);
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(deadline);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(stdin);
  });
}
const TSX = path.resolve("node_modules/tsx/dist/cli.mjs");

describe("the admin command as a process of its own", () => {
  if (process.env.TEST_ENGINE === "pglite") {
    it("is refused while the server has the PGlite folder open: one process per folder", async () => {
      const before = await app.db.selectFrom("admin_audit_log").select("id").execute();
      const run = await runProcess([TSX, "scripts/admin.ts", "list"]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`already in use by process ${process.pid}`);
      expect(await app.db.selectFrom("admin_audit_log").select("id").execute()).toEqual(before);
    }, 60_000);
    return;
  }

  it("`tsx scripts/admin.ts` promotes on the running site's PostgreSQL, and refuses an unknown address with exit code 1", async () => {
    const account = await accountWithCredentials();

    const run = await runProcess([TSX, "scripts/admin.ts", "promote", account.email]);

    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(run.stdout).toContain(`[admin] ${account.email} is now an admin.`);
    await expectCredentialsEnded(account);
    expect((await auditOf(account.id)).map((row) => row.action)).toEqual(["promote_admin"]);
    expect((await (await signIn(app.baseUrl, account.email)).get("/admin")).status).toBe(200);

    const unknown = await runProcess([TSX, "scripts/admin.ts", "demote", "nobody@test.example"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No account has the address nobody@test.example: nothing changed.");
  }, 60_000);

  it("`node build/server.js --admin` runs the same command in the built app, reading a password from standard input", async () => {
    const account = await accountWithCredentials();

    const run = await runProcess(
      ["build/server.js", "--admin", "reset-password", account.email, "--password-stdin"],
      "set by the built command\n",
    );

    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`[admin] ${account.email} has a new password.`);
    await expectCredentialsEnded(account);
    expect(await canSignIn(account.email, "set by the built command")).toBe(true);
    expect((await auditOf(account.id)).map((row) => row.action)).toEqual(["reset_password"]);
  }, 60_000);
});
