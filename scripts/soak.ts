// `npm run soak`: a bounded mixed load on PostgreSQL against the real server process, to find
// errors and leaks that short tests cannot. SOAK_SECONDS (default 300) long, SOAK_CONCURRENCY
// (default 8) requests at a time: visitors, members reading chapters, signups, purchases through
// the fake Stripe (its page, /success and the webhook), and admin chapter saves. It prints errors
// and p50/p99 per kind and the server's memory after warm-up and at the end, and fails on any 5xx
// or on memory growth over 20 % after warm-up. Memory is the live heap: in use right after a full
// garbage collection (app_heap_after_major_gc_bytes, sampled every 2 s from /metrics), the lowest in
// a window after the warm-up and in one at the end; it grows only with a leak. Resident memory (RSS)
// is printed too, but V8 grows it lazily while there is room. Run `npm run build` first.
// PostgreSQL: a throwaway cluster (PostgreSQL 15 binaries, like the tests), or SOAK_DATABASE_URL
// (an empty database).
import fs from "node:fs";
import path from "node:path";
import type Stripe from "stripe";
import { startAppProcess } from "../tests/support/app-process";
import { FakeStripe, signatureFor } from "../tests/support/fake-stripe";
import { createUser, signIn, uniqueEmail } from "../tests/support/fixtures";
import { Browser } from "../tests/support/http";
import { createDatabase, openDatabase } from "../tests/support/operations";
import { startCluster } from "../tests/support/pg-cluster";
import { SmtpSink } from "../tests/support/smtp-sink";

const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 8);
const WARM_UP_SECONDS = Math.min(60, Math.round(SECONDS * 0.2));
const MAX_GROWTH = 0.2;
const SECRET_KEY = "sk_test_soak";
const WEBHOOK_SECRET = "whsec_soak";
const PRICE = "price_lifetime_soak";
const METRICS_TOKEN = "soak-metrics-token-0123456789";
const ADMIN = { email: "admin@soak.example", password: "admin-password-123" };

if (!fs.existsSync(path.resolve("build/index.js"))) {
  console.error("[soak] build/ is missing: run `npm run build` first.");
  process.exit(1);
}

const cluster = process.env.SOAK_DATABASE_URL ? null : await startCluster();
const databaseUrl = process.env.SOAK_DATABASE_URL ?? (await createDatabase(cluster!, "soak"));
const fake = await FakeStripe.start({
  secretKey: SECRET_KEY,
  prices: { [PRICE]: { unitAmount: 2500, currency: "usd" } },
});
const smtp = await SmtpSink.start();
const app = await startAppProcess({
  DATABASE_URL: databaseUrl,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  STRIPE_SECRET_KEY: SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_PRICE_LIFETIME: PRICE,
  STRIPE_PRICE_TRIAL: PRICE,
  STRIPE_API_BASE: fake.baseUrl,
  SMTP_URL: smtp.url,
  TRUST_PROXY: "1",
  LOG_LEVEL: "warn",
  METRICS_TOKEN,
});
const db = openDatabase(databaseUrl);

// The demo course the seed adds: members read it, the admin edits it.
const course = await db.selectFrom("courses").select("id").executeTakeFirstOrThrow();
const chapters = await db.selectFrom("chapters").select(["id", "title"]).where("course_id", "=", course.id).execute();
const members = await Promise.all(
  Array.from({ length: 10 }, async () => signIn(app.baseUrl, (await createUser(db, { paid: "stripe-order" })).email)),
);
const admin = await signIn(app.baseUrl, ADMIN.email, ADMIN.password);

type Sample = { kind: string; ms: number; status: number; ok: boolean };
const samples: Sample[] = [];
function pick<T>(items: T[]): T {
  const item = items[Math.floor(Math.random() * items.length)];
  if (item === undefined) throw new Error("nothing to pick from: the list is empty");
  return item;
}

async function measure(kind: string, expected: number[], send: () => Promise<Response>) {
  const started = performance.now();
  const response = await send();
  await response.arrayBuffer();
  samples.push({
    kind,
    ms: performance.now() - started,
    status: response.status,
    ok: expected.includes(response.status),
  });
  return response;
}

const PUBLIC_PAGES = [
  "/",
  "/ailabs-offer",
  "/ailabs-offer2",
  "/ailabs-offer3",
  "/upgrades",
  "/login",
  "/signup",
  "/privacy-policy",
  "/jv-affiliate",
];
const CONSENT = ["", "cookie-consent=all", "cookie-consent=necessary"];

const kinds: Array<{ weight: number; run: () => Promise<unknown> }> = [
  {
    weight: 40,
    run: () =>
      measure("visitor page", [200], () =>
        new Browser(app.baseUrl).get(pick(PUBLIC_PAGES), { headers: { Cookie: pick(CONSENT) } }),
      ),
  },
  {
    weight: 30,
    run: async () => {
      const member = pick(members);
      await measure("member chapter", [200], () => member.get(`/course/${course.id}?chapter=${pick(chapters).id}`));
      await measure("member dashboard", [200], () => member.get("/dashboard"));
    },
  },
  {
    weight: 8,
    run: () =>
      measure("signup", [303], () =>
        new Browser(app.baseUrl).post("/signup", {
          name: "Soak Tester",
          email: uniqueEmail("soak"),
          password: "soak-password-1",
        }),
      ),
  },
  {
    weight: 8,
    run: async () => {
      const buyer = await signIn(app.baseUrl, (await createUser(db)).email);
      const page = await (await buyer.get("/payment-options")).text();
      const formKey = /name="form_key" value="([^"]+)"/.exec(page)?.[1] ?? "";
      const created = await measure("purchase: checkout", [303], () =>
        buyer.post("/payment-options", { product: "AI_PROFIT_LABS", form_key: formKey }),
      );
      const sessionId = new URL(created.headers.get("Location") ?? "http://x/none").pathname.split("/").pop()!;
      const session = fake.pay(sessionId);
      await measure("purchase: /success", [200], () => buyer.get(`/success?session_id=${sessionId}`));
      const payload = JSON.stringify(fake.event("checkout.session.completed", session) as Stripe.Event);
      await measure("purchase: webhook", [200], () =>
        fetch(`${app.baseUrl}/webhooks/stripe`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "Stripe-Signature": signatureFor(payload, WEBHOOK_SECRET) },
          body: payload,
        }),
      );
    },
  },
  {
    weight: 4,
    run: () => {
      const chapter = pick(chapters);
      return measure("admin save", [303], () =>
        admin.post(`/admin?course=${course.id}`, {
          intent: "update-chapter",
          courseId: course.id,
          chapterId: chapter.id,
          title: chapter.title,
          content: `<p>Saved at ${new Date().toISOString()}</p>`,
        }),
      );
    },
  },
];
const totalWeight = kinds.reduce((sum, kind) => sum + kind.weight, 0);
function nextKind() {
  let roll = Math.random() * totalWeight;
  for (const kind of kinds) if ((roll -= kind.weight) < 0) return kind;
  // Rounding can leave a sliver of the roll: the first kind takes it.
  const [first] = kinds;
  if (!first) throw new Error("the soak has no kinds of request");
  return first;
}

/** Resident memory of the server process (kB from /proc), in MiB. */
function serverRssMiB(): number {
  const status = fs.readFileSync(`/proc/${app.child.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

/** The server's live heap in MiB: in use right after its latest full garbage collection (from /metrics). */
async function serverHeapMiB(): Promise<number> {
  const text = await (
    await fetch(`${app.baseUrl}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const bytes = Number(/^app_heap_after_major_gc_bytes (\S+)$/m.exec(text)![1]);
  if (!bytes) throw new Error("no full garbage collection yet");
  return bytes / 1024 / 1024;
}

console.log(`[soak] ${SECONDS} s, ${CONCURRENCY} at a time, warm-up ${WARM_UP_SECONDS} s, against ${app.baseUrl}`);
const started = Date.now();
const endAt = started + SECONDS * 1000;
const warmUpEndsAt = started + WARM_UP_SECONDS * 1000;
// A window as long as the warm-up (at least 10 s) right after it, and the same at the end.
const windowMs = Math.max(10_000, WARM_UP_SECONDS * 1000);
const heap: Array<{ at: number; mib: number }> = [];
const rss = { start: serverRssMiB(), afterWarmUp: 0, end: 0 };
const sampler = setInterval(() => {
  if (!rss.afterWarmUp && Date.now() >= warmUpEndsAt) rss.afterWarmUp = serverRssMiB();
  serverHeapMiB().then(
    (mib) => heap.push({ at: Date.now(), mib }),
    () => {},
  );
}, 2_000);
const failures: string[] = [];
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (Date.now() < endAt) {
      await nextKind()
        .run()
        .catch((error: unknown) => failures.push(String(error)));
    }
  }),
);
clearInterval(sampler);
rss.end = serverRssMiB();
const lowest = (from: number, to: number) =>
  Math.min(...heap.filter((sample) => sample.at >= from && sample.at < to).map((sample) => sample.mib));
const memory = { afterWarmUp: lowest(warmUpEndsAt, warmUpEndsAt + windowMs), end: lowest(endAt - windowMs, endAt + 1) };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const rows = [...new Set(samples.map((sample) => sample.kind))].map((kind) => {
  const mine = samples.filter((sample) => sample.kind === kind);
  const ms = mine.map((sample) => sample.ms).sort((a, b) => a - b);
  return {
    kind,
    requests: mine.length,
    errors: mine.filter((sample) => !sample.ok).length,
    "5xx": mine.filter((sample) => sample.status >= 500).length,
    "p50 ms": Math.round(percentile(ms, 50)),
    "p99 ms": Math.round(percentile(ms, 99)),
  };
});
console.table(rows);
const growth = (memory.end - memory.afterWarmUp) / memory.afterWarmUp;
console.log(
  `[soak] ${samples.length} requests in ${((Date.now() - started) / 1000).toFixed(0)} s. Server live heap (after full GCs, lowest in a ${windowMs / 1000} s window): ` +
    `${memory.afterWarmUp.toFixed(1)} MiB after warm-up, ${memory.end.toFixed(1)} MiB at the end (${(growth * 100).toFixed(1)} %). ` +
    `RSS: ${rss.start.toFixed(0)} MiB at start, ${rss.afterWarmUp.toFixed(0)} after warm-up, ${rss.end.toFixed(0)} at the end.`,
);
// The trend tells a plateau (caches and code warming up) from a leak (a steady climb).
const trend = heap.filter((_sample, index) => index % 5 === 0).map((sample) => sample.mib.toFixed(1));
console.log(`[soak] live heap every ~10 s (MiB): ${trend.join(" ")}`);
const serverErrors = samples.filter((sample) => sample.status >= 500).length;
const unexpected = samples.filter((sample) => !sample.ok);
for (const sample of unexpected.slice(0, 10)) console.log(`[soak] unexpected ${sample.status} on ${sample.kind}`);
for (const failure of failures.slice(0, 10)) console.log(`[soak] failed: ${failure}`);

await app.stop();
await db.destroy();
await fake.close();
await smtp.close();
cluster?.stop();

const verdict = [
  serverErrors > 0 ? `${serverErrors} responses were 5xx` : null,
  unexpected.length - serverErrors > 0
    ? `${unexpected.length - serverErrors} responses had an unexpected status`
    : null,
  failures.length > 0 ? `${failures.length} requests failed outright` : null,
  !(growth <= MAX_GROWTH)
    ? `the live heap grew ${(growth * 100).toFixed(1)} % after warm-up (limit ${MAX_GROWTH * 100} %)`
    : null,
].filter(Boolean);
console.log(verdict.length ? `[soak] FAILED: ${verdict.join("; ")}` : "[soak] passed");
process.exit(verdict.length ? 1 : 0);
