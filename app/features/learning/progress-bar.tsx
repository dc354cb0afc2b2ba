import { progressLabel, type Progress } from "./progress";

/**
 * 'N of M chapters completed' and the percentage, with a bar. The bar is a `role="progressbar"` with its value in
 * aria-valuenow and the words in aria-valuetext, so a screen reader says the same as the page.
 */
export function ProgressBar({ progress, label = "Course progress" }: { progress: Progress; label?: string }) {
  const words = progressLabel(progress);
  return (
    <div>
      <p className="flex items-baseline justify-between gap-2 text-sm font-medium text-slate-700">
        <span>{words}</span>
        {/* The bar's value in words too (issue 30); the bar already says it to a screen reader. */}
        <span aria-hidden="true" className="tabular-nums text-slate-600">
          {progress.percent}%
        </span>
      </p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={words}
        className="mt-1.5 h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full rounded-full ${progress.complete ? "bg-emerald-600" : "bg-brand-600"}`}
          style={{ width: `${progress.percent}%` }}
        />
      </div>
    </div>
  );
}

/** Marks what members cannot see yet, wherever an admin sees it. */
export function DraftBadge() {
  return (
    <span className="inline-flex shrink-0 items-center rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-800">
      Draft
    </span>
  );
}
