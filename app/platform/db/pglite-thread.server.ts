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

export type ThreadStart = { dir: string; prepare: boolean };
/** What the main thread posts, before `send` numbers it: a statement on a connection, or "close". */
type ThreadMessage =
  { connection: number; sql: string; params: readonly unknown[]; transaction?: "begin" | "end" } | { close: true };
export type ThreadRequest = ThreadMessage & { id: number };
type Answer = { id: number; rows: unknown[]; affectedRows?: number } | { id: number; error: Record<string, unknown> };
export type ThreadResponse = Answer | { ready: true } | { ready: false; error: Record<string, unknown> };

type Pending = { resolve: (answer: Answer) => void; reject: (error: Error) => void };

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
  if (fromSource || (process.env.NODE_ENV === "development" && fs.existsSync(source))) {
    const load = `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(source.href)}); })`;
    return new Worker(load, { eval: true, workerData: start });
  }
  return new Worker(new URL("./pglite-worker.js", import.meta.url), { workerData: start });
}

/** An Error with the PostgreSQL fields the thread sent (code, detail, constraint, ...). */
function rebuildError(fields: Record<string, unknown>): Error {
  return Object.assign(new Error(String(fields.message ?? "database error")), fields);
}

class PGliteThread {
  readonly ready: Promise<void>;
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #stopped: Error | null = null;

  constructor(start: ThreadStart) {
    // Referenced until it is ready and while a statement is unanswered, so a script waits for it.
    this.#worker = startWorker(start);
    this.ready = new Promise((resolve, reject) => {
      this.#worker.on("message", (response: ThreadResponse) => {
        if ("ready" in response) {
          if (this.#pending.size === 0) this.#worker.unref();
          return response.ready ? resolve() : reject(rebuildError(response.error));
        }
        const pending = this.#pending.get(response.id);
        if (!pending) return;
        this.#pending.delete(response.id);
        if (this.#pending.size === 0) this.#worker.unref();
        pending.resolve(response);
      });
      const stop = (error: Error) => {
        this.#stopped ??= error;
        reject(this.#stopped);
        for (const pending of this.#pending.values()) pending.reject(this.#stopped);
        this.#pending.clear();
      };
      this.#worker.on("error", (error: Error) => {
        log.error({ err: error }, "the embedded database's thread failed");
        stop(error);
      });
      this.#worker.on("exit", () => stop(new Error("the embedded database is closed")));
    });
    // Callers see the failure on their statements; this keeps an unawaited start from crashing.
    this.ready.catch(() => {});
  }

  /** Posts one request and resolves with the thread's answer. */
  send(message: ThreadMessage): Promise<Answer> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      try {
        // Throws for a value structured clone cannot copy (a function, say): nothing was sent.
        this.#worker.postMessage({ ...message, id } satisfies ThreadRequest);
      } catch (error) {
        return reject(error as Error);
      }
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject });
    });
  }

  async execute(connection: number, sql: string, params: readonly unknown[], transaction?: "begin" | "end") {
    const answer = await this.send({ connection, sql, params, transaction });
    if ("error" in answer) throw rebuildError(answer.error);
    return answer;
  }

  async close() {
    if (this.#stopped) return;
    await this.send({ close: true });
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
