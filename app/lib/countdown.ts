/**
 * The sales countdown of docs/product.md §4: it starts at a fixed value on every page load and goes down one
 * second per tick, borrowing a minute, then an hour, then a day; at zero it stops. Pure, so the
 * server renders the first value and the browser ticks the same arithmetic.
 */
export type CountdownValue = { days: number; hours: number; minutes: number; seconds: number };

export const COUNTDOWN_TICK_MS = 1000;

export const ZERO_COUNTDOWN: CountdownValue = { days: 0, hours: 0, minutes: 0, seconds: 0 };

export function isCountdownOver(value: CountdownValue): boolean {
  return value.days === 0 && value.hours === 0 && value.minutes === 0 && value.seconds === 0;
}

/** The value one second later. */
export function tickCountdown(value: CountdownValue): CountdownValue {
  const { days, hours, minutes, seconds } = value;
  if (seconds > 0) return { days, hours, minutes, seconds: seconds - 1 };
  if (minutes > 0) return { days, hours, minutes: minutes - 1, seconds: 59 };
  if (hours > 0) return { days, hours: hours - 1, minutes: 59, seconds: 59 };
  if (days > 0) return { days: days - 1, hours: 23, minutes: 59, seconds: 59 };
  return ZERO_COUNTDOWN;
}

/** Two digits, as a countdown display shows them ('07'). */
export function padCountdownUnit(unit: number): string {
  return String(unit).padStart(2, "0");
}
