import { useEffect, useState } from "react";
import {
  COUNTDOWN_TICK_MS,
  isCountdownOver,
  padCountdownUnit,
  tickCountdown,
  type CountdownValue,
} from "~/lib/countdown";

const UNITS = [
  ["days", "Days"],
  ["hours", "Hours"],
  ["minutes", "Minutes"],
  ["seconds", "Seconds"],
] as const;

/**
 * The sales countdown (docs/product.md §4): the server renders its first value, the browser ticks it each
 * second with the pure arithmetic of app/lib/countdown.ts until it reaches zero.
 */
export function SalesCountdown({ label, from }: { label: string; from: CountdownValue }) {
  const [value, setValue] = useState(from);

  useEffect(() => {
    if (isCountdownOver(value)) return;
    const timer = window.setTimeout(() => setValue(tickCountdown(value)), COUNTDOWN_TICK_MS);
    return () => window.clearTimeout(timer);
  }, [value]);

  return (
    <div className="text-center">
      <p id="sales-countdown-label" className="text-sm font-semibold uppercase tracking-wide">
        {label}
      </p>
      <div role="timer" aria-labelledby="sales-countdown-label" className="mt-2 flex justify-center gap-2 sm:gap-3">
        {UNITS.map(([unit, name]) => (
          <div key={unit} className="w-16 rounded-lg bg-white px-2 py-2 text-slate-900 shadow sm:w-20">
            <span className="block font-mono text-2xl font-extrabold tabular-nums sm:text-3xl" data-unit={unit}>
              {padCountdownUnit(value[unit])}
            </span>
            <span className="block text-xs font-semibold uppercase text-slate-600">{name}</span>
          </div>
        ))}
      </div>
    </div>
  );
}
