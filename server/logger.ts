// Structured logs: one JSON object per line on stdout (pino), which Fly and any log shipper read
// as is; pretty-printed in development. Everything the app prints with console.* goes through
// the same logger, so stdout holds nothing but JSON lines, and errors keep their stacks.
import { format } from "node:util";
import pino, { type DestinationStream, type Logger } from "pino";

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
    // Never a cookie or a credential, whatever a caller passes in.
    redact: {
      paths: ["cookie", "authorization", "*.cookie", "*.authorization", "password", "*.password"],
      censor: "[redacted]",
    },
    ...(pretty &&
      !destination && { transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss.l" } } }),
  };
  return destination ? pino(options, destination) : pino(options);
}

const LEVELS = { log: "info", info: "info", warn: "warn", error: "error", debug: "debug" } as const;

/** console.log/info/warn/error/debug become log records; the first Error among the arguments is kept whole (`err`, with its stack). */
export function routeConsoleTo(logger: Logger) {
  for (const [method, level] of Object.entries(LEVELS)) {
    (console as unknown as Record<string, (...args: unknown[]) => void>)[method] = (...args: unknown[]) => {
      const error = args.find((arg): arg is Error => arg instanceof Error);
      const text = format(...args.filter((arg) => arg !== error)).trim();
      if (error) logger[level]({ err: error }, text || error.message);
      else logger[level](text);
    };
  }
}
