import { useHydrated } from "~/platform/hooks/use-hydrated";

/** 'Print' needs JavaScript (window.print); without it the browser's own Print prints the same page. */
export function PrintButton() {
  const hydrated = useHydrated();
  if (!hydrated)
    return <p className="text-sm text-slate-600">Use your browser&apos;s Print to print or save this receipt.</p>;
  return (
    <button
      type="button"
      onClick={() => window.print()}
      className="inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
    >
      Print receipt
    </button>
  );
}
