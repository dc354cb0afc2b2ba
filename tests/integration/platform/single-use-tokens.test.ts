import crypto from "node:crypto";
import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { migrations } from "../../../migrations";
import { at } from "../../support/present";
// The model itself, on the app's own database handle: db.server keeps the one handle of the
// process on globalThis, so the model's db() is the very instance the running app uses.
import {
  bumpCredentialEpoch,
  consume,
  consumeForAddress,
  issue,
  issueForAddress,
  peek,
  peekForAddress,
  voidUnused,
  type TokenPurpose,
} from "~/platform/single-use-token.server";
import { createUser } from "../../support/fixtures";
import { Browser } from "../../support/http";
import { startTestApp, type TestApp } from "../../support/test-app";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** The purposes of links bound to an account (a claim link belongs to its address: below). */
const PURPOSES: Array<Exclude<TokenPurpose, "claim">> = [
  "password_reset",
  "email_verification",
  "email_change",
  "invitation",
  "sign_in",
];
const sha256 = (token: string) => crypto.createHash("sha256").update(token).digest("hex");
const tokenRows = (userId: string) =>
  app.db.selectFrom("single_use_tokens").selectAll().where("user_id", "=", userId).orderBy("created_at").execute();
/** One link of every purpose for the user, by purpose. */
async function issueEvery(userId: string) {
  const tokens = {} as Record<TokenPurpose, string>;
  for (const purpose of PURPOSES) tokens[purpose] = await issue(app.db, { purpose, userId, hours: 24 });
  return tokens;
}

describe("single-use tokens", () => {
  it("store only a SHA-256 of the token, with the purpose, data, the user's epoch and the expiry", async () => {
    const user = await createUser(app.db);
    await app.db.updateTable("users").set({ credential_epoch: 3 }).where("id", "=", user.id).execute();
    const token = await issue(app.db, {
      purpose: "email_change",
      userId: user.id,
      hours: 5,
      data: { newEmail: "next@test.example" },
    });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url

    const row = at(await tokenRows(user.id), 0, "token");
    expect(row.token_hash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row).toMatchObject({ purpose: "email_change", credential_epoch: 3, used_at: null });
    expect(row.data).toEqual({ newEmail: "next@test.example" });
    const hours = (new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(5, 3);

    expect(await peek("email_change", token)).toEqual({ userId: user.id, data: { newEmail: "next@test.example" } });
    expect(await peek("email_change", sha256(token))).toBeNull(); // the stored hash is no token
  });

  it("stop working when they expire", async () => {
    const user = await createUser(app.db);
    const token = await issue(app.db, { purpose: "sign_in", userId: user.id, hours: 1 });
    expect(await peek("sign_in", token)).toEqual({ userId: user.id, data: null });
    await app.db
      .updateTable("single_use_tokens")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("token_hash", "=", sha256(token))
      .execute();
    expect(await peek("sign_in", token)).toBeNull();
    expect(await consume(app.db, "sign_in", token)).toBeNull();
  });

  it("are used once: of two consumes at once, only one passes", async () => {
    const user = await createUser(app.db);
    const token = await issue(app.db, { purpose: "invitation", userId: user.id, hours: 1, data: { order: "W-1" } });

    // The first consume holds its row lock in an open transaction while the second is sent.
    let firstConsumed!: () => void;
    const consumedInFirst = new Promise<void>((resolve) => (firstConsumed = resolve));
    let releaseFirst!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => (releaseFirst = resolve));
    const first = app.db.transaction().execute(async (trx) => {
      const grant = await consume(trx, "invitation", token);
      firstConsumed();
      await firstMayCommit;
      return grant;
    });
    await consumedInFirst;
    const second = app.db.transaction().execute((trx) => consume(trx, "invitation", token));
    if (app.engine === "postgres") {
      // PostgreSQL runs them side by side: wait (with a deadline) until the second is blocked on
      // the first's row lock, so it really is in flight when the first commits.
      await vi.waitFor(
        async () => {
          const { rows } = await sql<{ waiting: number }>`
            SELECT count(*)::int AS waiting FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(app.db);
          expect(at(rows, 0, "count").waiting, "the second consume waiting for the first").toBeGreaterThan(0);
        },
        { timeout: 10_000, interval: 10 },
      );
    } // PGlite runs one transaction at a time: the second starts after the first commits.
    releaseFirst();

    const results = await Promise.all([first, second]);
    expect(results).toEqual([{ userId: user.id, data: { order: "W-1" } }, null]);
    expect(await peek("invitation", token)).toBeNull();
    expect(await consume(app.db, "invitation", token)).toBeNull();
  });

  it("are used once over HTTP too: two reset submits at once set one password", async () => {
    const user = await createUser(app.db);
    const token = await issue(app.db, { purpose: "password_reset", userId: user.id, hours: 1 });
    const statuses = await Promise.all(
      ["first-password-1", "second-password-2"].map(
        async (password) => (await new Browser(app.baseUrl).post("/reset-password", { token, password })).status,
      ),
    );
    expect(statuses.sort()).toEqual([303, 400]);
  });

  it("are accepted for their own purpose only", async () => {
    const user = await createUser(app.db);
    const tokens = await issueEvery(user.id);
    for (const purpose of PURPOSES) {
      for (const other of PURPOSES.filter((p) => p !== purpose)) {
        expect(await peek(other, tokens[purpose]), `${purpose} as ${other}`).toBeNull();
        expect(await consume(app.db, other, tokens[purpose]), `${purpose} as ${other}`).toBeNull();
      }
    }
    // Through the pages: a reset link is no verification or email-change link, and back.
    const visitor = new Browser(app.baseUrl);
    expect((await visitor.post("/verify-email", { token: tokens.password_reset })).status).toBe(400);
    expect((await visitor.post("/account/confirm-email", { token: tokens.password_reset })).status).toBe(400);
    const asReset = await visitor.post("/reset-password", {
      token: tokens.email_verification,
      password: "new-pass-123",
    });
    expect(asReset.status).toBe(400);
    expect(await (await visitor.get(`/reset-password?token=${tokens.email_change}`)).text()).toContain(
      "This link has expired or has already been used.",
    );
    // Each still works for what it was issued for.
    for (const purpose of PURPOSES) {
      expect(await consume(app.db, purpose, tokens[purpose]), purpose).toEqual({ userId: user.id, data: null });
    }
  });

  it("of every purpose stop working when the user's credential epoch is raised; others' and later ones work", async () => {
    const user = await createUser(app.db);
    const bystander = await createUser(app.db);
    const before = await issueEvery(user.id);
    const theirs = await issueEvery(bystander.id);

    await app.db.transaction().execute((trx) => bumpCredentialEpoch(trx, user.id));

    expect(
      (await app.db.selectFrom("users").select("credential_epoch").where("id", "=", user.id).executeTakeFirstOrThrow())
        .credential_epoch,
    ).toBe(1);
    for (const purpose of PURPOSES) {
      expect(await peek(purpose, before[purpose]), purpose).toBeNull();
      expect(await consume(app.db, purpose, before[purpose]), purpose).toBeNull();
      expect(await peek(purpose, theirs[purpose]), purpose).toEqual({ userId: bystander.id, data: null });
    }
    expect(
      await (await new Browser(app.baseUrl).get(`/reset-password?token=${before.password_reset}`)).text(),
    ).toContain("This link has expired or has already been used.");

    const after = await issue(app.db, { purpose: "password_reset", userId: user.id, hours: 1 });
    expect((await tokenRows(user.id)).find((row) => row.token_hash === sha256(after))?.credential_epoch).toBe(1);
    expect(await consume(app.db, "password_reset", after)).toEqual({ userId: user.id, data: null });
  });

  it("voidUnused ends the user's unused links of the named purposes (all when none are named)", async () => {
    const user = await createUser(app.db);
    const bystander = await createUser(app.db);
    const tokens = await issueEvery(user.id);
    const theirs = await issueEvery(bystander.id);
    const used = await issue(app.db, { purpose: "password_reset", userId: user.id, hours: 1 });
    await consume(app.db, "password_reset", used);

    await voidUnused(app.db, user.id, ["password_reset", "email_change"]);
    const left = (await tokenRows(user.id)).map((row) => row.token_hash);
    expect(left).not.toContain(sha256(tokens.password_reset));
    expect(left).not.toContain(sha256(tokens.email_change));
    expect(left).toContain(sha256(used)); // a used link stays until housekeeping prunes it
    for (const purpose of ["email_verification", "invitation", "sign_in"] as const) {
      expect(await peek(purpose, tokens[purpose]), purpose).not.toBeNull();
    }

    await voidUnused(app.db, user.id);
    expect((await tokenRows(user.id)).map((row) => row.token_hash)).toEqual([sha256(used)]);
    for (const purpose of PURPOSES) expect(await peek(purpose, theirs[purpose]), purpose).not.toBeNull();
  });

  it("a claim link belongs to its address: used once, ended by no account's epoch, kept when the account goes", async () => {
    const user = await createUser(app.db);
    const token = await app.db
      .transaction()
      .execute((trx) => issueForAddress(trx, { purpose: "claim", email: user.email, hours: 1 }));
    expect(await peek("claim", token)).toBeNull(); // not an account's link
    await app.db.transaction().execute((trx) => bumpCredentialEpoch(trx, user.id));
    await app.db.transaction().execute((trx) => voidUnused(trx, user.id));
    await app.db.deleteFrom("users").where("id", "=", user.id).execute();
    expect(await peekForAddress("claim", token)).toBe(user.email);
    expect(await app.db.transaction().execute((trx) => consumeForAddress(trx, "claim", token))).toBe(user.email);
    expect(await peekForAddress("claim", token)).toBeNull();
    expect(await consumeForAddress(app.db, "claim", token)).toBeNull();
  });

  it("replaceUnused ends the user's older unused links of the same purpose only", async () => {
    const user = await createUser(app.db);
    const invitation = await issue(app.db, { purpose: "invitation", userId: user.id, hours: 1 });
    const first = await issue(app.db, { purpose: "sign_in", userId: user.id, hours: 1 });
    const second = await issue(app.db, { purpose: "sign_in", userId: user.id, hours: 1 });
    expect(await peek("sign_in", first)).not.toBeNull(); // without replaceUnused both live
    const third = await issue(app.db, { purpose: "sign_in", userId: user.id, hours: 1, replaceUnused: true });
    expect(await peek("sign_in", first)).toBeNull();
    expect(await peek("sign_in", second)).toBeNull();
    expect(await peek("sign_in", third)).not.toBeNull();
    expect(await peek("invitation", invitation)).not.toBeNull();
  });
});

describe("migration 0010_single_use_tokens", () => {
  const migrator = () => new Migrator({ db: app.db, provider: { getMigrations: async () => migrations } });
  const raw = () => crypto.randomBytes(32).toString("base64url");

  it("moves every row of the three old tables into single_use_tokens, and down moves the live ones back", async () => {
    const user = await createUser(app.db);
    const other = await createUser(app.db);
    const reset = raw();
    const verify = raw();
    const change = raw();
    const spent = raw();

    expect((await migrator().migrateTo("0009_paid_access_plan_cache")).error).toBeUndefined();
    await sql`
      INSERT INTO password_reset_tokens (user_id, token_hash, expires_at)
      VALUES (${user.id}, ${sha256(reset)}, now() + interval '1 hour')`.execute(app.db);
    await sql`
      INSERT INTO email_verification_tokens (user_id, token_hash, expires_at, used_at)
      VALUES (${user.id}, ${sha256(spent)}, now() + interval '1 hour', now()),
             (${other.id}, ${sha256(verify)}, now() + interval '1 hour', NULL)`.execute(app.db);
    await sql`
      INSERT INTO email_change_tokens (user_id, new_email, token_hash, expires_at)
      VALUES (${user.id}, 'moved@test.example', ${sha256(change)}, now() + interval '1 hour')`.execute(app.db);
    // These two users' rows (the earlier tests' links went down into the old tables too).
    const oldRows = async () =>
      (
        await sql<{ kind: string; user_id: string; token_hash: string; used: boolean; new_email: string | null }>`
          SELECT * FROM (
            SELECT 'password_reset' AS kind, user_id, token_hash, used_at IS NOT NULL AS used, NULL AS new_email
              FROM password_reset_tokens
            UNION ALL SELECT 'email_verification', user_id, token_hash, used_at IS NOT NULL, NULL
              FROM email_verification_tokens
            UNION ALL SELECT 'email_change', user_id, token_hash, used_at IS NOT NULL, new_email
              FROM email_change_tokens
          ) old WHERE user_id IN (${user.id}, ${other.id})
          ORDER BY token_hash`.execute(app.db)
      ).rows;
    const before = await oldRows();
    expect(before).toHaveLength(4);

    expect((await migrator().migrateToLatest()).error).toBeUndefined();
    const { rows: leftover } = await sql<{ name: string }>`
      SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_name IN ('password_reset_tokens', 'email_verification_tokens', 'email_change_tokens')`.execute(
      app.db,
    );
    expect(leftover).toEqual([]);
    const moved = await app.db
      .selectFrom("single_use_tokens")
      .select(["purpose", "user_id", "token_hash", "used_at", "data", "credential_epoch"])
      .where("user_id", "in", [user.id, other.id])
      .orderBy("token_hash")
      .execute();
    expect(
      moved.map((row) => ({
        kind: row.purpose,
        user_id: row.user_id,
        token_hash: row.token_hash,
        used: row.used_at !== null,
        new_email: (row.data?.newEmail as string | undefined) ?? null,
      })),
    ).toEqual(before);
    expect(moved.map((row) => row.credential_epoch)).toEqual([0, 0, 0, 0]);
    // The links already mailed keep working, each for its own purpose only.
    expect(await peek("password_reset", reset)).toEqual({ userId: user.id, data: null });
    expect(await peek("email_verification", verify)).toEqual({ userId: other.id, data: null });
    expect(await peek("email_change", change)).toEqual({ userId: user.id, data: { newEmail: "moved@test.example" } });
    expect(await peek("email_verification", spent)).toBeNull();
    expect(await peek("password_reset", change)).toBeNull();

    // Down: a link the epoch voided, and one of a purpose the old tables never had, stay behind.
    await issue(app.db, { purpose: "invitation", userId: other.id, hours: 1 });
    await bumpCredentialEpoch(app.db, user.id);
    expect((await migrator().migrateTo("0009_paid_access_plan_cache")).error).toBeUndefined();
    expect(await oldRows()).toEqual(before.filter((row) => row.user_id === other.id));
    const { rows: columns } = await sql<{ name: string }>`
      SELECT column_name AS name FROM information_schema.columns
      WHERE table_name = 'users' AND column_name = 'credential_epoch'`.execute(app.db);
    expect(columns).toEqual([]);

    expect((await migrator().migrateToLatest()).error).toBeUndefined();
    expect(await peek("email_verification", verify)).toEqual({ userId: other.id, data: null });
    expect(await peek("password_reset", reset)).toBeNull(); // voided before the round trip, gone since
  });
});
