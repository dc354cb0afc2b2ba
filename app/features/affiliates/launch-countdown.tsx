import { useEffect, useState } from "react";
import { countdownTo, isCountdownOver, twoDigits, type CountdownValue } from "~/features/launch";

const UNITS: Array<[keyof CountdownValue, string]> = [
  ["days", "Days"],
  ["hours", "Hours"],
  ["minutes", "Minutes"],
  ["seconds", "Seconds"],
];

/**
 * The launch countdown (docs/product.md §4): the first value comes from the server, so the page shows it
 * without JavaScript; in the browser it is recomputed at once and then every second, and stops
 * at zero.
 */
export function LaunchCountdown({
  target,
  initial,
  variant = "large",
}: {
  target: string;
  initial: CountdownValue;
  variant?: "large" | "badge";
}) {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    const tick = () => {
      const next = countdownTo(target, Date.now());
      setValue(next);
      return isCountdownOver(next);
    };
    if (tick()) return;
    const timer = window.setInterval(() => {
      if (tick()) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [target]);

  if (variant === "badge") {
    return (
      <span className="inline-flex items-center rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">
        <span className="sr-only">Time until launch: </span>
        {value.days}d {twoDigits(value.hours)}h {twoDigits(value.minutes)}m {twoDigits(value.seconds)}s
      </span>
    );
  }
  return (
    <div role="timer" aria-label="Time until launch" className="grid grid-cols-4 gap-2 sm:gap-4">
      {UNITS.map(([unit, label]) => (
        <div key={unit} className="rounded-xl bg-white/10 px-2 py-3 text-center ring-1 ring-white/20">
          <div className="text-3xl font-extrabold tabular-nums sm:text-5xl">{twoDigits(value[unit])}</div>
          <div className="mt-1 text-xs font-semibold uppercase tracking-wide">{label}</div>
        </div>
      ))}
    </div>
  );
}
