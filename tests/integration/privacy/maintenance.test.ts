import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signIn } from "../../support/fixtures";
import { redirectTarget } from "../../support/http";
import { startTestApp, type TestApp } from "../../support/test-app";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe("start-up housekeeping", () => {
  it("prunes expired sessions, spent reset tokens and ended rate-limit windows, and keeps the live ones", async () => {
    const user = await createUser(app.db, { paid: "stripe-order" });
    const live = await signIn(app.baseUrl, user.email);
    const expired = await signIn(app.baseUrl, user.email);
    const expiredId = (
      await app.db
        .selectFrom("sessions")
        .select("id_hash")
        .where("user_id", "=", user.id)
        .orderBy("created_at", "desc")
        .executeTakeFirstOrThrow()
    ).id_hash;
    await app.db
      .updateTable("sessions")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("id_hash", "=", expiredId)
      .execute();

    const day = 24 * 60 * 60 * 1000;
    await app.db
      .insertInto("single_use_tokens")
      .values([
        {
          purpose: "password_reset",
          user_id: user.id,
          credential_epoch: 0,
          token_hash: "used-long-ago",
          expires_at: new Date(Date.now() + day),
          used_at: new Date(Date.now() - 2 * day),
          created_at: new Date(Date.now() - 2 * day),
        },
        {
          purpose: "password_reset",
          user_id: user.id,
          credential_epoch: 0,
          token_hash: "expired-long-ago",
          expires_at: new Date(Date.now() - day),
          used_at: null,
          created_at: new Date(Date.now() - 2 * day),
        },
        {
          purpose: "password_reset",
          user_id: user.id,
          credential_epoch: 0,
          token_hash: "used-just-now",
          expires_at: new Date(Date.now() + day),
          used_at: new Date(),
          created_at: new Date(),
        },
        {
          purpose: "password_reset",
          user_id: user.id,
          credential_epoch: 0,
          token_hash: "still-valid",
          expires_at: new Date(Date.now() + day),
          used_at: null,
          created_at: new Date(),
        },
      ])
      .execute();
    await app.db
      .insertInto("rate_limits")
      .values([
        { key: "test:ended", hits: 3, reset_at: new Date(Date.now() - 1000) },
        { key: "test:open", hits: 3, reset_at: new Date(Date.now() + 60_000) },
      ])
      .execute();

    await app.rerunStartup();

    const sessionIds = (
      await app.db.selectFrom("sessions").select("id_hash").where("user_id", "=", user.id).execute()
    ).map((row) => row.id_hash);
    expect(sessionIds).toHaveLength(1);
    expect(sessionIds).not.toContain(expiredId);
    expect((await live.get("/dashboard")).status).toBe(200);
    expect(redirectTarget(await expired.get("/dashboard"))).toBe("/login?redirect=%2Fdashboard");

    const tokens = await app.db
      .selectFrom("single_use_tokens")
      .select("token_hash")
      .where("user_id", "=", user.id)
      .execute();
    expect(tokens.map((row) => row.token_hash).sort()).toEqual(["still-valid", "used-just-now"]);
    const windows = await app.db.selectFrom("rate_limits").select("key").where("key", "like", "test:%").execute();
    expect(windows.map((row) => row.key)).toEqual(["test:open"]);
    await sql`SELECT 1`.execute(app.db); // the database is still open after the rerun
  });
});
