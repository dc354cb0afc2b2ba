// The Remix request handler for Express, reading the body that server/body-limits.ts buffered
// and checked (Express's own adapter reads the raw socket stream, which is gone by then).
import type { RequestHandler, Request as ExpressRequest, Response as ExpressResponse } from "express";
import {
  createRequestHandler,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type ServerBuild,
} from "@remix-run/node";

type Options = {
  build: ServerBuild;
  mode: "production" | "development";
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
};

function fetchHeaders(req: ExpressRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

export function remixHandler({ build, mode, getLoadContext }: Options): RequestHandler {
  const handle = createRequestHandler(build, mode);
  return async (req, res, next) => {
    try {
      // Loaders and actions are aborted when the client goes away before the answer is sent.
      const controller = new AbortController();
      res.on("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      const withBody = req.method !== "GET" && req.method !== "HEAD";
      const body: unknown = req.body;
      const bytes = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
      const request = new Request(new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`), {
        method: req.method,
        headers: fetchHeaders(req),
        signal: controller.signal,
        body: withBody ? new Uint8Array(bytes) : undefined,
      });
      const response = await handle(request, getLoadContext(req, res));
      res.statusMessage = response.statusText;
      res.status(response.status);
      for (const [name, value] of response.headers.entries()) res.append(name, value);
      if (response.body) await writeReadableStreamToWritable(response.body, res);
      else res.end();
    } catch (error) {
      next(error);
    }
  };
}
