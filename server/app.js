// The HTTP layer: static files, security headers, CSRF origin check and the Remix handler.
import path from "node:path";
import compression from "compression";
import express from "express";
import { createRequestHandler } from "@remix-run/express";
import { createPageCache } from "./page-cache.js";
import { baseSecurityHeaders, clientAddress, createNonce, isCrossSiteWrite } from "./security.js";

const truthy = (value) => ["1", "true", "yes", "on"].includes(String(value ?? "").toLowerCase());

/**
 * Builds the Express app around a Remix server build. Used by server.js and by the
 * integration tests, which listen on an ephemeral port and speak real HTTP to it.
 */
export function createApp(build, { publicDir = path.resolve("public"), mode = "production" } = {}) {
  const app = express();
  const trustProxy = truthy(process.env.TRUST_PROXY);
  // HSTS only where the site is really served over HTTPS, never on a local http://localhost.
  const securityHeaders = baseSecurityHeaders({
    hsts: mode === "production" && Boolean(process.env.PUBLIC_URL?.startsWith("https:")),
  });

  // Anonymous public pages are answered from memory first (server/page-cache.js); 0 turns it off.
  const pageCache = createPageCache({ ttlSeconds: Number(process.env.PAGE_CACHE_SECONDS ?? 10) });

  app.disable("x-powered-by");
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
      publicOrigin: process.env.PUBLIC_URL,
    });
    if (refused) {
      res.status(403).type("text/plain").send("Cross-site form submissions are not allowed.");
      return;
    }
    next();
  });

  app.use(pageCache.capture);
  app.all(
    "*",
    createRequestHandler({
      build,
      mode,
      getLoadContext: (req) => ({
        cspNonce: createNonce(),
        clientAddress: clientAddress({
          trustProxy,
          headers: req.headers,
          socketAddress: req.socket.remoteAddress,
        }),
      }),
    }),
  );

  return app;
}
