import client from "prom-client";
import { webhookOutcome, type WebhookReply } from "./webhook-response";
import { databasePoolStats } from "~/platform/db/db.server";
import { bcryptQueue } from "./password.server";
import { outboxDepth } from "~/platform/mail/outbox.server";

/**
 * The app's own Prometheus metrics, in prom-client's default registry, which the HTTP layer
 * serves at /metrics with its request histograms. The server bundle and the Remix build share
 * the one prom-client module from node_modules; `once` keeps a metric registered a single time
 * even when this module is evaluated in both.
 */
const { register } = client;

function once<T extends client.Metric>(name: string, create: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? create();
}

const webhookOutcomes = once(
  "app_webhook_outcomes_total",
  () =>
    new client.Counter({
      name: "app_webhook_outcomes_total",
      help: "Webhook deliveries by provider and outcome (applied, duplicate, rejected: 4xx, failed: 5xx, the sender retries)",
      labelNames: ["provider", "outcome"] as const,
    }),
);

const mailFailures = once(
  "app_outbox_send_failures_total",
  () =>
    new client.Counter({
      name: "app_outbox_send_failures_total",
      help: "Outbox messages whose delivery attempt failed (each is retried)",
    }),
);

export function recordWebhookOutcome(provider: "stripe" | "warriorplus", reply: WebhookReply) {
  webhookOutcomes.inc({ provider, outcome: webhookOutcome(reply) });
}

export function recordMailFailure() {
  mailFailures.inc();
}

/** Gauges read when Prometheus scrapes: the PostgreSQL pool and the outbox. Called at start-up. */
export function registerDatabaseMetrics() {
  const pool = (
    name: string,
    help: string,
    read: (stats: NonNullable<ReturnType<typeof databasePoolStats>>) => number,
  ) =>
    once(
      name,
      () =>
        new client.Gauge({
          name,
          help,
          collect() {
            const stats = databasePoolStats();
            if (stats) this.set(read(stats));
          },
        }),
    );
  pool("app_db_pool_total", "PostgreSQL connections open in this instance's pool", (stats) => stats.total);
  pool("app_db_pool_idle", "PostgreSQL connections open and idle", (stats) => stats.idle);
  pool("app_db_pool_waiting", "Queries waiting for a free connection", (stats) => stats.waiting);
  once(
    "app_bcrypt_queue",
    () =>
      new client.Gauge({
        name: "app_bcrypt_queue",
        help: "Password hashes and checks running (state=running, at most as many as the CPUs) and waiting their turn (state=waiting)",
        labelNames: ["state"] as const,
        collect() {
          const queue = bcryptQueue();
          this.set({ state: "running" }, queue.running);
          this.set({ state: "waiting" }, queue.waiting);
        },
      }),
  );
  once(
    "app_outbox_depth",
    () =>
      new client.Gauge({
        name: "app_outbox_depth",
        help: "Outbox messages not sent yet (state=waiting), and those among them whose last attempt failed (state=failing)",
        labelNames: ["state"] as const,
        // Every server process reads the same table: several processes report it once, not summed.
        aggregator: "max",
        async collect() {
          try {
            const depth = await outboxDepth();
            this.set({ state: "waiting" }, depth.waiting);
            this.set({ state: "failing" }, depth.failing);
          } catch {
            // The database is away: the scrape still answers, without this gauge's fresh value.
          }
        },
      }),
  );
}
