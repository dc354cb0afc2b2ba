import type { PriceBoxContent } from "~/platform/copy-types";

const toneClass = {
  regular: "text-slate-600 line-through",
  discount: "font-semibold text-red-700",
  total: "text-3xl font-extrabold text-green-800",
};

/** A price breakdown: regular price, discount, and what the buyer pays. */
export function PriceBox({ box }: { box: PriceBoxContent }) {
  return (
    <div className="relative mx-auto max-w-md rounded-2xl border-2 border-green-700 bg-white p-6 shadow-lg">
      {box.badge ? (
        <p className="absolute -top-4 left-1/2 -translate-x-1/2 rounded-full bg-red-700 px-4 py-1 text-sm font-extrabold text-white">
          {box.badge}
        </p>
      ) : null}
      <h3 className="text-center text-xl font-bold">{box.heading}</h3>
      <dl className="mt-5 space-y-3">
        {box.lines.map((line) => (
          <div
            key={line.label}
            className="flex items-baseline justify-between gap-4 border-b border-slate-100 pb-2 last:border-0"
          >
            <dt className={line.tone === "total" ? "font-bold" : "text-slate-700"}>{line.label}</dt>
            <dd className={toneClass[line.tone]}>{line.amount}</dd>
          </div>
        ))}
      </dl>
      {box.note ? <p className="mt-4 text-center text-sm text-slate-600">{box.note}</p> : null}
    </div>
  );
}
