// The HTTP layer: the page cache's fast path, then Express (static files, security headers, CSRF
// origin check and the Remix handler).
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import compression from "compression";
import express from "express";
import { createRequestHandler as createRemixHandler, type ServerBuild } from "@remix-run/node";
import { env } from "~/infra/env.server";
import { bodyErrors, bodyLimits } from "./body-limits";
import { createLogger, type Logger } from "./logger";
import { createHttpMetrics, metricsEndpoint } from "./metrics";
import { cacheablePages, createPageCache } from "./page-cache";
import { createFetchRequest, sendResponse } from "./remix-adapter";
import { requestLog } from "./request-log";
import { createRouteMatcher } from "./route-pattern";
import { baseSecurityHeaders, clientAddress, createNonce, isCrossSiteWrite } from "./security";

type Options = { publicDir?: string; mode?: "production" | "development"; logger?: Logger };

/**
 * Builds the Express app around a Remix server build, from the validated configuration. Used by
 * server/index.ts and by the integration tests, which listen on an ephemeral port and speak real
 * HTTP to it (they set the environment first: the configuration is read here once).
 */
export function createApp(
  build: ServerBuild,
  { publicDir = path.resolve("public"), mode = "production", logger }: Options = {},
) {
  const config = env();
  const app = express();
  const log = logger ?? createLogger({ level: config.LOG_LEVEL, pretty: mode === "development" });
  const metrics = createHttpMetrics();
  // HSTS only where the site is really served over HTTPS, never on a local http://localhost.
  const securityHeaders = baseSecurityHeaders({
    hsts: mode === "production" && Boolean(config.PUBLIC_URL?.startsWith("https:")),
  });

  app.disable("x-powered-by");
  if (config.METRICS_TOKEN) app.get("/metrics", metricsEndpoint(config.METRICS_TOKEN));
  app.use((req, res, next) => {
    res.set(securityHeaders);
    next();
  });
  app.use(compression());

  // Fingerprinted client bundles never change; everything else in public/ may.
  app.use("/build", express.static(path.join(publicDir, "build"), { immutable: true, maxAge: "1y" }));
  // The demo video and poster: large, versioned by a ?v= query in the pages (DEMO_VIDEO_MEDIA), so
  // cached for a year; a missing file is a 404, never the catch-all route's redirect to an HTML page.
  app.use("/media", express.static(path.join(publicDir, "media"), { immutable: true, maxAge: "1y", index: false }));
  app.use("/media", (req, res) => res.status(404).type("text/plain").send("Not found"));
  // Only for names that exist in public/: a page request then costs no file-system lookup.
  const publicNames = new Set(fs.readdirSync(publicDir).filter((name) => name !== "build" && name !== "media"));
  const publicFiles = express.static(publicDir, { maxAge: "1h", index: false });
  app.use((req, res, next) => (publicNames.has(req.path.split("/")[1]) ? publicFiles(req, res, next) : next()));

  app.use((req, res, next) => {
    const refused = isCrossSiteWrite({
      method: req.method,
      pathname: req.path,
      originHeader: req.get("origin"),
      refererHeader: req.get("referer"),
      host: req.get("host"),
      publicOrigin: config.PUBLIC_URL,
    });
    if (refused) {
      res.status(403).type("text/plain").send("Cross-site form submissions are not allowed.");
      return;
    }
    next();
  });

  // Bodies are limited (413) and checked (400) before anything reads them; Remix reads the checked buffer.
  app.use(bodyLimits(), bodyErrors);

  const handleRemix = createRemixHandler(build, mode);
  app.all("*", async (req, res, next) => {
    try {
      const context = {
        cspNonce: createNonce(),
        clientAddress: clientAddress({
          trustProxy: config.TRUST_PROXY,
          headers: req.headers,
          socketAddress: req.socket.remoteAddress,
        }),
      };
      // Kept for the request's log line, which reads what the app noted there (the user id).
      res.locals.loadContext = context;
      const response = await handleRemix(createFetchRequest(req, res), context);
      await sendResponse(req, res, response);
    } catch (error) {
      next(error);
    }
  });

  // Anonymous public pages are answered from memory BEFORE Express (server/page-cache.ts). A miss
  // renders through Remix directly, from a request made of the cache key alone: no nonce (the CSP
  // lists the hashes of the page's inline scripts instead, so every copy carries a strict policy)
  // and no client address (a page that depends on one must not be cached).
  const pageCache = createPageCache({
    pages: cacheablePages(build.routes),
    render: (request) => handleRemix(request, {}),
    headers: securityHeaders,
    ttlSeconds: config.PAGE_CACHE_SECONDS,
    onLookup: metrics.observePageCache,
  });
  // First, so pages answered from the cache are logged and measured too.
  const logRequest = requestLog({
    logger: log,
    routeOf: createRouteMatcher(build.routes),
    observe: metrics.observeRequest,
  });
  const listener: http.RequestListener = (req, res) => {
    const requestId = logRequest(req, res);
    const expressApp = () => {
      res.setHeader("X-Request-Id", requestId);
      app(req, res);
    };
    if (!pageCache.handle(req, res, expressApp, ["X-Request-Id", requestId])) expressApp();
  };

  return {
    /** The whole HTTP layer as one request listener. */
    listener,
    /** Hit, miss and render counters, and the cache's size (for metrics). */
    pageCache,
    listen: (port: number, host: string, onListening?: () => void) =>
      http.createServer(listener).listen(port, host, onListening),
  };
}
