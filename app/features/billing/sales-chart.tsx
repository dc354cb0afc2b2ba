import { formatDay } from "~/platform/dates";
import { formatMoney } from "~/platform/money";
import { chartGeometry, type DailySeries } from "./sales-report";

const WIDTH = 600;
const HEIGHT = 160;

/**
 * Daily net revenue as bars, drawn on the server as SVG (no script, no library). The bars
 * stretch to the width (preserveAspectRatio none) at a fixed height; the words around them are
 * HTML, so they stay readable at any width. The same figures follow in a table, which is the
 * accessible version.
 */
export function SalesChart({ series, timeZone }: { series: DailySeries; timeZone: string }) {
  const geometry = chartGeometry(series.points, WIDTH, HEIGHT);
  const first = series.points[0];
  const last = series.points[series.points.length - 1];
  const tableId = `daily-net-${series.currency}`;
  return (
    <figure className="space-y-3">
      <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <div className="flex justify-between gap-3 text-xs text-slate-600">
          <span>Best day: {formatMoney(geometry.max, series.currency)}</span>
          {geometry.min < 0 ? <span>Worst day: {formatMoney(geometry.min, series.currency)}</span> : null}
        </div>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="mt-2 h-40 w-full"
          role="img"
          aria-label={`Daily net revenue in ${series.currency} for the last ${series.points.length} days; the figures are in the table below.`}
        >
          <line
            x1={0}
            x2={WIDTH}
            y1={geometry.baseline}
            y2={geometry.baseline}
            stroke="#cbd5e1"
            strokeWidth={1}
            vectorEffect="non-scaling-stroke"
          />
          {geometry.bars.map((bar) => (
            <rect
              key={bar.day}
              x={bar.x}
              y={bar.y}
              width={bar.width}
              height={Math.max(bar.height, bar.net === 0 ? 0 : 1)}
              fill={bar.net < 0 ? "#dc2626" : "#4f46e5"}
            >
              <title>{`${formatDay(bar.day)}: ${formatMoney(bar.net, series.currency)}`}</title>
            </rect>
          ))}
        </svg>
        {first && last ? (
          <div className="mt-1 flex justify-between text-xs text-slate-600">
            <span>{formatDay(first.day)}</span>
            <span>{formatDay(last.day)}</span>
          </div>
        ) : null}
      </div>
      <figcaption className="text-sm text-slate-600">
        Net revenue per day (sales minus refunds, days in {timeZone}) in {series.currency}.{" "}
        <a href={`#${tableId}`} className="text-brand-700 underline">
          Figures as a table
        </a>
      </figcaption>
      <details className="rounded-xl border border-slate-200 bg-white">
        <summary className="flex min-h-11 cursor-pointer items-center px-4 text-sm font-semibold text-slate-700">
          Daily figures ({series.currency})
        </summary>
        <div className="overflow-x-auto">
          <table id={tableId} className="w-full text-left text-sm [&_td]:px-4 [&_td]:py-1.5 [&_th]:px-4 [&_th]:py-1.5">
            <caption className="sr-only">Daily net revenue in {series.currency}</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col" className="text-right">
                  Net
                </th>
              </tr>
            </thead>
            <tbody>
              {series.points.map((point) => (
                <tr key={point.day} className="border-t border-slate-100">
                  <td>{formatDay(point.day)}</td>
                  <td className="text-right tabular-nums">{formatMoney(point.net, series.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
