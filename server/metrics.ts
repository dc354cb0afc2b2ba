// Prometheus metrics for the HTTP layer, in prom-client's default registry (the app adds its own
// there: webhooks, outbox, database pool; see app/platform/metrics.server.ts), and the /metrics
// endpoint: on the site's port behind METRICS_TOKEN, or on METRICS_PORT at METRICS_HOST (this
// machine only by default; fly.toml's [metrics] scrapes it over the private network).
import http from "node:http";
import { constants, PerformanceObserver } from "node:perf_hooks";
import client from "prom-client";
import { bindsEveryInterface } from "~/platform/env.server";
import { secretsEqual } from "~/platform/hash.server";
import { sendText } from "./respond";

const { register } = client;

function once<T extends client.Metric>(name: string, create: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? create();
}

export function createHttpMetrics() {
  // Process memory, CPU, event-loop lag, garbage collection: what a leak or a stall shows in.
  if (!register.getSingleMetric("process_cpu_user_seconds_total")) client.collectDefaultMetrics();
  // The heap right after each full garbage collection: what is really alive. It grows only with a
  // leak, unlike the heap in use or RSS, which V8 lets grow while there is room (the soak reads it).
  once("app_heap_after_major_gc_bytes", () => {
    const gauge = new client.Gauge({
      name: "app_heap_after_major_gc_bytes",
      help: "V8 heap in use right after the latest full (mark-sweep-compact) garbage collection",
    });
    new PerformanceObserver((list) => {
      const major = list
        .getEntries()
        .some(
          (entry) =>
            (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ===
            constants.NODE_PERFORMANCE_GC_MAJOR,
        );
      if (major) gauge.set(process.memoryUsage().heapUsed);
    }).observe({ entryTypes: ["gc"] });
    return gauge;
  });
  const duration = once(
    "http_request_duration_seconds",
    () =>
      new client.Histogram({
        name: "http_request_duration_seconds",
        help: "Time to answer a request, by method, route pattern and status",
        labelNames: ["method", "route", "status"] as const,
        buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      }),
  );
  const pageCache = once(
    "page_cache_lookups_total",
    () =>
      new client.Counter({
        name: "page_cache_lookups_total",
        help: "In-process page cache lookups of cacheable requests: hit (answered from memory) or miss (rendered)",
        labelNames: ["outcome"] as const,
      }),
  );
  // Labelled children, kept: prom-client would otherwise check and hash the labels on every
  // request. Bounded: methods are the few Node's parser accepts, routes are patterns.
  const durations = new Map<string, client.Histogram.Internal<"method" | "route" | "status">>();
  const cacheLookups = { hit: pageCache.labels("hit"), miss: pageCache.labels("miss") };
  return {
    observeRequest: ({ method, route, status }: { method: string; route: string; status: number }, seconds: number) => {
      const key = `${method} ${route} ${status}`;
      let child = durations.get(key);
      if (!child) durations.set(key, (child = duration.labels(method, route, String(status))));
      child.observe(seconds);
    },
    observePageCache: (outcome: "hit" | "miss") => cacheLookups[outcome].inc(),
  };
}

/**
 * Where a scrape's text comes from: this process's registry, or with several server processes
 * (server/process-cluster.ts) the sum of all of theirs.
 */
export type MetricsSource = () => Promise<string>;
export const processMetrics: MetricsSource = () => register.metrics();

async function send(res: http.ServerResponse, source: MetricsSource, own: readonly string[] = []) {
  const body = await source();
  res.writeHead(200, [...own, "Content-Type", register.contentType, "Cache-Control", "no-store"]).end(body);
}

/** Whether the request carries `Authorization: Bearer <token>`. */
function hasToken(req: http.IncomingMessage, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(req.headers.authorization ?? "")?.[1] ?? "";
  return secretsEqual(given, token);
}

const refuse = (res: http.ServerResponse, own: readonly string[] = []) =>
  sendText(res, 401, "Unauthorized", own, {
    headers: ["WWW-Authenticate", 'Bearer realm="metrics"', "Cache-Control", "no-store"],
  });

/** GET /metrics on the site's port: only with `Authorization: Bearer <METRICS_TOKEN>`. */
export function metricsEndpoint(token: string, source: MetricsSource = processMetrics) {
  return (req: http.IncomingMessage, res: http.ServerResponse, own: readonly string[]) => {
    if (!hasToken(req, token)) return refuse(res, own);
    return send(res, source, own);
  };
}

/**
 * A separate listener that serves only /metrics, on METRICS_HOST: 127.0.0.1 unless the operator
 * names a private network's address. Bound to every interface it is as public as the site, so it
 * asks for the same bearer token (`token`; the configuration refuses that address without one).
 */
export function startMetricsServer(
  { port, host, token }: { port: number; host: string; token?: string },
  source: MetricsSource = processMetrics,
) {
  const needsToken = bindsEveryInterface(host);
  return http
    .createServer((req, res) => {
      if (req.method !== "GET" || new URL(req.url ?? "/", "http://metrics").pathname !== "/metrics") {
        res.writeHead(404).end();
        return;
      }
      if (needsToken && !(token && hasToken(req, token))) return refuse(res);
      send(res, source).catch(() => res.writeHead(500).end());
    })
    .listen(port, host);
}
