import { panelClass } from "~/platform/ui/admin/form-controls";
import type { ReadinessLine } from "./readiness";

const ENVIRONMENT_HELP_ID = "readiness-environment";

/**
 * The readiness check on /admin/launch: one line per thing to set before selling, each saying
 * 'Ready' or 'Missing' in words and a mark (the colour only repeats it), what is set or missing,
 * and where it is fixed: an admin page, or variables set at the deploy.
 */
export function ReadinessChecklist({ lines }: { lines: readonly ReadinessLine[] }) {
  const missing = lines.filter((line) => !line.ready).length;
  return (
    <section aria-labelledby="readiness-heading" className={`${panelClass} max-w-2xl`}>
      <h2 id="readiness-heading" className="text-lg font-semibold text-slate-900">
        Launch readiness
      </h2>
      <p className="text-sm text-slate-600">
        {missing === 0
          ? "Everything on this list is set."
          : `${missing} of ${lines.length} ${missing === 1 ? "is" : "are"} not ready yet.`}
      </p>
      <ul className="divide-y divide-slate-100">
        {lines.map((line) => (
          <li key={line.key} data-readiness={line.key} className="flex gap-3 py-3">
            <span
              aria-hidden="true"
              className={`mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full text-sm font-bold text-white ${
                line.ready ? "bg-emerald-700" : "bg-red-700"
              }`}
            >
              {line.ready ? "✓" : "✗"}
            </span>
            <div className="min-w-0 space-y-1 text-sm">
              <p>
                <strong className={line.ready ? "text-emerald-800" : "text-red-700"}>
                  {line.ready ? "Ready" : "Missing"}:
                </strong>{" "}
                <span className="font-semibold text-slate-900">{line.label}</span>
              </p>
              <p className="text-slate-600 wrap-anywhere">{line.detail}</p>
              {"href" in line.fix ? (
                <a href={line.fix.href} className="text-brand-700 underline">
                  {line.ready ? "Change" : "Fix"} it: {line.fix.label}
                </a>
              ) : (
                <a href={`#${ENVIRONMENT_HELP_ID}`} className="text-brand-700 underline wrap-anywhere">
                  {line.ready ? "Change" : "Set"} it in the environment: {line.fix.variables.join(", ")}
                </a>
              )}
            </div>
          </li>
        ))}
      </ul>
      <p id={ENVIRONMENT_HELP_ID} className="text-xs text-slate-500">
        Environment variables are set at the deploy, not here: on Fly.io <code>fly secrets set NAME=value</code> (the
        Machines restart with it). Every variable: docs/configuration.md; the launch checklist: docs/operations.md.
      </p>
    </section>
  );
}
