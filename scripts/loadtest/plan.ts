// The pure parts of `npm run loadtest` (scripts/loadtest.ts), unit-tested in
// tests/unit/app/loadtest.test.ts: when each request is due, which kind of visitor it is, and what a
// step's latencies say.

/** The launch mix (issue 32): the share of arrivals, in percent, of each kind of visitor. */
export const LAUNCH_MIX = {
  "sales page": 70,
  "lead signup": 5,
  "account signup": 5,
  login: 5,
  "stripe checkout": 3,
  "warriorplus ipn": 2,
  "member reading": 10,
} as const;

export type VisitorKind = keyof typeof LAUNCH_MIX;

/**
 * The kinds in the order a smooth weighted round-robin deals them (nginx's algorithm): every
 * window of 100 arrivals holds each kind exactly its weight's times, spread out rather than in
 * runs, so even a short step carries the whole mix and no two steps differ by chance.
 */
export function* mixSequence<K extends string>(weights: Readonly<Record<K, number>>): Generator<K, never> {
  const entries = Object.entries(weights) as Array<[K, number]>;
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  const current = new Map<K, number>(entries.map(([kind]) => [kind, 0]));
  const [first] = entries;
  if (!first) throw new Error("a mix needs at least one kind of arrival");
  for (;;) {
    let best: K = first[0];
    for (const [kind, weight] of entries) {
      current.set(kind, current.get(kind)! + weight);
      if (current.get(kind)! > current.get(best)!) best = kind;
    }
    current.set(best, current.get(best)! - total);
    yield best;
  }
}

/**
 * Open loop at a constant arrival rate: request `i` of a step is due `i / rate` seconds after the
 * step starts, whether or not earlier ones have been answered. Returns how many requests are due
 * by `elapsedMs` (all of them once the step is over), so a timer that wakes late fires every
 * request it missed at once, each still timed from its own scheduled start.
 */
export function dueBy(elapsedMs: number, ratePerSecond: number, seconds: number): number {
  const total = Math.round(ratePerSecond * seconds);
  if (elapsedMs < 0) return 0;
  return Math.min(total, Math.floor((elapsedMs * ratePerSecond) / 1000) + 1);
}

/** When request `i` of a step was due, in ms after the step's start: latency is measured from here. */
export function scheduledAt(index: number, ratePerSecond: number): number {
  return (index * 1000) / ratePerSecond;
}

/** The nearest-rank percentile (p in 0-100) of ascending values: a value that was really observed. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? NaN;
}

export type Sample = { kind: string; ms: number; status: number; ok: boolean };

export type KindRow = { kind: string; requests: number; p50: number; p99: number; errors: number; "5xx": number };

/** Per kind, in the order kinds first appear: requests, p50 and p99 (ms), errors (any unexpected answer or failure) and 5xx. */
export function summarise(samples: readonly Sample[]): KindRow[] {
  const byKind = new Map<string, Sample[]>();
  for (const sample of samples) {
    const mine = byKind.get(sample.kind) ?? [];
    mine.push(sample);
    byKind.set(sample.kind, mine);
  }
  return [...byKind].map(([kind, mine]) => {
    const ms = mine.map((sample) => sample.ms).sort((a, b) => a - b);
    return {
      kind,
      requests: mine.length,
      p50: percentile(ms, 50),
      p99: percentile(ms, 99),
      errors: mine.filter((sample) => !sample.ok).length,
      "5xx": mine.filter((sample) => sample.status >= 500).length,
    };
  });
}

/** A step is clean when every kind's p99 is within this and nothing failed. */
export const P99_LIMIT_MS = 500;

/** The kind that made a step fail (the worst p99 among those over the limit, else the first with errors), or null if it is clean. */
export function failedKind(rows: readonly KindRow[], limitMs = P99_LIMIT_MS): string | null {
  const [slowest] = rows.filter((row) => row.p99 > limitMs).sort((a, b) => b.p99 - a.p99);
  if (slowest) return slowest.kind;
  return rows.find((row) => row.errors > 0)?.kind ?? null;
}

export type StepResult = { rate: number; failed: string | null };

/** The capacity of a series: the highest clean step before the first failing one (null if the first failed), and what failed. */
export function capacityOf(steps: readonly StepResult[]): { rate: number | null; failedFirst: string | null } {
  let rate: number | null = null;
  for (const step of steps) {
    if (step.failed) return { rate, failedFirst: step.failed };
    rate = step.rate;
  }
  return { rate, failedFirst: null };
}
