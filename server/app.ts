// The HTTP layer: static files, security headers, CSRF origin check and the Remix handler.
import path from "node:path";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "@remix-run/node";
import { env } from "~/infra/env.server";
import { bodyErrors, bodyLimits } from "./body-limits";
import { createLogger, type Logger } from "./logger";
import { createHttpMetrics, metricsEndpoint } from "./metrics";
import { createPageCache } from "./page-cache";
import { remixHandler } from "./remix-handler";
import { requestLog } from "./request-log";
import { createRouteMatcher } from "./route-pattern";
import { baseSecurityHeaders, clientAddress, createNonce, isCrossSiteWrite } from "./security";

type Options = { publicDir?: string; mode?: "production" | "development"; logger?: Logger };

/**
 * Builds the Express app around a Remix server build, from the validated configuration. Used by
 * server/index.ts and by the integration tests, which listen on an ephemeral port and speak real
 * HTTP to it (they set the environment first: the configuration is read here once).
 */
export function createApp(build: ServerBuild, { publicDir = path.resolve("public"), mode = "production", logger }: Options = {}) {
  const config = env();
  const app = express();
  const log = logger ?? createLogger({ level: config.LOG_LEVEL, pretty: mode === "development" });
  const metrics = createHttpMetrics();
  // HSTS only where the site is really served over HTTPS, never on a local http://localhost.
  const securityHeaders = baseSecurityHeaders({
    hsts: mode === "production" && Boolean(config.PUBLIC_URL?.startsWith("https:")),
  });

  // Anonymous public pages are answered from memory first (server/page-cache.ts); 0 turns it off.
  const pageCache = createPageCache({ ttlSeconds: config.PAGE_CACHE_SECONDS, onLookup: metrics.observePageCache });

  app.disable("x-powered-by");
  // First, so pages answered from the cache are logged and measured too.
  app.use(requestLog({ logger: log, routeOf: createRouteMatcher(build.routes), observe: metrics.observeRequest }));
  if (config.METRICS_TOKEN) app.get("/metrics", metricsEndpoint(config.METRICS_TOKEN));
  app.use(pageCache.lookup);
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
  app.use(express.static(publicDir, { maxAge: "1h", index: false }));

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

  // Bodies are limited (413) and checked (400) before anything reads them.
  app.use(bodyLimits(), bodyErrors);

  app.use(pageCache.capture);
  app.all(
    "*",
    remixHandler({
      build,
      mode,
      getLoadContext: (req, res) => {
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
        return context;
      },
    }),
  );

  return app;
}
