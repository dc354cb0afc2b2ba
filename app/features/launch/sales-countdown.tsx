import { useEffect, useRef } from "react";
import { LAUNCH_PRICE_ENDED } from "./launch";
import { twoDigits, type CountdownValue } from "./launch-countdown";

const UNITS = [
  ["days", "Days"],
  ["hours", "Hours"],
  ["minutes", "Minutes"],
  ["seconds", "Seconds"],
] as const;

/** Starts the ticker on a React page; `/` loads the same module alone (DeadlineTickerScript). */
function useDeadlineTicker() {
  const root = useRef<HTMLElement>(null);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let left = false;
    void import("./deadline-ticker").then(({ tickDeadlines }) => {
      if (!left && root.current) stop = tickDeadlines(root.current);
    });
    return () => {
      left = true;
      stop?.();
    };
  }, []);
  return root;
}

/**
 * The sales countdown to 'Cart closes' (docs/product.md §4 "Sales countdown", decision 053): the
 * server renders the time left, the browser counts to the same deadline each second, and at it
 * the section says the launch price has ended (features/launch/deadline-ticker.ts).
 */
export function SalesCountdown({
  label,
  closesAt,
  remaining,
}: {
  label: string;
  closesAt: string;
  remaining: CountdownValue;
}) {
  const root = useDeadlineTicker();
  return (
    <section ref={root} className="text-center" data-deadline-ended={LAUNCH_PRICE_ENDED}>
      <p id="sales-countdown-label" className="text-sm font-semibold uppercase tracking-wide">
        {label}
      </p>
      <div
        role="timer"
        aria-labelledby="sales-countdown-label"
        data-deadline={closesAt}
        className="mt-2 flex justify-center gap-2 sm:gap-3"
      >
        {UNITS.map(([unit, name]) => (
          <div key={unit} className="w-16 rounded-lg bg-white px-2 py-2 text-slate-900 shadow sm:w-20">
            <span className="block font-mono text-2xl font-extrabold tabular-nums sm:text-3xl" data-unit={unit}>
              {twoDigits(remaining[unit])}
            </span>
            <span className="block text-xs font-semibold uppercase text-slate-600">{name}</span>
          </div>
        ))}
      </div>
    </section>
  );
}

/** The landing's inline countdown ('2d 23h 59m 59s'), ticked by the same module. */
export function InlineCountdown({
  label,
  closesAt,
  remaining,
}: {
  label: string;
  closesAt: string;
  remaining: CountdownValue;
}) {
  return (
    <span role="timer" aria-label={label} data-deadline={closesAt} className="tabular-nums">
      <span data-unit="days">{twoDigits(remaining.days)}</span>d{" "}
      <span data-unit="hours">{twoDigits(remaining.hours)}</span>h{" "}
      <span data-unit="minutes">{twoDigits(remaining.minutes)}</span>m{" "}
      <span data-unit="seconds">{twoDigits(remaining.seconds)}</span>s
    </span>
  );
}

/** Loads the ticker alone on a page without React (`/`). */
export function DeadlineTickerScript({ src, nonce }: { src: string; nonce?: string }) {
  const code = `import{tickDeadlines}from${JSON.stringify(src).replace(/</g, "\\u003c")};tickDeadlines(document);`;
  return (
    <>
      <link rel="modulepreload" href={src} nonce={nonce} />
      <script type="module" nonce={nonce} dangerouslySetInnerHTML={{ __html: code }} />
    </>
  );
}
