// Several server processes behind one port (WEB_CONCURRENCY, docs/decisions/035): the process
// started by `node build/server.js` becomes the primary. It forks the workers, each of which is
// a whole server (server/index.ts: migrations under the advisory lock, the page cache, the mail
// sender), replaces one that dies, stops them all on SIGTERM/SIGINT, and answers the metrics
// port with the sum of every worker's metrics. It opens no database and serves no page itself.
import cluster, { type Worker } from "node:cluster";
import client from "prom-client";
import { log } from "~/platform/log.server";
import { startMetricsServer } from "./metrics";

/** A worker asks the primary for every worker's metrics (the token-protected /metrics on the site's port). */
export const METRICS_REQUEST = "app:metrics-request";
export const METRICS_REPLY = "app:metrics-reply";
type MetricsRequest = { type: typeof METRICS_REQUEST; id: number };
type MetricsReply = { type: typeof METRICS_REPLY; id: number; text?: string; error?: string };

/** A worker that dies after it was serving is replaced after this pause, so a crash loop cannot spin. */
const RESTART_DELAY_MS = 1_000;

/**
 * `drainMs`: how long a worker lets its requests in flight finish after SIGTERM; one still
 * running 5 s past that is killed.
 */
export function runPrimary({
  processes,
  metrics,
  drainMs,
}: {
  processes: number;
  /** METRICS_PORT's listener (server/metrics.ts), if one is configured. */
  metrics?: Parameters<typeof startMetricsServer>[0];
  drainMs: number;
}) {
  const stopGraceMs = drainMs + 5_000;
  // Answers prom-client's own requests to the workers and sums what they send back.
  const aggregator = new client.AggregatorRegistry();
  // Workers not yet exited, and those among them that listen.
  const running = new Set<Worker>();
  const serving = new Set<Worker>();
  let stopping = false;
  let failed = false;

  const fork = () => running.add(cluster.fork());
  cluster.on("listening", (worker) => serving.add(worker));
  cluster.on("message", (worker, message: MetricsRequest) => {
    if (message?.type !== METRICS_REQUEST) return;
    const reply = (answer: Omit<MetricsReply, "type" | "id">) =>
      worker.isConnected() && worker.send({ type: METRICS_REPLY, id: message.id, ...answer } satisfies MetricsReply);
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
  cluster.on("exit", (worker, code, signal) => {
    running.delete(worker);
    const wasServing = serving.delete(worker);
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (stopping) {
      if (code !== 0) failed = true;
      if (running.size === 0) finish();
      return;
    }
    if (!wasServing) {
      // It never got to serve (the database refused it, say): more of the same would fail alike.
      log.error({ pid: worker.process.pid, exit: how }, "a server process exited before it could serve; stopping");
      failed = true;
      return void stopAll();
    }
    log.error({ pid: worker.process.pid, exit: how }, "a server process exited; starting another");
    // Not unref'd: with every worker gone, this timer is what keeps the primary alive.
    setTimeout(() => stopping || fork(), RESTART_DELAY_MS);
  });

  const metricsServer = metrics ? startMetricsServer(metrics, () => aggregator.clusterMetrics()) : null;

  function stopAll() {
    if (stopping) return;
    stopping = true;
    metricsServer?.close();
    if (running.size === 0) return finish();
    for (const worker of running) worker.process.kill("SIGTERM");
    setTimeout(() => {
      log.error(
        { graceSeconds: stopGraceMs / 1000 },
        "server processes still running after the grace period are killed",
      );
      for (const worker of running) worker.process.kill("SIGKILL");
      failed = true;
    }, stopGraceMs).unref();
  }

  function finish() {
    if (failed) log.error("server stopped, with errors");
    else log.info("server stopped cleanly");
    process.exit(failed ? 1 : 0);
  }

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (!stopping) log.info({ signal, processes: serving.size }, "stopping the server processes");
      stopAll();
    });
  }
  log.info({ processes }, "starting the server processes");
  for (let i = 0; i < processes; i++) fork();
}

/** In a worker: the metrics of every worker, summed by the primary. */
export function clusterMetricsFromPrimary(): Promise<string> {
  const id = nextRequestId++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => settle(new Error("the primary process did not answer")), 5_000);
    function settle(error: Error | null, text?: string) {
      clearTimeout(timer);
      process.off("message", onMessage);
      if (error) reject(error);
      else resolve(text ?? "");
    }
    function onMessage(message: MetricsReply) {
      if (message?.type !== METRICS_REPLY || message.id !== id) return;
      settle(message.error ? new Error(message.error) : null, message.text);
    }
    process.on("message", onMessage);
    process.send!({ type: METRICS_REQUEST, id } satisfies MetricsRequest);
  });
}
let nextRequestId = 0;

/** In a worker: answer the primary's requests for this process's metrics (prom-client's protocol). */
export function joinClusterMetrics() {
  new client.AggregatorRegistry();
}
