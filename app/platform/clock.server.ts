/**
 * The server's "now" for launch deadlines (decision 053). Tests that run the built app in their
 * own process move it with `setTestClock` (tests/support/clock.ts) instead of sleeping: the hook
 * lives on globalThis, so the test's copy and the app's bundle share it. Nothing in the app sets it.
 */
const CLOCK = Symbol.for("ai-profit-labs.test-clock");
type Holder = typeof globalThis & { [CLOCK]?: () => number };

export function now(): Date {
  const clock = (globalThis as Holder)[CLOCK];
  return new Date(clock ? clock() : Date.now());
}
