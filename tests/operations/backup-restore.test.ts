import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Kysely, Migrator } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../app/platform/db/db-schema";
import { PGliteThreadDialect } from "../../app/platform/db/pglite-thread.server";
import { migrations } from "../../migrations";
import { startAppProcess } from "../support/app-process";
import { createUser, uniqueEmail } from "../support/fixtures";
import { Browser } from "../support/http";
import { createDatabase, openDatabase } from "../support/operations";
import { startCluster, type Cluster } from "../support/pg-cluster";

/**
 * `npm run db:backup` and `npm run db:restore`, run as an operator runs them, on both engines:
 * a backup restored into a fresh database holds the same users, orders and chapters.
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), "app-backup-"));
let cluster: Cluster;

beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => {
  cluster?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

function script(name: "db-backup" | "db-restore", args: string[], env: Record<string, string>) {
  const { PGLITE_DIR: _dir, DATABASE_URL: _url, ...inherited } = process.env;
  const result = spawnSync(path.resolve("node_modules/.bin/tsx"), [`scripts/${name}.ts`, ...args], {
    env: { ...inherited, NODE_ENV: "development", ...env },
    encoding: "utf8",
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

async function migrate(db: Kysely<DB>) {
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateToLatest();
  if (error) throw error;
}

/** Users (one paid by Stripe, one on the marketplace), their orders, and a course with chapters. */
async function fill(db: Kysely<DB>) {
  await createUser(db, { paid: "stripe-order" });
  await createUser(db, { paid: "warriorplus" });
  await createUser(db, { isAdmin: true });
  const course = await db
    .insertInto("courses")
    .values({ title: "Backed-up course", description: "kept" })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("chapters")
    .values(
      [1, 2, 3].map((n) => ({
        course_id: course.id,
        title: `Chapter ${n}`,
        content: `<p>Text ${n}</p>`,
        sort_order: n,
      })),
    )
    .execute();
}

/** What must survive, in a stable order. */
async function snapshot(db: Kysely<DB>) {
  return {
    users: await db.selectFrom("users").select(["id", "email", "password_hash", "is_admin"]).orderBy("email").execute(),
    stripeOrders: await db
      .selectFrom("stripe_orders")
      .select(["checkout_session_id", "status", "amount_total"])
      .orderBy("checkout_session_id")
      .execute(),
    marketplaceOrders: await db
      .selectFrom("warriorplus_orders")
      .select(["sale_id", "user_id", "grants_membership"])
      .orderBy("sale_id")
      .execute(),
    chapters: await db
      .selectFrom("chapters")
      .select(["id", "course_id", "title", "content", "sort_order"])
      .orderBy("sort_order")
      .execute(),
  };
}

describe("backups", () => {
  it("PostgreSQL: pg_dump's backup restores into a fresh database with the same users, orders and chapters", async () => {
    const sourceUrl = await createDatabase(cluster, "source");
    const source = openDatabase(sourceUrl);
    await migrate(source);
    await fill(source);
    const before = await snapshot(source);
    await source.destroy();

    const file = path.join(work, "site.dump");
    const backup = script("db-backup", [file], { DATABASE_URL: sourceUrl });
    expect(backup.status, backup.output).toBe(0);

    const freshUrl = await createDatabase(cluster, "restored");
    const restore = script("db-restore", [file], { DATABASE_URL: freshUrl });
    expect(restore.status, restore.output).toBe(0);
    const restored = openDatabase(freshUrl);
    expect(await snapshot(restored)).toEqual(before);
    expect(before.users).toHaveLength(3);
    expect(before.chapters).toHaveLength(3);

    // A second restore would overwrite live data: refused without --replace.
    const again = script("db-restore", [file], { DATABASE_URL: freshUrl });
    expect(again.status).not.toBe(0);
    expect(again.output).toContain("--replace");
    await restored.destroy();
  });

  it("PGlite: the data folder's archive restores into a new folder with the same data; never taken while a server owns it", async () => {
    const sourceDir = path.join(work, "pglite-source");
    fs.mkdirSync(sourceDir);
    const source = new Kysely<DB>({ dialect: new PGliteThreadDialect({ dir: sourceDir, prepare: false }) });
    await migrate(source);
    await fill(source);
    const before = await snapshot(source);

    // The folder is open (this process stands in for the running server, holding its lock).
    fs.writeFileSync(path.join(sourceDir, "app.lock"), String(process.pid));
    const refused = script("db-backup", [path.join(work, "refused.tar.gz")], { PGLITE_DIR: sourceDir });
    expect(refused.status).not.toBe(0);
    expect(refused.output).toContain("server stopped");
    await source.destroy();
    fs.rmSync(path.join(sourceDir, "app.lock"));

    const file = path.join(work, "site.tar.gz");
    const backup = script("db-backup", [file], { PGLITE_DIR: sourceDir });
    expect(backup.status, backup.output).toBe(0);

    const restoredDir = path.join(work, "pglite-restored");
    const restore = script("db-restore", [file], { PGLITE_DIR: restoredDir });
    expect(restore.status, restore.output).toBe(0);

    // The real server runs on the restored folder; stopped with SIGTERM, it flushes and unlocks it.
    const server = await startAppProcess({ PGLITE_DIR: restoredDir, SEED_DEMO_CONTENT: "false" });
    const email = uniqueEmail("after-restore");
    expect(
      (await new Browser(server.baseUrl).post("/signup", { name: "After Restore", email, password: "a-long-password" }))
        .status,
    ).toBe(303);
    expect(await server.stop("SIGTERM")).toBe(0);
    expect(fs.existsSync(path.join(restoredDir, "app.lock"))).toBe(false);

    const restored = new Kysely<DB>({ dialect: new PGliteThreadDialect({ dir: restoredDir, prepare: false }) });
    const after = await snapshot(restored);
    // Everything backed up, plus the account made through the server (and the admin and the
    // included courses its start-up seeds, decision 063).
    const seeded = new Set(before.users.map((user) => user.email));
    const backedUp = new Set(before.chapters.map((chapter) => chapter.course_id));
    expect({
      ...after,
      users: after.users.filter((user) => seeded.has(user.email)),
      chapters: after.chapters.filter((chapter) => backedUp.has(chapter.course_id)),
    }).toEqual(before);
    expect(after.users.map((user) => user.email)).toContain(email);
    await restored.destroy();
  });
});
