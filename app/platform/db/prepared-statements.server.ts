import { parse, PGlite, protocol, type QueryOptions, type Results } from "@electric-sql/pglite";

/**
 * Named prepared statements, on both engines (docs/decisions/034-prepared-statements.md).
 *
 * Every statement Kysely sends is planned again when it goes out unnamed. For the statements a
 * member page runs, planning was most of the database's work: the dashboard's course query took
 * 0.215 ms to plan and 0.050 ms to run on PostgreSQL 15, and on PGlite each unnamed query costs six
 * protocol calls into the WebAssembly engine. A named statement is parsed once per connection and,
 * after PostgreSQL's five custom plans, runs on a cached generic plan.
 *
 * Which statements: data statements (SELECT, INSERT, UPDATE, DELETE, WITH) with at least one
 * parameter, i.e. the ones a request repeats with different values. Parameterless statements (BEGIN,
 * COMMIT, migrations, `SELECT 1`) stay unnamed, and so may still hold several statements.
 * At most MAX_PREPARED_STATEMENTS texts per process are named; any further text runs unnamed, so
 * neither the process nor a connection holds an unbounded number.
 */
export const MAX_PREPARED_STATEMENTS = 500;

const DATA_STATEMENT = /^\s*(?:select|insert|update|delete|with)\b/i;

/** The text's statement name, stable for the life of the process; null when it runs unnamed. */
export class StatementNames {
  readonly #names = new Map<string, string>();

  nameFor(text: string, values: readonly unknown[]): string | null {
    if (values.length === 0 || !DATA_STATEMENT.test(text)) return null;
    let name = this.#names.get(text);
    if (name === undefined) {
      if (this.#names.size >= MAX_PREPARED_STATEMENTS) return null;
      name = `app_${this.#names.size + 1}`;
      this.#names.set(text, name);
    }
    return name;
  }
}

/**
 * PostgreSQL refuses to run a prepared `SELECT *` whose table changed its columns since it was
 * prepared (a migration applied by another instance during a rolling deploy). The statement is then
 * run once more unnamed: that plan is made afresh.
 */
export function isStalePreparedStatement(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === "0A000" && typeof message === "string" && message.includes("cached plan must not change result type");
}

// Statements that leave the schema as it is. Anything else (CREATE, ALTER, DROP, DO, a migration's
// script) may change what a prepared statement reads, so PGlite forgets its statements first.
const SCHEMA_PRESERVING =
  /^\s*(?:select|insert|update|delete|with|begin|start|commit|end|rollback|savepoint|release|set|show|explain)\b/i;

type Prepared = { name: string; parameterTypes: number[] };

/**
 * PGlite whose `query` runs data statements as named prepared statements: after the first run, ONE
 * call into the engine (Bind, Describe, Execute, Sync) instead of six, on a cached plan. The
 * messages come from PGlite's own protocol serializer and go back through its own result parser, so
 * rows, types and errors are exactly what `PGlite.query` gives. Only PGlite runs in this process on
 * its folder, so every schema change passes through here and clears the statements.
 */
export class PreparingPGlite extends PGlite {
  readonly #names = new StatementNames();
  readonly #prepared = new Map<string, Prepared>();

  override async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    const name = this.#names.nameFor(text, params);
    if (name === null) {
      if (this.#prepared.size > 0 && !SCHEMA_PRESERVING.test(text)) await this.#forgetStatements();
      return super.query<T>(text, params, options);
    }
    // The same readiness check and the same two locks as PGlite's own query.
    await this._checkReady();
    try {
      return await this._runExclusiveTransaction(() =>
        this._runExclusiveQuery(() => this.#runPrepared<T>(name, text, params, options)),
      );
    } catch (error) {
      if (!isStalePreparedStatement(error)) throw error;
      await this.#forgetStatements();
      return super.query<T>(text, params, options);
    }
  }

  async #runPrepared<T>(name: string, text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const statement = this.#prepared.get(text) ?? (await this.#prepare(name, text));
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = this.serializers[statement.parameterTypes[index]!];
      return serializer ? serializer(value) : String(value);
    });
    // Sync is part of the same call, so after an error the engine is ready again (PostgreSQL skips to it).
    const messages = await this.execProtocolStream(
      Buffer.concat([
        protocol.serialize.bind({ statement: name, values }),
        protocol.serialize.describe({ type: "P" }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    await this.syncToFs();
    return parse.parseResults(messages, this.parsers, options)[0] as Results<T>;
  }

  async #prepare(name: string, text: string): Promise<Prepared> {
    const messages = await this.execProtocolStream(
      Buffer.concat([
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: "S", name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement = { name, parameterTypes: parse.parseDescribeStatementResults(messages) };
    this.#prepared.set(text, statement);
    return statement;
  }

  async #forgetStatements() {
    this.#prepared.clear();
    await super.query("DEALLOCATE ALL");
  }
}
