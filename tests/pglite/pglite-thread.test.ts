import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Kysely, sql, type Generated } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { PGliteThreadDialect } from "../../app/platform/db/pglite-thread.server";

// The embedded database in its own thread (app/platform/db/pglite-thread.server.ts): a real PGlite folder
// opened by a real worker thread, through the same Kysely dialect the app uses. The folders are
// copies of the integration-pglite project's migrated template (tests/support/global-setup.ts):
// creating a PGlite folder from nothing (initdb) takes seconds, copying one a fraction of that.

/** A folder of our own holding a PGlite database. */
function databaseFolder(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.cpSync(inject("pgliteTemplateDir"), dir, { recursive: true });
  return dir;
}

type Tables = {
  items: {
    id: Generated<number>;
    label: string;
    created_at: Generated<Date>;
    payload: Uint8Array | null;
    meta: unknown;
  };
};

let dir: string;
let database: Kysely<Tables>;

beforeAll(async () => {
  dir = databaseFolder("pglite-thread-");
  database = new Kysely<Tables>({ dialect: new PGliteThreadDialect({ dir, prepare: true }) });
  await sql`CREATE TABLE items (id serial PRIMARY KEY, label text UNIQUE NOT NULL, created_at timestamptz NOT NULL DEFAULT now(), payload bytea, meta jsonb)`.execute(
    database,
  );
});

afterAll(async () => {
  await database?.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const labels = async () =>
  (await database.selectFrom("items").select("label").orderBy("label").execute()).map((row) => row.label);

describe("the embedded database's thread", () => {
  it("returns rows with their types, and the number of rows a write changed", async () => {
    const at = new Date("2026-11-25T12:00:00.000Z");
    const inserted = await database
      .insertInto("items")
      .values({
        label: "typed",
        created_at: at,
        payload: new Uint8Array([0, 1, 255]),
        meta: JSON.stringify({ a: [1, "b"] }),
      })
      .returning(["id", "created_at", "payload", "meta"])
      .executeTakeFirstOrThrow();
    expect(inserted.created_at).toBeInstanceOf(Date);
    expect(inserted.created_at.toISOString()).toBe(at.toISOString());
    expect([...inserted.payload!]).toEqual([0, 1, 255]);
    expect(inserted.meta).toEqual({ a: [1, "b"] });

    const updated = await database
      .updateTable("items")
      .set({ label: "typed-2" })
      .where("label", "=", "typed")
      .executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(1n);
    await database.deleteFrom("items").execute();
  });

  it("hands PostgreSQL's errors over with their SQLSTATE and fields, and stays usable", async () => {
    await database.insertInto("items").values({ label: "unique" }).execute();
    const error = await database
      .insertInto("items")
      .values({ label: "unique" })
      .execute()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: "23505", constraint: "items_label_key", table: "items" });
    expect((error as Error).message).toMatch(/duplicate key value/);
    expect(await labels()).toEqual(["unique"]);
    await database.deleteFrom("items").execute();
  });

  it("refuses a parameter that cannot be copied to the thread, and keeps answering", async () => {
    const uncopyable = { callback: () => "a function" };
    await expect(sql`SELECT ${uncopyable as unknown as string} AS value`.execute(database)).rejects.toThrow(
      /could not be cloned/,
    );
    expect((await sql<{ value: string }>`SELECT ${"copied"} AS value`.execute(database)).rows).toEqual([
      { value: "copied" },
    ]);
  });

  it("runs a transaction's statements alone: another connection's write is neither inside it nor lost with it", async () => {
    const order: string[] = [];
    let otherWrite: Promise<unknown> | undefined;
    let seenInside: string[] = [];
    const transaction = database
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto("items").values({ label: "inside" }).execute();
        // Another request writes while this transaction is open, its statement sent before the
        // transaction's next one: were it let in, that next read would see its row...
        otherWrite = database
          .insertInto("items")
          .values({ label: "outside" })
          .execute()
          .then(() => order.push("outside written"));
        seenInside = (await trx.selectFrom("items").select("label").execute()).map((row) => row.label);
        order.push("transaction failing");
        throw new Error("the transaction fails");
      })
      .catch(() => order.push("rolled back"));
    await transaction;
    await otherWrite;
    // ...but it waits for the transaction: the rollback takes only the transaction's own row.
    expect(seenInside).toEqual(["inside"]);
    expect(order).toEqual(["transaction failing", "rolled back", "outside written"]);
    expect(await labels()).toEqual(["outside"]);
    await database.deleteFrom("items").execute();
  });

  it("takes transactions in turn", async () => {
    const both = ["first", "second"].map((label) =>
      database.transaction().execute(async (trx) => {
        const count = (
          await trx
            .selectFrom("items")
            .select(sql<number>`count(*)::int`.as("n"))
            .executeTakeFirstOrThrow()
        ).n;
        // A round trip between the read and the write, in which the other transaction's
        // statements would run were it not waiting for this one to end.
        await sql`SELECT 1`.execute(trx);
        await trx
          .insertInto("items")
          .values({ label: `${label} saw ${count}` })
          .execute();
      }),
    );
    await Promise.all(both);
    expect(await labels()).toEqual(["first saw 0", "second saw 1"]);
    await database.deleteFrom("items").execute();
  });

  it("leaves the main thread free while a statement runs", async () => {
    // The longest the event loop went without running a timer while a one-second statement ran.
    // In the main thread, PGlite would hold the loop for the whole second: one gap of at least
    // that. Counting 10 ms ticks instead failed on a busy machine, where a timer runs less often
    // and a process waits its turn for a CPU (pauses of 200 ms were seen at a load of 20 on two
    // CPUs); half a second is far above such pauses and far below the statement's length.
    const started = performance.now();
    let last = started;
    let longestGap = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 10);
    await sql`SELECT pg_sleep(1)`.execute(database);
    const finished = performance.now();
    clearInterval(timer);
    longestGap = Math.max(longestGap, finished - last);
    expect(finished - started).toBeGreaterThanOrEqual(990);
    expect(longestGap).toBeLessThan(500);
  });

  it("refuses statements once closed, with a message that says so", async () => {
    const other = databaseFolder("pglite-thread-closed-");
    const closing = new Kysely<Tables>({ dialect: new PGliteThreadDialect({ dir: other, prepare: false }) });
    expect((await sql<{ one: number }>`SELECT 1 AS one`.execute(closing)).rows).toEqual([{ one: 1 }]);
    await closing.destroy();
    const error = await sql`SELECT 1`.execute(closing).catch((caught: unknown) => caught);
    expect(String(error)).toMatch(/destroyed|closed/);
    fs.rmSync(other, { recursive: true, force: true });
    // Opening a second PGlite (a WebAssembly instance in a new thread) took over 30 s once when
    // the machine's two CPUs were shared by several test runs: allow for that.
  }, 90_000);

  it("restarts a thread that died: the statement that killed it fails, the next ones are answered, the data kept", async () => {
    const other = databaseFolder("pglite-thread-restart-");
    // A small heap, so a modest statement exhausts it (the app's threads have THREAD_HEAP_MIB).
    const restarting = new Kysely<Tables>({
      dialect: new PGliteThreadDialect({ dir: other, prepare: true, heapMib: 32 }),
    });
    await sql`CREATE TABLE items (id serial PRIMARY KEY, label text UNIQUE NOT NULL, created_at timestamptz NOT NULL DEFAULT now(), payload bytea, meta jsonb)`.execute(
      restarting,
    );
    await restarting.insertInto("items").values({ label: "kept" }).execute();
    // Millions of rows: more objects than the thread's heap holds (its resourceLimits), so the
    // thread runs out of memory and ends, as a runaway statement would end it.
    const killer = await sql`SELECT n FROM generate_series(1, 400000) AS n`
      .execute(restarting)
      .catch((caught: unknown) => caught);
    expect(killer).toBeInstanceOf(Error);
    await vi.waitFor(
      async () => {
        const rows = await restarting.selectFrom("items").select("label").execute();
        expect(rows).toEqual([{ label: "kept" }]);
      },
      { timeout: 60_000, interval: 250 },
    );
    await restarting.destroy();
    fs.rmSync(other, { recursive: true, force: true });
  }, 90_000);
});
