// The process's one logger (docs/decisions/059): pino, one JSON object per line on stdout, which
// Fly and any log shipper read as is (pino-pretty in the process for LOG_FORMAT=pretty, or unset
// in development; `npm start` prints the JSON readable from a second process,
// scripts/pretty-logs.js). Code logs through `log`, with fields rather than sentences:
// `log.info({ mailId, to_hash }, "mail sent")`.
// `log` writes through the child of whatever runs now: the request's (reqId, method, path, set by
// server/app.ts) or the job's (`runAsJob`: the mail sender, housekeeping, the settings pollers,
// start-up), carried by AsyncLocalStorage, so no function passes a logger along.
import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";
import { createRequire } from "node:module";
import pino, { type DestinationStream, type Level, type LogFn, type Logger } from "pino";
import type PinoPretty from "pino-pretty";
import { env } from "~/platform/env.server";
import { logHashKey } from "~/platform/keys.server";

export type { Logger };

export function createLogger({
  level,
  pretty,
  destination,
}: {
  level: string;
  pretty: boolean;
  destination?: DestinationStream;
}): Logger {
  const options: pino.LoggerOptions = {
    level,
    timestamp: pino.stdTimeFunctions.isoTime,
    // Never a cookie, a credential or an address, whatever a caller passes in.
    redact: {
      paths: [
        "cookie",
        "authorization",
        "password",
        "token",
        "email",
        "*.cookie",
        "*.authorization",
        "*.password",
        "*.token",
        "*.email",
      ],
      censor: "[redacted]",
    },
  };
  if (destination) return pino(options, destination);
  return pretty ? pino(options, prettyStream()) : pino(options);
}

/**
 * pino-pretty (a dev dependency: never loaded in production) formatting in this thread, written
 * at once: `npm run dev` and the scripts that call app code. A transport's worker thread could
 * keep a short script from ever exiting, and `npm start` formats in a process of its own (058).
 */
function prettyStream(): DestinationStream {
  const pinoPretty = createRequire(import.meta.url)("pino-pretty") as typeof PinoPretty;
  return pinoPretty({ translateTime: "SYS:HH:MM:ss.l", sync: true });
}

type Scope = { fields: Record<string, string>; logger?: Logger };
type Slot = { root?: Logger; scopes: AsyncLocalStorage<Scope> };

// The server's bundle (build/server.js) and the app's (build/index.js) each compile this module
// in: the logger and the scopes live in one slot of the process, so both write through the same.
const slot: Slot = ((globalThis as { [key: symbol]: Slot })[Symbol.for("ai-profit-labs.log")] ??= {
  scopes: new AsyncLocalStorage<Scope>(),
});

/** Makes `logger` the process's logger (the tests, to read the lines; server/index.ts when the configuration is refused). */
export function installLogger(logger: Logger) {
  slot.root = logger;
}

/** The process's logger: the installed one, or one made from LOG_LEVEL and LOG_FORMAT (pretty in development). */
export function rootLogger(): Logger {
  if (!slot.root) {
    const { LOG_LEVEL, LOG_FORMAT, NODE_ENV } = env();
    slot.root = createLogger({
      level: LOG_LEVEL,
      pretty: LOG_FORMAT ? LOG_FORMAT === "pretty" : NODE_ENV === "development",
    });
  }
  return slot.root;
}

/** The child of what runs now, made on its first line: a request that logs nothing costs no child. */
function current(): Logger {
  const scope = slot.scopes.getStore();
  if (!scope) return rootLogger();
  scope.logger ??= rootLogger().child(scope.fields);
  return scope.logger;
}

function at(level: Level): LogFn {
  return ((...args: unknown[]) => {
    const logger = current();
    (logger[level] as (...args: unknown[]) => void).apply(logger, args);
  }) as LogFn;
}

/** Where every module logs: `log.warn({ orderId }, "order without a product")`; an error as `{ err }`, with its stack. */
export const log = {
  fatal: at("fatal"),
  error: at("error"),
  warn: at("warn"),
  info: at("info"),
  debug: at("debug"),
};

/** Runs a request (server/app.ts): every line `log` writes while it runs carries these fields. */
export function runInRequest<T>(fields: { reqId: string; method: string; path: string }, run: () => T): T {
  return slot.scopes.run({ fields }, run);
}

/** Runs one round of a job: its lines carry `job`, and not the fields of the request that may have started it. */
export function runAsJob<T>(job: string, run: () => T): T {
  return slot.scopes.run({ fields: { job } }, run);
}

/**
 * An address (or any identifier a log must not hold) as a log field: the same value gives the
 * same 16 characters, so one recipient's lines can be followed, but the address cannot be read
 * back, nor guessed from a list of addresses without the server's SESSION_SECRET (a keyed hash).
 */
export function hashForLog(value: string): string {
  return crypto.createHmac("sha256", logHashKey()).update(value.trim().toLowerCase()).digest("base64url").slice(0, 16);
}
