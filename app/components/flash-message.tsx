import type { Flash } from "~/infra/flash.server";

/** A one-time message from the last action (the spec's alert texts), announced to screen readers. */
export function FlashMessage({ flash }: { flash: Flash | null }) {
  if (!flash) return null;
  const error = flash.kind === "error";
  return (
    <div
      role={error ? "alert" : "status"}
      className={`rounded-lg border px-4 py-3 text-sm font-medium ${
        error ? "border-red-200 bg-red-50 text-red-700" : "border-emerald-200 bg-emerald-50 text-emerald-800"
      }`}
    >
      {flash.message}
    </div>
  );
}
