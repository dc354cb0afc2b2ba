import fs from "node:fs";
import { Worker } from "node:worker_threads";
import {
  type CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from "kysely";
import { log } from "~/platform/log.server";

/**
 * The embedded database (PGlite) in a thread of its own, behind a Kysely dialect
 * (docs/decisions/036-embedded-database-in-its-own-thread.md).
 *
 * PGlite runs PostgreSQL compiled to WebAssembly in the thread that opens it. In the server's main
 * thread every statement stopped everything else for its duration: about half of a member page's
 * CPU, and a long report froze health checks and cached pages alike. Here the main thread posts
 * each statement to pglite-thread.worker.ts and renders other requests while it runs.
 *
 * Statements run one at a time in the order they are posted, as on a single connection, except
 * that a transaction's statements run alone: from BEGIN to COMMIT or ROLLBACK the thread holds
 * back every other connection's statements (a second transaction waits its turn).
 */

export type ThreadStart = {
  dir: string;
  prepare: boolean;
  /** The thread's heap limit (THREAD_HEAP_MIB); a test lowers it to make a thread run out quickly. */
  heapMib?: number;
};
/** What the main thread posts, before `send` numbers it: a statement on a connection, or "close". */
type ThreadMessage =
  { connection: number; sql: string; params: readonly unknown[]; transaction?: "begin" | "end" } | { close: true };
export type ThreadRequest = ThreadMessage & { id: number };
type Answer = { id: number; rows: unknown[]; affectedRows?: number } | { id: number; error: Record<string, unknown> };
export type ThreadResponse = Answer | { ready: true } | { ready: false; error: Record<string, unknown> };

type Pending = { resolve: (answer: Answer) => void; reject: (error: Error) => void };

/**
 * The thread's own heap, in MiB. Past it the thread alone runs out of memory and ends (without a
 * limit, one runaway result ended the whole process); PGliteThread then starts another. The
 * database's own memory (WebAssembly) is outside it: the heap holds only statements' parameters and
 * results on their way, which the file store keeps to 64 KiB parts (decision 068).
 */
export const THREAD_HEAP_MIB = 128;

/** After a thread died, the next is started this long after the last start (doubling while they keep dying). */
const RESTART_DELAY_MS = { first: 250, most: 30_000 };

/**
 * The thread's code. Built: build/pglite-worker.js, next to the server build that imports this
 * module (scripts/build-server.js). From source (tests, scripts run by tsx, and development, where
 * an edit should need no build): the TypeScript file, loaded through tsx's loader.
 */
function startWorker(start: ThreadStart): Worker {
  const fromSource = import.meta.url.endsWith(".ts");
  const source = new URL(
    fromSource ? "./pglite-thread.worker.ts" : "../app/platform/db/pglite-thread.worker.ts",
    import.meta.url,
  );
  const options = { workerData: start, resourceLimits: { maxOldGenerationSizeMb: start.heapMib ?? THREAD_HEAP_MIB } };
  if (fromSource || (process.env.NODE_ENV === "development" && fs.existsSync(source))) {
    const load = `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(source.href)}); })`;
    return new Worker(load, { ...options, eval: true });
  }
  // Vite (unit tests import this module through the routes) reads `new Worker(new URL(...), x)`
  // as a browser worker and wants static options; this one is Node's, so it is told to skip it.
  return new Worker(new URL("./pglite-worker.js", import.meta.url), /* @vite-ignore */ options);
}

/** An Error with the PostgreSQL fields the thread sent (code, detail, constraint, ...). */
function rebuildError(fields: Record<string, unknown>): Error {
  return Object.assign(new Error(String(fields.message ?? "database error")), fields);
}

/**
 * One thread at a time holds the database. If it dies (out of memory, say), the statements it had
 * are refused, the ones sent while none runs are refused at once ("restarting": /healthz answers
 * 503 meanwhile), and a new thread opens the same folder, which PostgreSQL recovers as after a
 * crash. This process keeps the folder's lock throughout. Only `close` stops it for good.
 */
class PGliteThread {
  readonly #start: ThreadStart;
  #worker: Worker | null = null;
  #ready: Promise<void> = Promise.resolve();
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #closed: Error | null = null;
  #restarting: Error | null = null;
  #restartDelayMs = RESTART_DELAY_MS.first;
  #startedAt = 0;

  constructor(start: ThreadStart) {
    this.#start = start;
    this.#launch();
  }

  /** Resolves when the current thread has opened the database. */
  get ready(): Promise<void> {
    return this.#ready;
  }

  #launch() {
    // Referenced until it is ready and while a statement is unanswered, so a script waits for it.
    const worker = startWorker(this.#start);
    this.#worker = worker;
    this.#restarting = null;
    this.#startedAt = Date.now();
    let ended = false;
    this.#ready = new Promise((resolve, reject) => {
      worker.on("message", (response: ThreadResponse) => {
        if ("ready" in response) {
          if (this.#pending.size === 0) worker.unref();
          return response.ready ? resolve() : reject(rebuildError(response.error));
        }
        const pending = this.#pending.get(response.id);
        if (!pending) return;
        this.#pending.delete(response.id);
        if (this.#pending.size === 0) worker.unref();
        pending.resolve(response);
      });
      const end = (error: Error) => {
        if (ended) return;
        ended = true;
        reject(error);
        for (const pending of this.#pending.values()) pending.reject(error);
        this.#pending.clear();
        this.#worker = null;
        if (this.#closed) return;
        this.#restarting = new Error("the embedded database is restarting");
        // A thread that lived a while starts again soon; one that dies at once waits longer each time.
        const lived = Date.now() - this.#startedAt;
        this.#restartDelayMs =
          lived > RESTART_DELAY_MS.most
            ? RESTART_DELAY_MS.first
            : Math.min(this.#restartDelayMs * 2, RESTART_DELAY_MS.most);
        log.error({ err: error, restartInMs: this.#restartDelayMs }, "the embedded database's thread stopped");
        setTimeout(() => this.#launch(), this.#restartDelayMs).unref();
      };
      worker.on("error", end);
      worker.on("exit", (code) => end(this.#closed ?? new Error(`the embedded database's thread exited (${code})`)));
    });
    // Callers see the failure on their statements; this keeps an unawaited start from crashing.
    this.#ready.catch(() => {});
  }

  /** Posts one request and resolves with the thread's answer. */
  send(message: ThreadMessage): Promise<Answer> {
    const worker = this.#worker;
    const down = this.#closed ?? this.#restarting;
    if (down || !worker) return Promise.reject(down ?? new Error("the embedded database is restarting"));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      try {
        // Throws for a value structured clone cannot copy (a function, say): nothing was sent.
        worker.postMessage({ ...message, id } satisfies ThreadRequest);
      } catch (error) {
        return reject(error as Error);
      }
      if (this.#pending.size === 0) worker.ref();
      this.#pending.set(id, { resolve, reject });
    });
  }

  async execute(connection: number, sql: string, params: readonly unknown[], transaction?: "begin" | "end") {
    const answer = await this.send({ connection, sql, params, transaction });
    if ("error" in answer) throw rebuildError(answer.error);
    return answer;
  }

  async close() {
    if (this.#closed) return;
    const closing = this.#worker ? this.send({ close: true }) : null;
    this.#closed = new Error("the embedded database is closed");
    await closing;
  }
}

let connectionIds = 0;

class ThreadConnection implements DatabaseConnection {
  readonly id = ++connectionIds;
  constructor(readonly thread: PGliteThread) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { rows, affectedRows } = await this.thread.execute(this.id, query.sql, query.parameters);
    return affectedRows ? { rows: rows as R[], numAffectedRows: BigInt(affectedRows) } : { rows: rows as R[] };
  }

  // eslint-disable-next-line require-yield -- Kysely's interface; the app never streams.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("streaming is not supported on the embedded database");
  }
}

class ThreadDriver implements Driver {
  readonly #thread: PGliteThread;
  constructor(start: ThreadStart) {
    this.#thread = new PGliteThread(start);
  }
  init() {
    return this.#thread.ready;
  }
  async acquireConnection() {
    return new ThreadConnection(this.#thread);
  }
  async releaseConnection() {}
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const sql = settings.isolationLevel ? `start transaction isolation level ${settings.isolationLevel}` : "begin";
    await this.#transactionStatement(connection, sql, "begin");
  }
  async commitTransaction(connection: DatabaseConnection) {
    await this.#transactionStatement(connection, "commit", "end");
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    await this.#transactionStatement(connection, "rollback", "end");
  }
  destroy() {
    return this.#thread.close();
  }
  async #transactionStatement(connection: DatabaseConnection, sql: string, transaction: "begin" | "end") {
    await this.#thread.execute((connection as ThreadConnection).id, sql, [], transaction);
  }
}

/** Kysely's dialect for the embedded database in its own thread. */
export class PGliteThreadDialect implements Dialect {
  constructor(readonly start: ThreadStart) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver() {
    return new ThreadDriver(this.start);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(database: Kysely<unknown>) {
    return new PostgresIntrospector(database);
  }
}
