/**
 * The field for a code from an authentication app, which also takes a recovery code: no numeric
 * keyboard (recovery codes have letters), the browser's one-time-code autofill, no spell-check.
 */
export function CodeField({
  id,
  label,
  errorId,
  name = "code",
}: {
  id: string;
  label: string;
  errorId?: string;
  name?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="text"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        required
        maxLength={40}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2.5 font-mono text-lg tracking-widest shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30"
      />
    </div>
  );
}
