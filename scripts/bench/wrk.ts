import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";

/** One wrk run, as parsed from its report. Latencies in milliseconds. */
export type WrkRun = {
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  timeouts: number;
};

/** Debian's wrk; installed with apt-get when missing (the benchmark's only system dependency). */
export function ensureWrk(): string {
  for (const candidate of ["/usr/bin/wrk", "/usr/local/bin/wrk"]) if (fs.existsSync(candidate)) return candidate;
  console.log("[bench] wrk is missing: installing Debian's package");
  const asRoot = process.getuid?.() === 0;
  const run = (args: string[]) =>
    asRoot
      ? execFileSync("apt-get", args, { stdio: "inherit" })
      : execFileSync("sudo", ["apt-get", ...args], { stdio: "inherit" });
  run(["update"]);
  run(["install", "-y", "--no-install-recommends", "wrk"]);
  return "/usr/bin/wrk";
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };
function toMs(text: string): number {
  const [, amount, unit = ""] = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim()) ?? [];
  return Number(amount) * (UNIT_MS[unit] ?? NaN);
}

export function parseWrk(output: string): WrkRun {
  const number = (pattern: RegExp) => Number(pattern.exec(output)?.[1] ?? 0);
  const latency = (percent: string) => toMs(new RegExp(`^\\s*${percent}%\\s+(\\S+)`, "m").exec(output)?.[1] ?? "NaN");
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const [connect = 0, read = 0, write = 0, timeout = 0] = socket ? socket.slice(1).map(Number) : [];
  const non2xx = number(/Non-2xx or 3xx responses: (\d+)/);
  return {
    requests: number(/(\d+) requests in/),
    requestsPerSecond: number(/Requests\/sec:\s+([\d.]+)/),
    p50: latency("50"),
    p99: latency("99"),
    errors: connect + read + write + timeout + non2xx,
    non2xx,
    timeouts: timeout,
  };
}

export type WrkTarget = { url: string; connections?: number; headers?: Record<string, string>; script?: string };

export function runWrk(wrk: string, target: WrkTarget, seconds: number): Promise<WrkRun> {
  const args = ["-t1", `-c${target.connections ?? 50}`, `-d${seconds}s`, "--latency", "--timeout", "2s"];
  for (const [name, value] of Object.entries({ "Accept-Encoding": "br", ...target.headers }))
    args.push("-H", `${name}: ${value}`);
  if (target.script) args.push("-s", target.script);
  args.push(target.url);
  return new Promise((resolve, reject) => {
    const child = spawn(wrk, args, { stdio: ["ignore", "pipe", "inherit"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve(parseWrk(output)) : reject(new Error(`wrk exited with ${code}:\n${output}`)),
    );
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** CPU time (user + system) used so far by processes, in seconds, from /proc (Linux). */
export type CpuMeter = () => number;

const TICKS_PER_SECOND = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

export function cpuSeconds(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // The command name may hold spaces and parentheses: utime and stime are the 12th and 13th
      // fields after the last ')'.
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended (a PostgreSQL backend whose connection closed): its time is gone with it.
    }
  }
  return ticks / TICKS_PER_SECOND;
}

export type Measurement = WrkRun & {
  /** Median CPU milliseconds per request of each metered process group (e.g. the app, PostgreSQL). */
  cpuMsPerRequest: Record<string, number>;
};

/**
 * A 3 s warm-up, then `runs` runs of `seconds`; the median of each figure (errors: the worst run).
 * Each meter is read around every run, so the CPU a request costs is measured, not guessed.
 */
export async function measure(
  wrk: string,
  target: WrkTarget,
  { runs = 3, seconds = 10, warmup = 3, meters = {} as Record<string, CpuMeter> } = {},
): Promise<Measurement> {
  await runWrk(wrk, target, warmup);
  const results: WrkRun[] = [];
  const cpu: Record<string, number[]> = Object.fromEntries(Object.keys(meters).map((name) => [name, []]));
  for (let i = 0; i < runs; i++) {
    const before = Object.entries(meters).map(([name, meter]) => [name, meter()] as const);
    const result = await runWrk(wrk, target, seconds);
    const after = Object.fromEntries(Object.entries(meters).map(([name, meter]) => [name, meter()]));
    for (const [name, start] of before)
      cpu[name]?.push((((after[name] ?? start) - start) * 1000) / Math.max(result.requests, 1));
    results.push(result);
  }
  return {
    requests: median(results.map((r) => r.requests)),
    requestsPerSecond: median(results.map((r) => r.requestsPerSecond)),
    p50: median(results.map((r) => r.p50)),
    p99: median(results.map((r) => r.p99)),
    errors: Math.max(...results.map((r) => r.errors)),
    non2xx: Math.max(...results.map((r) => r.non2xx)),
    timeouts: Math.max(...results.map((r) => r.timeouts)),
    cpuMsPerRequest: Object.fromEntries(Object.entries(cpu).map(([name, values]) => [name, median(values)])),
  };
}
