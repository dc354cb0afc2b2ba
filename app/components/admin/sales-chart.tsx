import { formatDay } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { chartGeometry, type DailySeries } from "~/lib/sales-report";

const WIDTH = 600;
const HEIGHT = 160;
const PAD = { top: 12, right: 8, bottom: 24, left: 8 };

/**
 * Daily net revenue as bars, drawn on the server as SVG (no script, no library). The SVG is
 * decorative for screen readers: the same figures follow in a table, which is the accessible
 * version (and what a reader without the picture uses).
 */
export function SalesChart({ series }: { series: DailySeries }) {
  const geometry = chartGeometry(series.points, WIDTH - PAD.left - PAD.right, HEIGHT - PAD.top - PAD.bottom);
  const first = series.points[0];
  const last = series.points[series.points.length - 1];
  const tableId = `daily-net-${series.currency}`;
  return (
    <figure className="space-y-3">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full rounded-xl border border-slate-200 bg-white"
        role="img"
        aria-label={`Daily net revenue in ${series.currency} for the last ${series.points.length} days; the figures are in the table below.`}
      >
        <g transform={`translate(${PAD.left} ${PAD.top})`}>
          <line x1={0} x2={geometry.width} y1={geometry.baseline} y2={geometry.baseline} stroke="#cbd5e1" strokeWidth={1} />
          {geometry.bars.map((bar) => (
            <rect
              key={bar.day}
              x={bar.x}
              y={bar.y}
              width={bar.width}
              height={Math.max(bar.height, bar.net === 0 ? 0 : 1)}
              rx={1.5}
              fill={bar.net < 0 ? "#dc2626" : "#4f46e5"}
            >
              <title>{`${formatDay(bar.day)}: ${formatMoney(bar.net, series.currency)}`}</title>
            </rect>
          ))}
        </g>
        {first && last ? (
          <g fontSize={11} fill="#475569">
            <text x={PAD.left} y={HEIGHT - 6}>
              {formatDay(first.day)}
            </text>
            <text x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end">
              {formatDay(last.day)}
            </text>
            <text x={WIDTH - PAD.right} y={PAD.top + 10} textAnchor="end">
              {`max ${formatMoney(geometry.max, series.currency)}`}
            </text>
          </g>
        ) : null}
      </svg>
      <figcaption className="text-sm text-slate-600">
        Net revenue per day (sales minus refunds, UTC) in {series.currency}.{" "}
        <a href={`#${tableId}`} className="text-brand-700 underline">
          Figures as a table
        </a>
      </figcaption>
      <details className="rounded-xl border border-slate-200 bg-white">
        <summary className="flex min-h-10 cursor-pointer items-center px-4 text-sm font-semibold text-slate-700">Daily figures ({series.currency})</summary>
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
