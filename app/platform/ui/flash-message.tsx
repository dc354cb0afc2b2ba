import { useEffect, useRef } from "react";
import type { Flash } from "~/platform/flash.server";

/** The flash's element id: flash redirects end in #flash, so even without JavaScript the browser scrolls to it. */
export const FLASH_ID = "flash";

/**
 * A one-time message from the last action (the spec's alert texts), announced to screen readers.
 * After a save or delete at the foot of a long list the message may be far above: it is scrolled
 * into view (the #flash fragment without JavaScript; with it, here) and takes focus, so it is read
 * out even where a live region that appears with its text would stay silent.
 */
export function FlashMessage({ flash }: { flash: Flash | null }) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!flash || !element.current) return;
    element.current.scrollIntoView({ block: "center" });
    element.current.focus({ preventScroll: true });
  }, [flash]);
  if (!flash) return null;
  const error = flash.kind === "error";
  return (
    <div
      ref={element}
      id={FLASH_ID}
      tabIndex={-1}
      role={error ? "alert" : "status"}
      className={`scroll-mt-24 rounded-lg border px-4 py-3 text-sm font-medium outline-none ${
        error ? "border-red-200 bg-red-50 text-red-700" : "border-emerald-200 bg-emerald-50 text-emerald-800"
      }`}
    >
      {flash.message}
    </div>
  );
}
