// One log line and one histogram observation per request, and the request id: taken from the
// proxy's X-Request-Id when it looks like one, otherwise generated, and echoed in the answer.
import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "./logger";

const REQUEST_ID = /^[\w.:@-]{1,128}$/;

export function requestIdOf(header: string | undefined): string {
  return header && REQUEST_ID.test(header) ? header : crypto.randomUUID();
}

type Options = {
  logger: Logger;
  routeOf: (pathname: string) => string;
  observe: (labels: { method: string; route: string; status: number }, seconds: number) => void;
};

/**
 * Runs first for every request, on the raw Node request, so pages answered by the page cache
 * (before Express) are logged and measured like every other. Express adds `res.locals` to the
 * same response object later; the load context it holds names the signed-in user.
 */
export function requestLog({ logger, routeOf, observe }: Options) {
  return (req: IncomingMessage, res: ServerResponse & { locals?: Record<string, unknown> }) => {
    const started = process.hrtime.bigint();
    const header = req.headers["x-request-id"];
    const requestId = requestIdOf(Array.isArray(header) ? header[0] : header);
    res.setHeader("X-Request-Id", requestId);
    const method = req.method ?? "GET";
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    res.once("finish", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeOf(path);
      observe({ method, route, status: res.statusCode }, seconds);
      const userId = (res.locals?.loadContext as { userId?: string } | undefined)?.userId;
      const level = res.statusCode >= 500 ? "error" : "info";
      logger[level](
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
  };
}
