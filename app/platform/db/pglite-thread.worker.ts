// The embedded database's own thread (docs/decisions/036-embedded-database-in-its-own-thread.md).
// It owns the PGlite folder and runs the statements the server's main thread sends, one at a time
// and in the order they arrive, except that while a transaction is open only that transaction's
// statements run. Its protocol is in pglite-thread.server.ts, the one module that starts it.
//
// Imports are relative (no `~/`): this file is also run as it is, through tsx, by the tests.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { PreparingPGlite } from "./prepared-statements.server";
import type { ThreadRequest, ThreadResponse, ThreadStart } from "./pglite-thread.server";

const { dir, prepare } = workerData as ThreadStart;
const port = parentPort!;
// PostgreSQL's shared buffers inside the WebAssembly memory: 32 MB instead of 128 (decision 058).
// The folder's files stay in the operating system's page cache, so a page read past the buffers
// costs a copy, not a disk read; the 96 MB kept are a quarter of what the smallest Fly machine
// (512 MB) gives the whole process.
//
// bytea goes to and from PostgreSQL's hex text through Buffer's own codec: PGlite's default made an
// array of one string per byte, about 40 bytes of heap for each byte of a file (decision 068).
const BYTEA = 17;
const options = {
  startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"],
  serializers: {
    [BYTEA]: (value: unknown) => {
      if (!(value instanceof Uint8Array)) throw new Error("Invalid input for bytea type");
      return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("hex")}`;
    },
  },
  parsers: { [BYTEA]: (text: string) => Buffer.from(text.slice(2), "hex") },
};
const database = prepare ? new PreparingPGlite(dir, options) : new PGlite(dir, options);

const queue: ThreadRequest[] = [];
let transactionOwner: number | null = null;
let running = false;

/** The next request that may run: the oldest, or the open transaction's oldest statement. */
function next(): ThreadRequest | undefined {
  const index =
    transactionOwner === null ? 0 : queue.findIndex((r) => "connection" in r && r.connection === transactionOwner);
  return index < 0 ? undefined : queue.splice(index, 1)[0];
}

/** What survives the copy to the main thread of a PostgreSQL error: its message and its fields (code, ...). */
function describe(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error))
    if (value === undefined || typeof value !== "object") fields[key] = value;
  return { ...fields, name: error.name, message: error.message };
}

async function run(request: ThreadRequest): Promise<ThreadResponse> {
  if ("close" in request) {
    await database.close();
    return { id: request.id, rows: [] };
  }
  try {
    const result = await database.query(request.sql, request.params as unknown[]);
    if (request.transaction === "begin") transactionOwner = request.connection;
    return { id: request.id, rows: result.rows, affectedRows: result.affectedRows };
  } catch (error) {
    return { id: request.id, error: describe(error) };
  } finally {
    // A failed COMMIT ends the transaction as well; a failed ROLLBACK leaves nothing to wait for.
    if (request.transaction === "end") transactionOwner = null;
  }
}

async function drain() {
  if (running) return;
  running = true;
  try {
    for (let request = next(); request; request = next()) {
      port.postMessage(await run(request));
      if ("close" in request) return port.close();
    }
  } finally {
    running = false;
  }
}

port.on("message", (request: ThreadRequest) => {
  queue.push(request);
  void drain();
});

database.waitReady.then(
  () => port.postMessage({ ready: true } satisfies ThreadResponse),
  (error: unknown) => port.postMessage({ ready: false, error: describe(error) } satisfies ThreadResponse),
);
