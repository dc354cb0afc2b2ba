// `npm run bench` (issue 12): builds the app, starts it in production mode on 127.0.0.1 on PGlite and
// on a throwaway PostgreSQL cluster, seeds a paid member, starts the reference server (a bare
// node:http answering the landing page's own bytes, brotli-compressed in advance) in the same run,
// and measures each target with wrk: a 3 s warm-up, then 3 runs of 10 s, medians. Every figure is
// also given as a share of the reference, because absolute rates on a shared machine are noise.
//
//   npm run bench                 everything (about 15 minutes)
//   BENCH_RUNS=1 BENCH_SECONDS=3 npm run bench   a quick look (same targets, shorter runs)
//   npm run bench -- --profile /dashboard         a CPU profile of the app on PostgreSQL under
//                                                 wrk on one member page, summarised
//   npm run bench -- --profile /dashboard --engine pglite   the same on PGlite
//   npm run bench -- --logs                       only the cost of logging: /dashboard and cached /
//                                                 on PGlite with JSON logs, with pino-pretty in the
//                                                 server, and as `npm start` runs it (readable
//                                                 lines printed by a second process)
//   npm run bench -- --announcement               a 10,000-lead announcement: how long 'Send' takes
//                                                 to queue it, and /dashboard's p99 before and while
//                                                 it is sent (on PostgreSQL; --engine pglite too)
//   npm run bench -- --import                     'Import members' of a 10,000-row CSV: the preview
//                                                 and the import, timed (--engine pglite too)
//   npm run bench -- --assets                     the client bundles (/build): each one's first
//                                                 answer in a fresh process, then wrk on the largest
import { fork, spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { hash } from "@node-rs/bcrypt";
import pg from "pg";
import { childrenOf, startCluster } from "../tests/support/pg-cluster";
import { SmtpSink } from "../tests/support/smtp-sink";
import { brotliEfficiency, javaScriptWeight, rawGet } from "./bench/page-weight";
import { summarise } from "./bench/profile-summary";
import { dueBy, percentile, scheduledAt } from "./loadtest/plan";
import { serveWithReadableLogs } from "./serve-readable.js";
import { cpuSeconds, ensureWrk, measure, runWrk, type CpuMeter, type Measurement, type WrkTarget } from "./bench/wrk";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const SERVER_ENTRY = path.join(ROOT, "build/server.js");
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const MEMBER = { email: "bench-member@bench.example", password: "bench-password-123", name: "Bench Member" };
const JS_PAGES = [
  "/",
  "/ailabs-offer",
  "/privacy-policy",
  "/custom-saas-thank-you",
  "/thank-you-access",
  "/login",
  "/signup",
];

const REFERENCE = "reference (node:http, precompressed)";

type Engine = "pglite" | "postgres";
type Row = { target: string; run: Measurement };

function log(message: string) {
  console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await rawGet(url)).status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer`);
}

function stop(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/**
 * The paid member every member target signs in as: written before the app starts (PGlite has one
 * owner). The second app on the same PostgreSQL database finds the member already there.
 */
async function seedMember(
  engine: Engine,
  databaseUrl: string | undefined,
  pgliteDir: string | undefined,
  extraStatements: Array<[string, unknown[]]> = [],
) {
  const passwordHash = await hash(MEMBER.password, { cost: 10 });
  const statements: Array<[string, unknown[]]> = [
    [
      "INSERT INTO users (email, name, password_hash, is_admin) VALUES ($1, $2, $3, false) ON CONFLICT DO NOTHING",
      [MEMBER.email, MEMBER.name, passwordHash],
    ],
    [
      "INSERT INTO stripe_customers (user_id, customer_id) SELECT id, 'cus_bench' FROM users WHERE email = $1 ON CONFLICT DO NOTHING",
      [MEMBER.email],
    ],
    [
      "INSERT INTO stripe_orders (checkout_session_id, customer_id, status, amount_total, currency) VALUES ('cs_bench', 'cus_bench', 'completed', 2500, 'usd') ON CONFLICT DO NOTHING",
      [],
    ],
    ...extraStatements,
  ];
  if (engine === "postgres") {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    for (const [sql, params] of statements) await client.query(sql, params);
    await client.query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
    await client.end();
  } else {
    const { PGlite } = await import("@electric-sql/pglite");
    const db = new PGlite(pgliteDir);
    for (const [sql, params] of statements) await db.query(sql, params);
    await db.close();
  }
}

type App = {
  baseUrl: string;
  child: ChildProcess;
  cookie: string;
  courseId: string;
  pgliteDir?: string;
  /** `npm start`'s second process, which prints the server's log lines readable. */
  printer?: ChildProcess;
  admin: { email: string; password: string };
};

/** How the server logs: JSON lines (deployed), pino-pretty inside the server, or as `npm start` runs it (docs/decisions/058). */
type Logs = "json" | "pretty in the server" | "npm start";

/** `serverProcesses`: WEB_CONCURRENCY ("auto": one per CPU, PostgreSQL only). */
async function startApp(
  engine: Engine,
  databaseUrl?: string,
  {
    nodeOptions = [],
    serverProcesses = "1",
    logs = "json",
    extraEnv = {},
    seed = [],
  }: {
    nodeOptions?: string[];
    serverProcesses?: string;
    logs?: Logs;
    extraEnv?: Record<string, string>;
    seed?: Array<[string, unknown[]]>;
  } = {},
): Promise<App> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const pgliteDir =
    engine === "pglite" ? path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bench-pglite-")), "db") : undefined;
  const admin = { email: "admin@bench.example", password: crypto.randomBytes(12).toString("hex") };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    SESSION_SECRET: crypto.randomBytes(32).toString("hex"),
    ENCRYPTION_KEY: crypto.randomBytes(32).toString("hex"),
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    SEED_DEMO_CONTENT: "true",
    WEB_CONCURRENCY: serverProcesses,
    ...(engine === "postgres" ? { DATABASE_URL: databaseUrl } : { PGLITE_DIR: pgliteDir }),
    ...extraEnv,
  };
  if (engine === "pglite") delete env.DATABASE_URL;
  const migrate = spawnSync(process.execPath, [SERVER_ENTRY, "--migrate"], { cwd: ROOT, env, stdio: "inherit" });
  if (migrate.status !== 0) throw new Error(`migrations failed on ${engine}`);
  await seedMember(engine, databaseUrl, pgliteDir, seed);

  if (logs === "pretty in the server") env.LOG_FORMAT = "pretty";
  // The readable lines go nowhere: what is measured is the server's cost, not the terminal's.
  const readable = logs === "npm start" ? serveWithReadableLogs(env, { output: "ignore" }) : undefined;
  const child =
    readable?.server ??
    spawn(process.execPath, [...nodeOptions, SERVER_ENTRY], {
      cwd: ROOT,
      env,
      stdio: ["ignore", logs === "json" ? "ignore" : "pipe", "inherit"],
    });
  // pino-pretty in the server writes to its stdout: read and dropped, as a terminal would take it.
  child.stdout?.resume();
  await waitFor(`${baseUrl}/`, child);

  const cookie = await signIn(baseUrl, MEMBER);
  const dashboard = await rawGet(`${baseUrl}/dashboard`, { Cookie: cookie });
  const courseId = /\/course\/([0-9a-f-]{36})/.exec(dashboard.body.toString("utf8"))?.[1];
  if (dashboard.status !== 200 || !courseId)
    throw new Error(`no course on the dashboard on ${engine} (${dashboard.status})`);
  return { baseUrl, child, cookie, courseId, pgliteDir, admin, printer: readable?.pretty };
}

/** The Cookie header of a session signed in through /login, as a browser gets it. */
async function signIn(baseUrl: string, account: { email: string; password: string }): Promise<string> {
  const login = await fetch(`${baseUrl}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: account.email, password: account.password }),
  });
  const session = login.headers.getSetCookie().find((cookie) => cookie.startsWith("__session="));
  if (login.status !== 303 || !session) throw new Error(`${account.email} could not sign in (${login.status})`);
  return `${session.split(";")[0]}; cookie-consent=all`;
}

/** Statements one member page costs, counted by pg_stat_statements (the least of 3, so a background job cannot add to it). */
async function roundTrips(databaseUrl: string, app: App, pagePath: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const count = async () =>
    Number(
      (
        await client.query(
          "SELECT coalesce(sum(calls), 0) AS n FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat_statements%'",
        )
      ).rows[0].n,
    );
  const counts: number[] = [];
  for (let i = 0; i < 3; i++) {
    const before = await count();
    await rawGet(app.baseUrl + pagePath, { Cookie: app.cookie });
    counts.push((await count()) - before);
  }
  await client.end();
  return Math.min(...counts);
}

async function startReference(html: Buffer, processes = 1): Promise<{ url: string; child: ChildProcess }> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bench-ref-")), "index.html");
  fs.writeFileSync(file, html);
  const port = await freePort();
  const child = fork(path.join(ROOT, "scripts/bench/reference-server.mjs"), [String(port), file, String(processes)], {
    stdio: "inherit",
  });
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("exit", (code) => reject(new Error(`the reference server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/`, child };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(2));
/** "1,450 (+ 180)": the app's CPU per request, then PostgreSQL's when metered (clock ticks of 10 ms: read as ±10%). */
const cpuCell = ({ app, postgres }: Record<string, number | undefined>) => {
  const us = (value: number) => Math.round(value * 1000).toLocaleString("en-US");
  return app === undefined ? "" : `${us(app)}${postgres === undefined ? "" : ` (+ ${us(postgres)})`}`;
};

/** `--profile <member page>`: node --cpu-prof on the engine while wrk loads that page for SECONDS. */
async function profile(wrk: string, pagePath: string, engine: Engine) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-profile-"));
  const cluster = engine === "postgres" ? await startCluster() : undefined;
  try {
    const app = await startApp(engine, cluster?.url, { nodeOptions: ["--cpu-prof", `--cpu-prof-dir=${dir}`] });
    const url = `${app.baseUrl}${pagePath.replace("{id}", app.courseId)}`;
    log(`profiling ${url}`);
    const run = await measure(wrk, { url, headers: { Cookie: app.cookie } }, { runs: 1, seconds: SECONDS, warmup: 2 });
    await stop(app.child);
    const file = path.join(
      dir,
      fs.readdirSync(dir).find((name) => name.endsWith(".cpuprofile"))!,
    );
    console.log(
      `\n${pagePath}: ${Math.round(run.requestsPerSecond)} req/s under the profiler, p50 ${ms(run.p50)} ms; profile ${file}\n`,
    );
    console.log(summarise(file));
  } finally {
    cluster?.stop();
  }
}

/**
 * `--logs`: what logging costs, on PGlite (`npm start`'s engine): /dashboard and cached / with
 * each way of logging, one app at a time, in the same run. Shares are of the JSON logs' rate.
 */
async function logCost(wrk: string) {
  const rows: Array<{ logs: Logs; target: string; run: Measurement }> = [];
  for (const logs of ["json", "npm start", "pretty in the server"] as const) {
    log(`starting the app on PGlite, logs: ${logs}`);
    const app = await startApp("pglite", undefined, { logs });
    try {
      const meters = {
        app: () => cpuSeconds([app.child.pid!, ...childrenOf(app.child.pid!)]),
        printer: () => (app.printer ? cpuSeconds([app.printer.pid!]) : 0),
      };
      await runWrk(wrk, { url: `${app.baseUrl}/dashboard`, headers: { Cookie: app.cookie } }, 10);
      for (const [target, headers] of [
        ["/dashboard", { Cookie: app.cookie }],
        ["/", {}],
      ] as const) {
        log(`measuring ${target} (${logs})`);
        const run = await measure(
          wrk,
          { url: app.baseUrl + target, headers },
          { runs: RUNS, seconds: SECONDS, meters },
        );
        rows.push({ logs, target, run });
      }
    } finally {
      await stop(app.child);
      fs.rmSync(path.dirname(app.pgliteDir!), { recursive: true, force: true });
    }
  }
  console.log(`\n${whenAndWhere()}; medians of ${RUNS} x ${SECONDS} s\n`);
  // CPU a request costs is steadier than req/s, which swings with whatever else the machine does:
  // the logs' cost is the server's and the printer's CPU per request over the JSON server's.
  console.log(
    "| target | logs | req/s | share of JSON logs | p50 ms | p99 ms | p99 / p50 | errors | CPU µs per request: server + printer | CPU cost over JSON logs |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|");
  const cpuOf = (run: Measurement) => (run.cpuMsPerRequest.app ?? 0) + (run.cpuMsPerRequest.printer ?? 0);
  for (const { logs, target, run } of rows) {
    const json = rows.find((row) => row.logs === "json" && row.target === target)!.run;
    const us = (value = 0) => Math.round(value * 1000).toLocaleString("en-US");
    console.log(
      `| ${target} | ${logs} | ${Math.round(run.requestsPerSecond)} | ${((run.requestsPerSecond / json.requestsPerSecond) * 100).toFixed(1)}% | ${ms(run.p50)} | ${ms(run.p99)} | ${(run.p99 / run.p50).toFixed(1)}x | ${run.errors} | ${us(run.cpuMsPerRequest.app)} + ${us(run.cpuMsPerRequest.printer)} | ${(((cpuOf(run) - cpuOf(json)) / cpuOf(json)) * 100).toFixed(1)}% |`,
    );
  }
}

/**
 * `--assets`: the client bundles (/build) on PGlite. Each bundle's first answer in a fresh process
 * (what the first visitor after a deploy waits for), the same again from memory, then wrk on the
 * largest bundle with brotli, with gzip and without compression, against the reference.
 */
async function assetCost(wrk: string) {
  const root = path.join(ROOT, "public/build");
  const bundles = fs
    .readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.(js|css)$/.test(name))
    .map((name) => ({ url: `/build/${name.split(path.sep).join("/")}`, size: fs.statSync(path.join(root, name)).size }))
    .sort((a, b) => b.size - a.size);
  log("starting the app on PGlite");
  const app = await startApp("pglite");
  const rows: Row[] = [];
  try {
    const firstAnswers = async () => {
      const times: number[] = [];
      for (const { url } of bundles) {
        const started = performance.now();
        const answer = await rawGet(app.baseUrl + url, { "Accept-Encoding": "br" });
        if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
        times.push(performance.now() - started);
      }
      return { total: times.reduce((sum, time) => sum + time, 0), max: Math.max(...times) };
    };
    log(`asking for each of ${bundles.length} bundles once, then again`);
    const cold = await firstAnswers();
    const warm = await firstAnswers();

    const landing = await rawGet(`${app.baseUrl}/`);
    const reference = await startReference(landing.body);
    const measureRow = async (target: string, url: string, headers: Record<string, string>, child: ChildProcess) => {
      log(`measuring ${target}`);
      const meters = { app: () => cpuSeconds([child.pid!, ...childrenOf(child.pid!)]) };
      rows.push({ target, run: await measure(wrk, { url, headers }, { runs: RUNS, seconds: SECONDS, meters }) });
    };
    await measureRow(REFERENCE, reference.url, {}, reference.child);
    await stop(reference.child);
    const largest = app.baseUrl + bundles[0]!.url;
    await measureRow(`largest bundle (${bundles[0]!.size} B), br`, largest, { "Accept-Encoding": "br" }, app.child);
    await measureRow("the same, gzip", largest, { "Accept-Encoding": "gzip" }, app.child);
    await measureRow("the same, uncompressed", largest, { "Accept-Encoding": "identity" }, app.child);

    const referenceRate = rows[0]!.run.requestsPerSecond;
    console.log(`\n${whenAndWhere()}; PGlite, one process; medians of ${RUNS} x ${SECONDS} s\n`);
    console.log(
      `${bundles.length} bundles, each asked for once in a fresh process (br): ${ms(cold.total)} ms in all, the slowest ${ms(cold.max)} ms; asked again: ${ms(warm.total)} ms, the slowest ${ms(warm.max)} ms\n`,
    );
    console.log("| target | req/s | p50 ms | p99 ms | errors | share of the reference | CPU µs per request |");
    console.log("|---|---|---|---|---|---|---|");
    for (const { target, run } of rows) {
      console.log(
        `| ${target} | ${Math.round(run.requestsPerSecond)} | ${ms(run.p50)} | ${ms(run.p99)} | ${run.errors} | ${((run.requestsPerSecond / referenceRate) * 100).toFixed(1)}% | ${cpuCell(run.cpuMsPerRequest)} |`,
      );
    }
  } finally {
    await stop(app.child);
    fs.rmSync(path.dirname(app.pgliteDir!), { recursive: true, force: true });
  }
}

/** The time and the machine's load, printed with every table: on a shared machine figures are read against it. */
function whenAndWhere(): string {
  const load = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
  return `${new Date().toISOString()}; load ${load} on ${os.availableParallelism()} CPUs`;
}

/**
 * Starts the app on `engine` (PostgreSQL in a throwaway cluster), runs `measure` with it and its
 * admin's session (signed in with a password alone: ADMIN_REQUIRE_2FA is off, since these
 * measure the admin's action, not the second factor), then stops and removes everything.
 */
async function withAdmin(
  engine: Engine,
  options: { extraEnv?: Record<string, string>; seed?: Array<[string, unknown[]]> },
  measure: (
    app: App,
    adminPost: (pathname: string, body: URLSearchParams | FormData) => Promise<Response>,
  ) => Promise<void>,
) {
  const cluster = engine === "postgres" ? await startCluster() : undefined;
  try {
    const app = await startApp(engine, cluster?.url, {
      ...options,
      extraEnv: { ...options.extraEnv, ADMIN_REQUIRE_2FA: "false" },
    });
    try {
      const adminCookie = await signIn(app.baseUrl, app.admin);
      await measure(app, (pathname, body) =>
        fetch(app.baseUrl + pathname, {
          method: "POST",
          redirect: "manual",
          headers: { Origin: app.baseUrl, Cookie: adminCookie },
          body,
        }),
      );
    } finally {
      await stop(app.child);
      if (app.pgliteDir) fs.rmSync(path.dirname(app.pgliteDir), { recursive: true, force: true });
    }
  } finally {
    cluster?.stop();
  }
}

/** What members saw in one open-loop window: latency from each request's scheduled start. */
type OpenLoopRun = { requests: number; p50: number; p99: number; errors: number };

/**
 * `rate` requests a second for `seconds`, whether or not earlier ones have been answered (the
 * launch test's scheduler, scripts/loadtest/plan.ts), so a stall shows in p99 instead of
 * slowing the load down as wrk's closed loop would.
 */
async function openLoop(
  url: string,
  headers: Record<string, string>,
  rate: number,
  seconds: number,
): Promise<OpenLoopRun> {
  const latencies: number[] = [];
  let errors = 0;
  const total = Math.round(rate * seconds);
  const inFlight = new Set<Promise<void>>();
  const start = performance.now();
  let fired = 0;
  while (fired < total) {
    const due = dueBy(performance.now() - start, rate, seconds);
    for (; fired < due; fired++) {
      const scheduled = start + scheduledAt(fired, rate);
      const request = fetch(url, { headers, redirect: "manual", signal: AbortSignal.timeout(10_000) })
        .then(async (response) => {
          await response.arrayBuffer();
          if (response.status !== 200) errors++;
          else latencies.push(performance.now() - scheduled);
        })
        .catch(() => {
          errors++;
        });
      inFlight.add(request);
      void request.finally(() => inFlight.delete(request));
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(inFlight);
  latencies.sort((a, b) => a - b);
  return { requests: total, p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors };
}

/**
 * `--announcement` (issue 32, item 6): 10,000 leads; the admin's 'Send to 10000 recipients' timed
 * from the click to its answer (every message is queued by then); then /dashboard at a steady
 * BENCH_MEMBER_RATE a second (100; open loop, members reading during a launch) for SECONDS x RUNS
 * before the announcement and again while the sender works through it at BENCH_MAIL_RATE a minute
 * (6,000: a hundred a second into the loopback SMTP sink, a hundred times the default).
 */
async function announcementCost(engine: Engine) {
  const recipients = 10_000;
  const mailRate = Number(process.env.BENCH_MAIL_RATE ?? 6000);
  const memberRate = Number(process.env.BENCH_MEMBER_RATE ?? 100);
  const window = SECONDS * RUNS;
  const smtp = await SmtpSink.start();
  try {
    const options = {
      extraEnv: {
        SMTP_URL: smtp.url,
        MAIL_RATE_PER_MINUTE: String(mailRate),
        MAIL_POSTAL_ADDRESS: "AI Profit Labs Bench, 1 Test Street, Springfield",
      },
      seed: [
        [
          "INSERT INTO leads (email, source) SELECT 'lead-' || g || '@bench.example', 'bench' FROM generate_series(1, $1::int) g ON CONFLICT DO NOTHING",
          [recipients],
        ] as [string, unknown[]],
      ],
    };
    await withAdmin(engine, options, async (app, adminPost) => {
      const dashboard = `${app.baseUrl}/dashboard`;
      const member = { Cookie: app.cookie, "Accept-Encoding": "br" };
      await openLoop(dashboard, member, memberRate, 3);
      log(`/dashboard at ${memberRate}/s for ${window} s before the announcement on ${engine}`);
      const before = await openLoop(dashboard, member, memberRate, window);

      const draft = await adminPost(
        "/admin/emails/announcements/new",
        new URLSearchParams({
          subject: "Live Q&A on Friday",
          body: "Join the **live Q&A** on Friday at 5 pm.\n\nBring your app idea and your questions.",
          audience: "leads",
        }),
      );
      const previewPath = draft.headers.get("location");
      if (draft.status !== 302 || !previewPath) throw new Error(`the draft was not saved (${draft.status})`);
      const sentBefore = smtp.messages.length;
      const clicked = performance.now();
      const send = await adminPost(previewPath, new URLSearchParams());
      const queuedMs = performance.now() - clicked;
      // Queued: back to /admin/emails with 'Queued N messages'; refused: back to the preview with why.
      if (!send.headers.get("location")?.startsWith("/admin/emails#"))
        throw new Error(`'Send' answered ${send.status} to ${send.headers.get("location")}`);

      log(`/dashboard at ${memberRate}/s for ${window} s while the announcement is sent on ${engine}`);
      const during = await openLoop(dashboard, member, memberRate, window);
      const sentDuring = smtp.messages.length - sentBefore;

      console.log(`\n${whenAndWhere()}; ${engine}\n`);
      console.log(
        `'Send to ${recipients.toLocaleString("en-US")} recipients' answered in ${(queuedMs / 1000).toFixed(2)} s, every message queued (issue 32: under 10 s); ${sentDuring.toLocaleString("en-US")} were sent in the ${window} s measured after it, at MAIL_RATE_PER_MINUTE=${mailRate}\n`,
      );
      console.log(`| /dashboard, ${memberRate} a second for ${window} s | p50 ms | p99 ms | errors |`);
      console.log("|---|---|---|---|");
      for (const [label, run] of [
        ["before the announcement", before],
        ["while it is sent", during],
      ] as const) {
        console.log(`| ${label} | ${ms(run.p50)} | ${ms(run.p99)} | ${run.errors} of ${run.requests} |`);
      }
      console.log(`\np99 while sending / before: ${(during.p99 / before.p99).toFixed(2)}x (issue 32: under 2x)`);
    });
  } finally {
    await smtp.close();
  }
}

/**
 * `--import` (issue 28: "10,000 rows in under a minute"): the admin's 'Import members' of a
 * 10,000-row CSV through the real form, the preview and then the import timed from each click to
 * its answer (the integration test checks what the import wrote).
 */
async function importCost(engine: Engine) {
  const rows = 10_000;
  await withAdmin(engine, {}, async (_app, adminPost) => {
    const lines = Array.from(
      { length: rows },
      (_, i) => `import-${i}@bench.example,Imported Member ${i},membership,Moved from Kajabi,`,
    );
    const csv = `email,name,products,reason,expires\n${lines.join("\n")}\n`;
    const preview = new FormData();
    preview.set("intent", "preview");
    preview.set("file", new Blob([csv], { type: "text/csv" }), "members.csv");
    const clicked = performance.now();
    const previewed = await adminPost("/admin/members/import", preview);
    const previewHtml = await previewed.text();
    const previewMs = performance.now() - clicked;
    if (!previewHtml.includes(`${rows} to add, 0 already members, 0 errors`))
      throw new Error(`the preview did not count ${rows} rows to add (${previewed.status})`);
    const confirm = new FormData();
    confirm.set("intent", "confirm");
    confirm.set("csv", csv);
    confirm.set("fileName", "members.csv");
    const confirmed = performance.now();
    const imported = await adminPost("/admin/members/import", confirm);
    const importMs = performance.now() - confirmed;
    if (imported.status !== 302 && imported.status !== 303)
      throw new Error(`'Import' answered ${imported.status}, not a redirect to the members list`);
    console.log(`\n${whenAndWhere()}; ${engine}\n`);
    console.log(
      `'Import members', ${rows.toLocaleString("en-US")} rows: preview ${(previewMs / 1000).toFixed(2)} s, import ${(importMs / 1000).toFixed(2)} s, ${((previewMs + importMs) / 1000).toFixed(2)} s in all (issue 28: under a minute)`,
    );
  });
}

async function main() {
  const wrk = ensureWrk();
  log("building");
  const build = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
  if (build.status !== 0) throw new Error("the build failed");
  const profileIndex = process.argv.indexOf("--profile");
  const engine: Engine = process.argv[process.argv.indexOf("--engine") + 1] === "pglite" ? "pglite" : "postgres";
  if (profileIndex > 0) return profile(wrk, process.argv[profileIndex + 1] ?? "/dashboard", engine);
  if (process.argv.includes("--logs")) return logCost(wrk);
  if (process.argv.includes("--announcement")) return announcementCost(engine);
  if (process.argv.includes("--import")) return importCost(engine);
  if (process.argv.includes("--assets")) return assetCost(wrk);

  const rows: Row[] = [];
  const report: Record<string, unknown> = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  };
  const bench = async (name: string, target: WrkTarget, meters: Record<string, CpuMeter>) => {
    log(`measuring ${name}`);
    const run = await measure(wrk, target, { runs: RUNS, seconds: SECONDS, meters });
    rows.push({ target: name, run });
  };
  // The server's process and, with several server processes, its workers.
  const processCpu =
    (child: ChildProcess): CpuMeter =>
    () =>
      cpuSeconds([child.pid!, ...childrenOf(child.pid!)]);
  // A freshly started server spends its first minute compiling: V8 tiers the app's hottest
  // functions and PGlite's WebAssembly up to optimised code as they get hot. Measured at once, a
  // PGlite member page ran at half its steady rate (280 req/s in the first 8 s, 690 after a
  // minute). Each app's member pages and landing page are loaded for 30 s before any target counts.
  const warmUp = async (app: App) => {
    log("warming up the app (30 s)");
    for (const pagePath of ["/dashboard", `/course/${app.courseId}`])
      await runWrk(wrk, { url: app.baseUrl + pagePath, headers: { Cookie: app.cookie } }, 12);
    await runWrk(wrk, { url: `${app.baseUrl}/` }, 6);
  };
  // The anonymous pages the page cache answers, each with its query-string variants.
  const benchCachedPages = async (suffix: string, baseUrl: string, meters: Record<string, CpuMeter>) => {
    await bench(`/ visitor${suffix}`, { url: `${baseUrl}/` }, meters);
    await bench(`/ailabs-offer visitor${suffix}`, { url: `${baseUrl}/ailabs-offer` }, meters);
    await bench(`/privacy-policy visitor${suffix}`, { url: `${baseUrl}/privacy-policy` }, meters);
    await bench(
      `/ unique query per request${suffix}`,
      { url: `${baseUrl}/`, script: path.join(ROOT, "scripts/bench/unique-query.lua") },
      meters,
    );
    await bench(`/?utm_source=x&fbclid=y${suffix}`, { url: `${baseUrl}/?utm_source=x&fbclid=y` }, meters);
  };
  const benchMemberPages = async (engine: string, app: App, meters: Record<string, CpuMeter>) => {
    const member = { Cookie: app.cookie };
    await bench(`/dashboard, paid member, ${engine}`, { url: `${app.baseUrl}/dashboard`, headers: member }, meters);
    await bench(
      `/course/{id}, paid member, ${engine}`,
      { url: `${app.baseUrl}/course/${app.courseId}`, headers: member },
      meters,
    );
  };

  const cleanups: Array<() => Promise<void> | void> = [];
  try {
    // PGlite first, then PostgreSQL: one app at a time, so they never share the CPU.
    log("starting the app on PGlite");
    const lite = await startApp("pglite");
    await warmUp(lite);
    await benchMemberPages("PGlite", lite, { app: processCpu(lite.child) });
    await stop(lite.child);
    fs.rmSync(path.dirname(lite.pgliteDir!), { recursive: true, force: true });

    // What a self-hoster runs: `npm start` (PGlite, readable logs from a second process).
    log("starting the app as `npm start` runs it (PGlite, readable logs)");
    const started = await startApp("pglite", undefined, { logs: "npm start" });
    await warmUp(started);
    const startedMeters = { app: processCpu(started.child) };
    await bench(
      "/dashboard, paid member, npm start",
      { url: `${started.baseUrl}/dashboard`, headers: { Cookie: started.cookie } },
      startedMeters,
    );
    await bench("/ visitor, npm start", { url: `${started.baseUrl}/` }, startedMeters);
    await stop(started.child);
    fs.rmSync(path.dirname(started.pgliteDir!), { recursive: true, force: true });

    log("starting a PostgreSQL cluster and the app on it, in one process");
    const cluster = await startCluster({ settings: ["shared_preload_libraries=pg_stat_statements"] });
    cleanups.push(() => cluster.stop());
    const postgresCpu = () => cpuSeconds(cluster.processes());
    const single = await startApp("postgres", cluster.url);
    await warmUp(single);
    const singleMeters = { app: processCpu(single.child), postgres: postgresCpu };
    await benchCachedPages(", PostgreSQL, 1 process", single.baseUrl, singleMeters);
    await benchMemberPages("PostgreSQL, 1 process", single, singleMeters);
    await stop(single.child);

    // As deployed on a machine with more than one CPU: one server process per CPU (docs/decisions/035).
    const cpus = os.availableParallelism();
    const processes = `${cpus} process${cpus === 1 ? "" : "es"}`;
    log(`starting the app on PostgreSQL with WEB_CONCURRENCY=auto (${processes})`);
    const app = await startApp("postgres", cluster.url, { serverProcesses: "auto" });
    cleanups.push(() => stop(app.child));
    await warmUp(app);

    const landing = await rawGet(`${app.baseUrl}/`);
    const reference = await startReference(landing.body);
    cleanups.push(() => stop(reference.child));

    const appMeters = { app: processCpu(app.child), postgres: postgresCpu };
    await bench(REFERENCE, { url: reference.url }, { app: processCpu(reference.child) });
    await stop(reference.child);
    if (cpus > 1) {
      // The same bare server in as many processes as the app: the tail (p99 / p50) that several
      // processes sharing the CPUs with wrk give with no app code at all. The shares stay those
      // of the one-process reference above.
      const control = await startReference(landing.body, cpus);
      cleanups.push(() => stop(control.child));
      await bench(`reference in ${processes} (tail control)`, { url: control.url }, { app: processCpu(control.child) });
      await stop(control.child);
    }
    await benchCachedPages("", app.baseUrl, appMeters);
    await benchMemberPages(`PostgreSQL, ${processes}`, app, appMeters);
    const asset =
      /<link\b[^>]*href="(\/build\/[^"]+\.js)"/.exec(landing.body.toString("utf8"))?.[1] ?? "/build/manifest.json";
    await bench(`one /build asset (${path.basename(asset)})`, { url: `${app.baseUrl}${asset}` }, appMeters);
    await bench("/ visitor, 200 connections", { url: `${app.baseUrl}/`, connections: 200 }, appMeters);

    const javaScript: Record<string, { files: number; gzipBytes: number }> = {};
    for (const page of JS_PAGES) javaScript[page] = await javaScriptWeight(app.baseUrl, page);
    javaScript["/dashboard (member)"] = await javaScriptWeight(app.baseUrl, "/dashboard", { Cookie: app.cookie });
    const brotli = await brotliEfficiency(app.baseUrl, "/");
    const trips = {
      "/dashboard": await roundTrips(cluster.url, app, "/dashboard"),
      [`/course/{id}`]: await roundTrips(cluster.url, app, `/course/${app.courseId}`),
    };

    const referenceRate = rows.find((row) => row.target === REFERENCE)!.run.requestsPerSecond;
    const share = (rate: number) => `${((rate / referenceRate) * 100).toFixed(rate / referenceRate < 0.1 ? 2 : 1)}%`;
    console.log(
      `\n${report.date} on ${report.machine}; wrk -t1, 50 connections unless stated, Accept-Encoding: br; medians of ${RUNS} x ${SECONDS} s.` +
        ` On PostgreSQL the app runs WEB_CONCURRENCY=auto (${processes}) unless a row says 1 process.\n`,
    );
    console.log(
      "| target | req/s | p50 ms | p99 ms | p99 / p50 | errors | share of the reference | CPU µs per request: server (+ PostgreSQL) |",
    );
    console.log("|---|---|---|---|---|---|---|---|");
    for (const { target, run } of rows) {
      console.log(
        `| ${target} | ${Math.round(run.requestsPerSecond)} | ${ms(run.p50)} | ${ms(run.p99)} | ${(run.p99 / run.p50).toFixed(1)}x | ${run.errors} (timeouts ${run.timeouts}) | ${share(run.requestsPerSecond)} | ${cpuCell(run.cpuMsPerRequest)} |`,
      );
    }
    console.log("\n| page | JavaScript loaded (gzip) |\n|---|---|");
    for (const [page, weight] of Object.entries(javaScript))
      console.log(`| ${page} | ${kib(weight.gzipBytes)}, ${weight.files} files |`);
    console.log(
      `\nbrotli body of /: ${brotli.sentBytes} B; a one-pass quality-11 brotli: ${brotli.quality11Bytes} B (x${brotli.ratio.toFixed(3)})`,
    );
    console.log(
      `database round trips of one member request (PostgreSQL, pg_stat_statements): ${JSON.stringify(trips)}\n`,
    );

    Object.assign(report, {
      reference: referenceRate,
      postgresServerProcesses: cpus,
      targets: rows.map(({ target, run }) => ({ target, ...run, share: run.requestsPerSecond / referenceRate })),
      javaScript,
      brotli: { sentBytes: brotli.sentBytes, quality11Bytes: brotli.quality11Bytes, ratio: brotli.ratio },
      roundTrips: trips,
    });
    console.log(`BENCH_JSON ${JSON.stringify(report)}`);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
