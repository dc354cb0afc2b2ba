// `npm run loadtest` (issue 32): how many visitors and buyers one server process takes on launch
// day, and what gives out first. Open loop: requests arrive at a constant rate whether or not the
// server keeps up, and each request's latency counts from its scheduled start, so a stall shows in
// full (no coordinated omission). The launch mix (scripts/loadtest/plan.ts): sales pages with and
// without tracking parameters, lead and account signups, logins (bcrypt at the production cost
// of 12), Stripe checkouts with their webhook and /success (the loopback fake Stripe), WarriorPlus
// IPNs (front end and an upsell) and members reading chapters and marking them complete; mail goes
// to the loopback SMTP sink. The arrival rate steps up on one process, on PGlite and then on a
// throwaway PostgreSQL cluster; a series stops at the first step where any kind's p99 exceeds
// 500 ms or anything failed. The capacity is the highest clean step. Run `npm run build` first.
//
//   npm run loadtest                                   both engines, 5 10 20 30 40 60 80 100 200 400 800 /s, 30 s each,
//                                                      at most 4 minutes of steps per engine
//   LOADTEST_STEPS="20 40" LOADTEST_SECONDS=10 npm run loadtest   a quick look
//   LOADTEST_ENGINES=pglite npm run loadtest           one engine
//   LOADTEST_ALL_STEPS=1                               run every step, past a failing one (to compare
//                                                      two builds; the capacity still ends at the first failure)
//   LOADTEST_KEEP_LOG=/tmp/server.log                  keep the server's log lines (the last engine's)
//   LOADTEST_PORT=4151                                 the app's port; the fake Stripe and the SMTP sink take the next two
//   LOADTEST_HEAP_MIB=259                              the server's V8 heap limit: by default the one Node 24 gives
//                                                      itself on fly.toml's 512 MiB machine; 0 for this machine's own
//
// Each arrival is one visitor's action; some actions are several requests (a checkout is four),
// each reported as its own row. Everything runs on loopback on this machine, the load generator
// included: its own CPU is reported beside the server's, so a saturated generator is visible.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { hash } from "@node-rs/bcrypt";
import pg from "pg";
import type Stripe from "stripe";
import { FakeStripe, signatureFor } from "../tests/support/fake-stripe";
import { Browser } from "../tests/support/http";
import { childrenOf, startCluster, type Cluster } from "../tests/support/pg-cluster";
import { SmtpSink } from "../tests/support/smtp-sink";
import { cpuSeconds } from "./bench/wrk";
import {
  capacityOf,
  dueBy,
  failedKind,
  LAUNCH_MIX,
  mixSequence,
  P99_LIMIT_MS,
  scheduledAt,
  summarise,
  type KindRow,
  type Sample,
  type StepResult,
  type VisitorKind,
} from "./loadtest/plan";

type Engine = "pglite" | "postgres";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const SERVER_ENTRY = path.join(ROOT, "build/server.js");
// bcrypt at cost 12 (10% of arrivals hash) bounds one process near 50 arrivals a second per CPU
// given to it, so the steps start low; they go on to the issue's 800 for a bigger machine.
const STEPS = (process.env.LOADTEST_STEPS ?? "5 10 20 30 40 60 80 100 200 400 800")
  .split(/[\s,]+/)
  .filter(Boolean)
  .map(Number);
const [FIRST_STEP = 0] = STEPS;
if (STEPS.length === 0 || STEPS.some((rate) => !(rate > 0)))
  throw new Error("LOADTEST_STEPS must list arrival rates (positive numbers), lowest first");
const STEP_SECONDS = Number(process.env.LOADTEST_SECONDS ?? 30);
const ENGINES = (process.env.LOADTEST_ENGINES ?? "pglite postgres").split(/[\s,]+/).filter(Boolean) as Engine[];
const ALL_STEPS = process.env.LOADTEST_ALL_STEPS === "1";
const BASE_PORT = Number(process.env.LOADTEST_PORT ?? 4151);
/** Steps of one engine start only within this long of its first step, so a whole run stays under 10 minutes. */
const SERIES_BUDGET_MS = 4 * 60_000;
/**
 * The server's V8 heap limit, so its memory is measured as deployed: Node sizes its heap from the
 * machine's memory, 4,288 MiB on this 24 GiB machine, where V8 collects garbage seldom and RSS
 * grows with the load; 259 MiB on fly.toml's 512 MiB machine (read with
 * `v8.getHeapStatistics()` inside a 512 MiB memory cgroup, Node 24.21).
 */
const HEAP_MIB = Number(process.env.LOADTEST_HEAP_MIB ?? 259);
/** A request not answered in this long counts as an error (and ends the series). */
const REQUEST_TIMEOUT_MS = 10_000;
const SECRET_KEY = "sk_test_loadtest";
const WEBHOOK_SECRET = "whsec_loadtest";
const PRICE = "price_lifetime_loadtest";
const WP_KEY = "wp-loadtest-security-key";
const WP_FRONT = "wso_front";
const WP_UPSELL = "wso_oto1";
/** Users who log in during the run, each once at most: their hash is bcrypt at the production cost. */
const LOGIN_USERS = 6000;
const LOGIN_PASSWORD = "launch-day-password-1";
/** Paid members who read chapters, and buyers who start a checkout before any signup has (cheap hashes: signed in at set-up). */
const MEMBERS = 40;
const SPARE_BUYERS = 40;
const SETUP_PASSWORD = "setup-password-123";

if (!fs.existsSync(SERVER_ENTRY)) {
  console.error("[loadtest] build/ is missing: run `npm run build` first.");
  process.exit(1);
}
for (const engine of ENGINES)
  if (engine !== "pglite" && engine !== "postgres") throw new Error(`unknown engine ${engine}`);

function log(message: string) {
  console.log(`[loadtest ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident memory of a process in MiB (VmRSS from /proc), or 0 once it has gone. */
function rssMiB(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;
  } catch {
    return 0;
  }
}

/** The 1-minute load average and the CPU count: every figure is printed with it (a shared machine's numbers are noise). */
function machineLoad(): string {
  return `load ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ")} on ${os.availableParallelism()} CPUs`;
}

/** Users the run needs, written before the server starts (PGlite has one owner): SQL on either engine. */
async function seedUsers(engine: Engine, databaseUrl: string | undefined, pgliteDir: string | undefined) {
  const loginHash = await hash(LOGIN_PASSWORD, { cost: 12 });
  const setupHash = await hash(SETUP_PASSWORD, { cost: 4 });
  const statements: Array<[string, unknown[]]> = [
    [
      `INSERT INTO users (email, name, password_hash, is_admin, email_verified_at, owner_proven_at)
       SELECT 'login-' || g || '@loadtest.example', 'Launch Visitor', $1, false, now(), now() FROM generate_series(1, ${LOGIN_USERS}) g`,
      [loginHash],
    ],
    [
      `INSERT INTO users (email, name, password_hash, is_admin, email_verified_at, owner_proven_at)
       SELECT prefix || g || '@loadtest.example', 'Launch Member', $1, false, now(), now()
       FROM (VALUES ('member-', ${MEMBERS}), ('buyer-', ${SPARE_BUYERS})) AS kinds(prefix, n), generate_series(1, n) g`,
      [setupHash],
    ],
    [
      `INSERT INTO stripe_customers (user_id, customer_id)
       SELECT id, 'cus_' || md5(email) FROM users WHERE email LIKE 'member-%@loadtest.example'`,
      [],
    ],
    [
      `INSERT INTO stripe_orders (checkout_session_id, customer_id, status, amount_total, currency)
       SELECT 'cs_' || customer_id, customer_id, 'completed', 2500, 'usd' FROM stripe_customers`,
      [],
    ],
  ];
  if (engine === "postgres") {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    for (const [sql, params] of statements) await client.query(sql, params);
    await client.end();
  } else {
    const { PGlite } = await import("@electric-sql/pglite");
    const db = new PGlite(pgliteDir);
    for (const [sql, params] of statements) await db.query(sql, params);
    await db.close();
  }
}

type Server = { child: ChildProcess; baseUrl: string; coldStartMs: number };

/** Starts `node build/server.js` and waits for the first 200 on `/`: the time that takes is a cold start. */
async function startServer(env: NodeJS.ProcessEnv, baseUrl: string, logFile: string): Promise<Server> {
  const out = fs.openSync(logFile, "a");
  const started = performance.now();
  const heap = HEAP_MIB > 0 ? [`--max-heap-size=${HEAP_MIB}`] : [];
  const child = spawn(process.execPath, [...heap, SERVER_ENTRY], { cwd: ROOT, env, stdio: ["ignore", out, out] });
  fs.closeSync(out);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: see ${logFile}`);
    const status = await fetch(`${baseUrl}/`).then(
      (response) => response.arrayBuffer().then(() => response.status),
      () => 0,
    );
    if (status === 200) return { child, baseUrl, coldStartMs: performance.now() - started };
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server did not answer / within 60 s: see ${logFile}`);
    }
    await sleep(20);
  }
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/** Signs in through the real login form (a cheap hash: set-up only). */
async function signedIn(baseUrl: string, email: string): Promise<Browser> {
  const browser = new Browser(baseUrl, randomAddress());
  const response = await browser.post("/login", { email, password: SETUP_PASSWORD });
  await response.arrayBuffer();
  if (response.status !== 303) throw new Error(`set-up sign-in of ${email} failed with ${response.status}`);
  return browser;
}

/** A client address per visitor (the server trusts X-Forwarded-For from its proxy, TRUST_PROXY=1): per-address limits see a crowd, as on launch day. */
function randomAddress(): string {
  const [a = 0, b = 0, c = 0] = crypto.randomBytes(3);
  return `10.${a}.${b}.${1 + (c % 254)}`;
}

type World = {
  baseUrl: string;
  fake: FakeStripe;
  courseId: string;
  chapterIds: string[];
  members: Browser[];
  /** Signed-in accounts without a purchase: fresh signups first (they go on to buy), set-up buyers when none is waiting. */
  buyers: Browser[];
  spareBuyers: Browser[];
  loginsUsed: number;
};

const SALES_PAGES = ["/", "/ailabs-offer", "/ailabs-offer2", "/ailabs-offer3"];
let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;
/** Which page, member and chapter comes next: in turn, so every step sees the same spread. */
let turn = 0;
/** The item whose turn it is in a list that goes round. */
function inTurn<T>(items: readonly T[], n: number): T {
  const item = items[n % items.length];
  if (item === undefined) throw new Error("nothing to take turns with: the list is empty");
  return item;
}

/** One visitor's action of each kind: the requests it makes, each recorded as a sample. */
function actions(world: World, record: (sample: Sample) => void) {
  /** Sends one request and records it, timed from `from` (the scheduled start for a visitor's first request). */
  async function timed(
    kind: string,
    expected: number[],
    from: number,
    send: (signal: AbortSignal) => Promise<Response>,
  ): Promise<Response | null> {
    try {
      const response = await send(AbortSignal.timeout(REQUEST_TIMEOUT_MS));
      await response.arrayBuffer();
      record({ kind, ms: performance.now() - from, status: response.status, ok: expected.includes(response.status) });
      return response;
    } catch {
      record({ kind, ms: performance.now() - from, status: 0, ok: false });
      return null;
    }
  }
  const { baseUrl } = world;
  const visitor = () => new Browser(baseUrl, randomAddress());

  const run: Record<VisitorKind, (scheduled: number) => Promise<unknown>> = {
    "sales page": (scheduled) => {
      // Half the visitors come through an affiliate's link, with its tracking parameters.
      turn += 1;
      const page = inTurn(SALES_PAGES, turn);
      const tracked = Math.floor(turn / SALES_PAGES.length) % 2 === 0;
      const target = tracked ? `${page}?aff=${turn % 97}&utm_source=jv&utm_campaign=launch&fbclid=${unique()}` : page;
      return timed("sales page", [200], scheduled, (signal) =>
        visitor().get(target, { signal, headers: { "Accept-Encoding": "br, gzip" } }),
      );
    },
    "lead signup": (scheduled) =>
      timed("lead signup", [303], scheduled, (signal) =>
        visitor().post("/special-access", { email: `lead-${unique()}@loadtest.example`, name: "Lena" }, { signal }),
      ),
    "account signup": async (scheduled) => {
      const browser = visitor();
      const response = await timed("account signup", [303], scheduled, (signal) =>
        browser.post(
          "/signup",
          { name: "Sam Signup", email: `signup-${unique()}@loadtest.example`, password: "signup-password-1" },
          { signal },
        ),
      );
      if (response?.status === 303) world.buyers.push(browser);
    },
    login: (scheduled) => {
      world.loginsUsed += 1;
      const email = `login-${world.loginsUsed}@loadtest.example`;
      return timed("login", [303], scheduled, (signal) =>
        visitor().post("/login", { email, password: LOGIN_PASSWORD }, { signal }),
      );
    },
    "stripe checkout": async (scheduled) => {
      const buyer = world.buyers.shift() ?? world.spareBuyers.shift();
      if (!buyer) {
        record({ kind: "checkout: page", ms: 0, status: 0, ok: false });
        return;
      }
      const page = await timed("checkout: page", [200], scheduled, (signal) =>
        buyer.get("/payment-options", { signal }),
      );
      if (!page) return;
      const html = await buyer.get("/payment-options").then((response) => response.text());
      const formKey = /name="form_key" value="([^"]+)"/.exec(html)?.[1] ?? "";
      let at = performance.now();
      const created = await timed("checkout: create", [303], at, (signal) =>
        buyer.post("/payment-options", { product: "AI_PROFIT_LABS", form_key: formKey }, { signal }),
      );
      const sessionId =
        created && new URL(created.headers.get("Location") ?? "http://x/none").pathname.split("/").pop();
      if (!sessionId || !world.fake.sessions.has(sessionId)) return;
      const session = world.fake.pay(sessionId);
      const payload = JSON.stringify(world.fake.event("checkout.session.completed", session) as Stripe.Event);
      at = performance.now();
      // Stripe's webhook and the buyer's return to /success race, as they do for real.
      await Promise.all([
        timed("checkout: webhook", [200], at, (signal) =>
          fetch(`${baseUrl}/webhooks/stripe`, {
            method: "POST",
            signal,
            headers: { "Content-Type": "application/json", "Stripe-Signature": signatureFor(payload, WEBHOOK_SECRET) },
            body: payload,
          }),
        ),
        timed("checkout: /success", [200], at, (signal) => buyer.get(`/success?session_id=${sessionId}`, { signal })),
      ]);
    },
    "warriorplus ipn": async (scheduled) => {
      const email = `wp-${unique()}@loadtest.example`;
      const ipn = (item: string, amount: string) =>
        new URLSearchParams({
          WP_ACTION: "sale",
          WP_ITEM_NUMBER: item,
          WP_ITEM_NAME: item === WP_FRONT ? "AI Profit Labs" : "White label",
          WP_BUYER_EMAIL: email,
          WP_BUYER_NAME: "Walt Buyer",
          WP_SALE: `sale_${unique()}`,
          WP_TXNID: `txn_${unique()}`,
          WP_SALE_AMOUNT: amount,
          WP_SALE_CURRENCY: "USD",
          WP_AFFID: "aff_42",
          WP_PAYMETHOD: "stripe",
          IPN_ID: `ipn_${unique()}`,
          WP_SECURITYKEY: WP_KEY,
        });
      const post = (body: URLSearchParams) => (signal: AbortSignal) =>
        fetch(`${baseUrl}/webhooks/warriorplus`, { method: "POST", body, signal });
      const front = await timed("ipn: front end", [200], scheduled, post(ipn(WP_FRONT, "17.00")));
      if (front) await timed("ipn: upsell", [200], performance.now(), post(ipn(WP_UPSELL, "37.00")));
    },
    "member reading": async (scheduled) => {
      turn += 1;
      const member = inTurn(world.members, turn);
      const chapterId = inTurn(world.chapterIds, Math.floor(turn / world.members.length));
      const read = await timed("member: chapter", [200], scheduled, (signal) =>
        member.get(`/course/${world.courseId}?chapter=${chapterId}`, { signal }),
      );
      if (!read) return;
      await timed("member: complete", [303], performance.now(), (signal) =>
        member.post(`/course/${world.courseId}?chapter=${chapterId}`, { intent: "complete", chapterId }, { signal }),
      );
    },
  };
  return run;
}

type StepReport = StepResult & {
  seconds: number;
  arrivals: number;
  rows: KindRow[];
  serverCpuPercent: number;
  postgresCpuPercent: number | null;
  loadGeneratorCpuPercent: number;
  serverRssMiB: number;
  load: string;
};

/** One step: `rate` arrivals a second for STEP_SECONDS, then waits for the stragglers. */
async function runStep(
  world: World,
  server: Server,
  cluster: Cluster | null,
  rate: number,
  mix: Generator<VisitorKind, never>,
): Promise<StepReport> {
  const samples: Sample[] = [];
  const run = actions(world, (sample) => samples.push(sample));
  const serverPids = () => [server.child.pid!, ...childrenOf(server.child.pid!)];
  const cpuBefore = { server: cpuSeconds(serverPids()), postgres: cluster ? cpuSeconds(cluster.processes()) : 0 };
  const generatorBefore = process.cpuUsage();
  let peakRss = rssMiB(server.child.pid!);
  const rssTimer = setInterval(() => (peakRss = Math.max(peakRss, rssMiB(server.child.pid!))), 500);
  const inFlight = new Set<Promise<unknown>>();
  const total = Math.round(rate * STEP_SECONDS);
  const start = performance.now();
  let fired = 0;
  while (fired < total) {
    const due = dueBy(performance.now() - start, rate, STEP_SECONDS);
    for (; fired < due; fired++) {
      const kind = mix.next().value;
      const action = run[kind](start + scheduledAt(fired, rate)).catch(() => {});
      inFlight.add(action);
      void action.finally(() => inFlight.delete(action));
    }
    await sleep(1);
  }
  const wall = (performance.now() - start) / 1000;
  // Requests still running belong to this step; each ends by its own timeout at the latest.
  await Promise.all(inFlight);
  clearInterval(rssTimer);
  const generator = process.cpuUsage(generatorBefore);
  const elapsed = (performance.now() - start) / 1000;
  const rows = summarise(samples);
  return {
    rate,
    failed: failedKind(rows),
    seconds: wall,
    arrivals: total,
    rows,
    serverCpuPercent: ((cpuSeconds(serverPids()) - cpuBefore.server) / elapsed) * 100,
    postgresCpuPercent: cluster ? ((cpuSeconds(cluster.processes()) - cpuBefore.postgres) / elapsed) * 100 : null,
    loadGeneratorCpuPercent: ((generator.user + generator.system) / 1e6 / elapsed) * 100,
    serverRssMiB: peakRss,
    load: machineLoad(),
  };
}

function printStep(engine: Engine, step: StepReport) {
  const round = (ms: number) => (ms >= 100 ? Math.round(ms) : Math.round(ms * 10) / 10);
  console.table(
    step.rows.map((row) => ({ ...row, p50: round(row.p50), p99: round(row.p99) })),
    ["kind", "requests", "p50", "p99", "errors", "5xx"],
  );
  log(
    `${engine} ${step.rate}/s: ${step.failed ? `FAILED (${step.failed})` : "clean"}; server CPU ${step.serverCpuPercent.toFixed(0)}%` +
      `${step.postgresCpuPercent === null ? "" : `, PostgreSQL ${step.postgresCpuPercent.toFixed(0)}%`}, load generator ${step.loadGeneratorCpuPercent.toFixed(0)}%` +
      `, server RSS peak ${step.serverRssMiB.toFixed(0)} MiB; ${step.load}`,
  );
}

type SeriesReport = {
  engine: Engine;
  coldStartMs: number;
  capacity: number | null;
  failedFirst: string | null;
  rssAtCapacityMiB: number | null;
  steps: StepReport[];
};

async function series(engine: Engine, ports: { app: number }, fake: FakeStripe, smtp: SmtpSink): Promise<SeriesReport> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `loadtest-${engine}-`));
  const cluster = engine === "postgres" ? await startCluster() : null;
  try {
    let databaseUrl: string | undefined;
    if (cluster) {
      const admin = new pg.Client({ connectionString: cluster.url });
      await admin.connect();
      await admin.query("CREATE DATABASE loadtest");
      await admin.end();
      const url = new URL(cluster.url);
      url.pathname = "/loadtest";
      databaseUrl = url.toString();
    }
    const pgliteDir = engine === "pglite" ? path.join(tmp, "db") : undefined;
    const baseUrl = `http://127.0.0.1:${ports.app}`;
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(ports.app),
      PUBLIC_URL: baseUrl,
      SESSION_SECRET: crypto.randomBytes(32).toString("hex"),
      ENCRYPTION_KEY: crypto.randomBytes(32).toString("hex"),
      ADMIN_EMAIL: "admin@loadtest.example",
      ADMIN_PASSWORD: crypto.randomBytes(12).toString("hex"),
      SEED_DEMO_CONTENT: "true",
      WEB_CONCURRENCY: "1",
      TRUST_PROXY: "1",
      LOG_LEVEL: "info",
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_LIFETIME: PRICE,
      STRIPE_PRICE_TRIAL: PRICE,
      STRIPE_API_BASE: fake.baseUrl,
      WARRIORPLUS_SECURITY_KEY: WP_KEY,
      WARRIORPLUS_MEMBERSHIP_ITEMS: WP_FRONT,
      SMTP_URL: smtp.url,
      ...(process.env.UV_THREADPOOL_SIZE && { UV_THREADPOOL_SIZE: process.env.UV_THREADPOOL_SIZE }),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { PGLITE_DIR: pgliteDir }),
    };
    log(`${engine}: migrating and seeding ${LOGIN_USERS + MEMBERS + SPARE_BUYERS} users`);
    const logFile = path.join(tmp, "server.log");
    const migrate = spawnSync(process.execPath, [SERVER_ENTRY, "--migrate"], { cwd: ROOT, env, encoding: "utf8" });
    fs.writeFileSync(logFile, migrate.stdout + migrate.stderr);
    if (migrate.status !== 0) throw new Error(`migrations failed on ${engine}:\n${migrate.stdout}${migrate.stderr}`);
    await seedUsers(engine, databaseUrl, pgliteDir);
    // The first start seeds the demo course; the second is a cold start on an existing database.
    await stopServer((await startServer(env, baseUrl, logFile)).child);
    const server = await startServer(env, baseUrl, logFile);
    log(
      `${engine}: cold start (process start to the first 200 on /) ${server.coldStartMs.toFixed(0)} ms; ${machineLoad()}`,
    );

    const members = await Promise.all(
      Array.from({ length: MEMBERS }, (_, i) => signedIn(baseUrl, `member-${i + 1}@loadtest.example`)),
    );
    const spareBuyers = await Promise.all(
      Array.from({ length: SPARE_BUYERS }, (_, i) => signedIn(baseUrl, `buyer-${i + 1}@loadtest.example`)),
    );
    const reader = inTurn(members, 0);
    const dashboard = await (await reader.get("/dashboard")).text();
    const courseId = /\/course\/([0-9a-f-]{36})/.exec(dashboard)?.[1];
    if (!courseId) throw new Error("no course on the member's dashboard");
    const course = await (await reader.get(`/course/${courseId}`)).text();
    const chapterIds = [...new Set([...course.matchAll(/[?&]chapter=([0-9a-f-]{36})/g)].map(([, id = ""]) => id))];
    if (chapterIds.length === 0) throw new Error("no chapters in the demo course");
    const world: World = { baseUrl, fake, courseId, chapterIds, members, buyers: [], spareBuyers, loginsUsed: 0 };

    // A freshly started server compiles its hot code in its first seconds: a short warm-up at the
    // first step's rate, not counted.
    const mix = mixSequence(LAUNCH_MIX);
    log(`${engine}: warming up (5 s at ${FIRST_STEP}/s, not counted)`);
    const warmUpSeconds = 5;
    for (let i = 0, total = FIRST_STEP * warmUpSeconds; i < total; i += FIRST_STEP) {
      await Promise.all(
        Array.from({ length: FIRST_STEP }, () => actions(world, () => {})["sales page"](performance.now())),
      );
    }
    const steps: StepReport[] = [];
    const seriesStarted = Date.now();
    for (const rate of STEPS) {
      if (Date.now() + STEP_SECONDS * 1000 > seriesStarted + SERIES_BUDGET_MS) {
        log(`${engine}: out of time (${SERIES_BUDGET_MS / 60_000} minutes of steps); the series ends here`);
        break;
      }
      if (world.loginsUsed + rate * STEP_SECONDS * 0.05 > LOGIN_USERS) {
        log(`${engine}: not enough login users for ${rate}/s; the series ends here`);
        break;
      }
      log(`${engine}: ${rate} arrivals/s for ${STEP_SECONDS} s`);
      const step = await runStep(world, server, cluster, rate, mix);
      printStep(engine, step);
      steps.push(step);
      if (step.failed && !ALL_STEPS) break;
    }
    await stopServer(server.child);
    if (process.env.LOADTEST_KEEP_LOG) fs.copyFileSync(logFile, process.env.LOADTEST_KEEP_LOG);
    const { rate: capacity, failedFirst } = capacityOf(steps);
    const clean = steps.find((step) => step.rate === capacity);
    return {
      engine,
      coldStartMs: server.coldStartMs,
      capacity,
      failedFirst,
      rssAtCapacityMiB: clean?.serverRssMiB ?? null,
      steps,
    };
  } finally {
    cluster?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

async function main() {
  const fake = await FakeStripe.start({
    secretKey: SECRET_KEY,
    prices: { [PRICE]: { unitAmount: 2500, currency: "usd" } },
    port: BASE_PORT + 1,
  });
  const smtp = await SmtpSink.start({ port: BASE_PORT + 2 });
  const started = new Date();
  log(
    `steps ${STEPS.join(", ")} arrivals/s, ${STEP_SECONDS} s each, on ${ENGINES.join(" and ")}; p99 limit ${P99_LIMIT_MS} ms; server heap limit ${HEAP_MIB ? `${HEAP_MIB} MiB` : "Node's own"}; ${machineLoad()}`,
  );
  const reports: SeriesReport[] = [];
  try {
    for (const engine of ENGINES) reports.push(await series(engine, { app: BASE_PORT }, fake, smtp));
  } finally {
    await fake.close();
    await smtp.close();
  }
  const machine = `${os.availableParallelism()} x ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const purchaseShare = (LAUNCH_MIX["stripe checkout"] + LAUNCH_MIX["warriorplus ipn"]) / 100;
  console.log(`\n${started.toISOString()} on ${machine}; ${machineLoad()} at the end\n`);
  console.log(
    "| engine | capacity (arrivals/s) | visitors per minute | purchases per minute | failed first | server RSS at capacity | cold start |",
  );
  console.log("|---|---|---|---|---|---|---|");
  for (const report of reports) {
    const rate = report.capacity;
    const failedStep = report.steps.find((step) => step.failed);
    const failed = failedStep ? `${failedStep.failed} at ${failedStep.rate}/s` : "nothing (series ended)";
    console.log(
      `| ${report.engine} | ${report.capacity ?? `< ${FIRST_STEP}`} | ${rate === null ? "-" : (rate * 60).toLocaleString("en-US")} | ${rate === null ? "-" : Math.round(rate * 60 * purchaseShare).toLocaleString("en-US")} | ${failed} | ${report.rssAtCapacityMiB === null ? "-" : `${report.rssAtCapacityMiB.toFixed(0)} MiB`} | ${(report.coldStartMs / 1000).toFixed(2)} s |`,
    );
  }
  console.log(
    `LOADTEST_JSON ${JSON.stringify({
      date: started.toISOString(),
      machine,
      loadAtEnd: os.loadavg(),
      stepSeconds: STEP_SECONDS,
      serverHeapLimitMiB: HEAP_MIB || null,
      mix: LAUNCH_MIX,
      p99LimitMs: P99_LIMIT_MS,
      engines: reports,
    })}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
