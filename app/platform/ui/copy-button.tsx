import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/platform/hooks/use-hydrated";
import { buttonClass } from "./button";

/** docs/product.md §9: the copied indicator shows for 2 seconds. */
export const COPIED_MS = 2000;

/**
 * Copies `text` to the clipboard and says 'Copied!' with a check mark for 2 seconds (docs/product.md §4); a
 * failure is only logged. Shown once JavaScript runs: without it the text beside the button is
 * plain, selectable text.
 */
export function CopyButton({
  text,
  label = "Copy",
  describedBy,
}: {
  text: string;
  label?: string;
  describedBy?: string;
}) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const timer = useRef<number>();
  useEffect(() => () => window.clearTimeout(timer.current), []);
  if (!hydrated) return null;

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), COPIED_MS);
    } catch (error) {
      // eslint-disable-next-line no-console -- in the browser: its console is the visitor's developer tools, not the server log
      console.error("Copy to clipboard failed:", error);
    }
  }

  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-describedby={describedBy}
      className={buttonClass({ size: "sm" })}
    >
      {copied ? (
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-4 w-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
        >
          <path d="M5 13l4 4L19 7" />
        </svg>
      ) : null}
      <span aria-live="polite">{copied ? "Copied!" : label}</span>
    </button>
  );
}
