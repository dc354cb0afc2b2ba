// One log line and one histogram observation per request, and the request id: taken from the
// proxy's X-Request-Id when it looks like one, otherwise generated, and echoed in the answer.
import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";
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

export function requestLog({ logger, routeOf, observe }: Options) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    const requestId = requestIdOf(req.get("x-request-id"));
    res.locals.requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    res.once("finish", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeOf(req.path);
      observe({ method: req.method, route, status: res.statusCode }, seconds);
      // The load context the Remix handler used (set in app.ts): the root loader names the user there.
      const userId = (res.locals.loadContext as { userId?: string } | undefined)?.userId;
      const level = res.statusCode >= 500 ? "error" : "info";
      logger[level](
        {
          reqId: requestId,
          method: req.method,
          route,
          path: req.path,
          status: res.statusCode,
          durationMs: Math.round(seconds * 10_000) / 10,
          ...(userId && { userId }),
        },
        "request",
      );
    });
    next();
  };
}
