// The HTTP layer, on Node's own request and response (no framework: see docs/decisions/033):
// the request target normalised once, the page cache's fast path, then static files, the CSRF
// origin check, the body limits and the Remix handler. Every answer carries the security headers
// and the request id. The server it makes holds every connection to the limits of decision 049.
import http from "node:http";
import path from "node:path";
import { createRequestHandler as createRemixHandler, type ServerBuild } from "@remix-run/node";
import { env } from "~/platform/env.server";
import { log, rootLogger, runInRequest } from "~/platform/log.server";
import { readBody, watchRequestBody } from "./body-limits";
import { HTTP_LIMITS, serverOptions, type HttpLimits } from "./connections";
import { createHttpMetrics, metricsEndpoint, type MetricsSource } from "./metrics";
import { registerPageCache } from "~/platform/page-cache-signal";
import { cacheablePages, createPageCache } from "./page-cache";
import { createFetchRequest, sendResponse } from "./remix-adapter";
import { pathOf, requestLog } from "./request-log";
import { flatHeaders, sendText } from "./respond";
import { normaliseTarget } from "./request-target";
import { createRouteMatcher } from "./route-pattern";
import {
  baseSecurityHeaders,
  clientAddress,
  createNonce,
  dropOriginHeader,
  isCrossSiteWrite,
  isSignedLinkPath,
} from "./security";
import { createStaticFiles } from "./static-files";

type Options = {
  publicDir?: string;
  mode?: "production" | "development";
  /** What the token-protected /metrics answers with (every worker's sum, in a worker of several). */
  metrics?: MetricsSource;
  /** Timeouts, the body-rate floor and the lingering close (HTTP_LIMITS); the tests shorten them. */
  limits?: Partial<HttpLimits>;
};

/** What entry.server exports for the HTTP layer beside Remix's own entry. */
type EntryForHttp = { hasAdminSession?: (cookieHeader: string | undefined) => Promise<boolean> };

/** What the app notes about a request for its log line (server/request-log.ts): the signed-in user. */
type LoadContext = { cspNonce: string; clientAddress: string; userId?: string };

/**
 * Builds the request listener around a Remix server build, from the validated configuration. Used
 * by server/index.ts and by the integration tests, which listen on an ephemeral port and speak
 * real HTTP to it (they set the environment first: the configuration is read here once).
 */
export function createApp(
  build: ServerBuild,
  { publicDir = path.resolve("public"), mode = "production", metrics: metricsSource, limits }: Options = {},
) {
  const config = env();
  const httpLimits: HttpLimits = { ...HTTP_LIMITS, ...limits };
  const entry = build.entry.module as EntryForHttp;
  const hasAdminSession = (req: http.IncomingMessage) =>
    entry.hasAdminSession ? entry.hasAdminSession(req.headers.cookie) : Promise.resolve(false);
  // Requests that sent `Expect: 100-continue`: the body limits send the 100 when they read the body.
  const awaitingContinue = new WeakSet<http.IncomingMessage>();
  const metrics = createHttpMetrics();
  // HSTS only where the site is really served over HTTPS, never on a local http://localhost.
  const securityHeaders = baseSecurityHeaders({
    hsts: mode === "production" && Boolean(config.PUBLIC_URL?.startsWith("https:")),
  });
  const securityHeaderList = flatHeaders(securityHeaders);
  const serveMetrics = config.METRICS_TOKEN ? metricsEndpoint(config.METRICS_TOKEN, metricsSource) : null;
  const serveStaticFile = createStaticFiles(publicDir);
  const handleRemix = createRemixHandler(build, mode);
  const loadContexts = new WeakMap<http.ServerResponse, LoadContext>();

  /** Everything the page cache does not answer. */
  async function serve(req: http.IncomingMessage, res: http.ServerResponse, own: readonly string[]) {
    const pathname = pathOf(req.url);
    if (serveMetrics && pathname === "/metrics" && (req.method === "GET" || req.method === "HEAD")) {
      return serveMetrics(req, res, own);
    }
    if (await serveStaticFile(req, res, pathname, own)) return;

    const refused = isCrossSiteWrite({
      method: req.method ?? "GET",
      pathname,
      originHeader: req.headers.origin,
      refererHeader: req.headers.referer,
      host: req.headers.host,
      publicOrigin: config.PUBLIC_URL,
    });
    if (refused) return sendText(res, 403, "Cross-site form submissions are not allowed.", own);
    // The unsubscribe token is the authority there (decision 054), whoever's origin the POST names.
    if (isSignedLinkPath(pathname)) dropOriginHeader(req);

    // Bodies are limited (413) and checked (400) before anything reads them; Remix reads the checked buffer.
    const read = await readBody(req, res, pathname, own, {
      limits: httpLimits,
      hasAdminSession,
      expectsContinue: awaitingContinue.has(req),
    });
    if ("refused" in read) return;

    const context: LoadContext = {
      cspNonce: createNonce(),
      clientAddress: clientAddress({
        trustProxy: config.TRUST_PROXY,
        headers: req.headers,
        socketAddress: req.socket.remoteAddress,
      }),
    };
    // Kept for the request's log line, which reads what the app noted there (the user id).
    loadContexts.set(res, context);
    const response = await handleRemix(createFetchRequest(req, res, read.body), context);
    await sendResponse(req, res, response, own);
  }

  function fail(req: http.IncomingMessage, res: http.ServerResponse, own: readonly string[], error: unknown) {
    // A client that went away mid-answer is not an error of ours.
    if (res.destroyed || req.destroyed) return void res.destroy();
    log.error({ err: error }, "request failed");
    if (res.headersSent) return void res.destroy();
    sendText(res, 500, "Internal Server Error", own);
  }

  // Anonymous public pages are answered from memory first (server/page-cache.ts). A miss renders
  // through Remix directly, from a request made of the cache key alone: no nonce (the CSP lists the
  // hashes of the page's inline scripts instead, so every copy carries a strict policy) and no
  // client address (a page that depends on one must not be cached).
  const pageCache = createPageCache({
    pages: cacheablePages(build.routes),
    publicOrigin: config.PUBLIC_URL,
    render: (request) => handleRemix(request, {}),
    headers: securityHeaders,
    ttlSeconds: config.PAGE_CACHE_SECONDS,
    onLookup: metrics.observePageCache,
  });
  // A save of the launch settings drops the pages that show them (app/platform/page-cache-signal.ts).
  registerPageCache(pageCache);
  // First, so pages answered from the cache are logged and measured too.
  const logRequest = requestLog({
    logger: rootLogger(),
    routeOf: createRouteMatcher(build.routes),
    observe: metrics.observeRequest,
    userOf: (res) => loadContexts.get(res)?.userId,
  });
  const listener: http.RequestListener = (req, res) => {
    // Everything below (the log line, the cache key, the static files, the CSRF check, the body
    // limits and Remix's routing) reads this one normalised target.
    req.url = normaliseTarget(req.url);
    const fields = logRequest(req, res);
    // Whatever the app logs while it answers (app/platform/log.server.ts) carries the request's fields.
    runInRequest(fields, () => {
      const rest = () => {
        const own = [...securityHeaderList, "X-Request-Id", fields.reqId];
        // Whoever ends up reading the body (or dropping it), it keeps to the rate floor.
        watchRequestBody(req, res, own, httpLimits);
        serve(req, res, own).catch((error: unknown) => fail(req, res, own, error));
      };
      if (!pageCache.handle(req, res, rest, ["X-Request-Id", fields.reqId])) rest();
    });
  };

  /**
   * The HTTP server, with the limits of decision 049, answering through `handle` (the listener
   * above, or server/index.ts's wrapper of it). `Expect: 100-continue` is not answered by Node at
   * once: the body limits decide first, so a refused body is never invited.
   */
  function createServer(handle: http.RequestListener = listener): http.Server {
    const server = http.createServer(serverOptions(httpLimits), handle);
    server.on("checkContinue", (req: http.IncomingMessage, res: http.ServerResponse) => {
      awaitingContinue.add(req);
      handle(req, res);
    });
    return server;
  }

  return {
    /** The whole HTTP layer as one request listener. */
    listener,
    createServer,
    /** Hit, miss and render counters, and the cache's size (for metrics). */
    pageCache,
    listen: (port: number, host: string, onListening?: () => void) => createServer().listen(port, host, onListening),
  };
}
