// One log line and one histogram observation per request, and the request id: taken from the
// proxy's X-Request-Id when it looks like one, otherwise generated, and echoed in the answer.
import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "~/platform/log.server";

const REQUEST_ID = /^[\w.:@-]{1,128}$/;

export function requestIdOf(header: string | undefined): string {
  return header && REQUEST_ID.test(header) ? header : crypto.randomUUID();
}

/** The path of a request target: sliced from the usual origin form, parsed only for the rare absolute form. */
export function pathOf(target: string | undefined): string {
  if (!target) return "/";
  if (target.startsWith("/") && !target.startsWith("//")) {
    const end = target.search(/[?#]/);
    return end < 0 ? target : target.slice(0, end);
  }
  try {
    return new URL(target, "http://localhost").pathname;
  } catch {
    return "/";
  }
}

type Options = {
  logger: Logger;
  routeOf: (pathname: string) => string;
  observe: (labels: { method: string; route: string; status: number }, seconds: number) => void;
  /** The signed-in user the app noted for this response, if any. */
  userOf: (res: ServerResponse) => string | undefined;
};

/** What every log line of a request carries (its child logger's fields, app/platform/log.server.ts). */
export type RequestFields = { reqId: string; method: string; path: string };

/**
 * Runs first for every request, so pages answered by the page cache are logged and measured like
 * every other. Returns the request's fields: its id, which the caller sends back with the answer,
 * its method and path, which every line the app logs for it carries.
 */
export function requestLog({ logger, routeOf, observe, userOf }: Options) {
  // Request lines hold only the fields below, none of them a secret, so they skip the logger's
  // redaction, which costs more than the rest of the line (about 4 µs each).
  const lines = logger.child({}, { redact: [] });
  return (req: IncomingMessage, res: ServerResponse): RequestFields => {
    const started = process.hrtime.bigint();
    const header = req.headers["x-request-id"];
    const requestId = requestIdOf(Array.isArray(header) ? header[0] : header);
    const method = req.method ?? "GET";
    const path = pathOf(req.url);
    res.once("finish", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeOf(path);
      observe({ method, route, status: res.statusCode }, seconds);
      const userId = userOf(res);
      const level = res.statusCode >= 500 ? "error" : "info";
      lines[level](
        {
          reqId: requestId,
          method,
          route,
          path,
          status: res.statusCode,
          durationMs: Math.round(seconds * 10_000) / 10,
          ...(userId && { userId }),
        },
        "request",
      );
    });
    return { reqId: requestId, method, path };
  };
}
