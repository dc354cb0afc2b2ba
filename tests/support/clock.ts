/**
 * Moves the server's "now" for launch deadlines (app/platform/clock.server.ts, decision 053) in the
 * app this test process runs: the app reads the hook from globalThis. Never a sleep.
 */
const CLOCK = Symbol.for("ai-profit-labs.test-clock");
type Holder = typeof globalThis & { [CLOCK]?: () => number };

export function setServerClock(at: Date | string) {
  const time = new Date(at).getTime();
  (globalThis as Holder)[CLOCK] = () => time;
}

export function advanceServerClock(ms: number) {
  const holder = globalThis as Holder;
  const current = holder[CLOCK]?.() ?? Date.now();
  holder[CLOCK] = () => current + ms;
}

export function resetServerClock() {
  delete (globalThis as Holder)[CLOCK];
}
