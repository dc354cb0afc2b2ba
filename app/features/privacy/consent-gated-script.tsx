import { useEffect, useRef } from "react";
import { isCategoryAllowed, type CookieCategory } from "./consent-rules";
import { useNonce } from "~/platform/hooks/use-nonce";
import { useRootData } from "~/platform/hooks/use-root-data";
import { useConsentChoice } from "./cookie-consent";

// Apart from the banner (cookie-consent.tsx), which every page loads: only the two pages with a
// third-party script load these.

/**
 * A third-party script that may set cookies, loaded only once the visitor's choice allows its
 * category (docs/decisions/015-own-lead-form-and-consent-gated-scripts.md). It is added from JavaScript (scripts need JavaScript
 * anyway), and the CSP's 'strict-dynamic' trusts it because our nonce'd bundle inserts it.
 */
export function ConsentGatedScript({
  src,
  category,
  onLoad,
}: {
  src: string;
  category: CookieCategory;
  onLoad?: () => void;
}) {
  const allowed = isCategoryAllowed(useConsentChoice(), category);
  // The latest callback, without re-running the loader effect when the caller passes a new one.
  const onLoadRef = useRef(onLoad);
  useEffect(() => {
    onLoadRef.current = onLoad;
  });
  useEffect(() => {
    if (!allowed) return;
    const existing = Array.from(document.scripts).find((script) => script.src === new URL(src, document.baseURI).href);
    if (existing) {
      if (existing.dataset.loaded === "true") onLoadRef.current?.();
      else existing.addEventListener("load", () => onLoadRef.current?.(), { once: true });
      return;
    }
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.addEventListener(
      "load",
      () => {
        script.dataset.loaded = "true";
        onLoadRef.current?.();
      },
      { once: true },
    );
    document.head.appendChild(script);
  }, [allowed, src]);
  return null;
}

/**
 * The same gate on a page that loads no JavaScript bundle (app/platform/hydration.ts): when the recorded
 * choice allows the category, one small inline script (allowed by the CSP's nonce, or by its hash on
 * a cached page) inserts the third-party script, which 'strict-dynamic' then trusts, and reports
 * `conversion` to it once loaded. Without a choice that allows it, nothing is rendered at all.
 */
export function InlineConsentGatedScript({
  src,
  category,
  conversion,
}: {
  src: string;
  category: CookieCategory;
  conversion?: string;
}) {
  const nonce = useNonce();
  if (!isCategoryAllowed(useRootData()?.consent ?? null, category)) return null;
  // JSON inside a script: "<" is escaped so no value can close the element.
  const literal = (value: string) => JSON.stringify(value).replace(/</g, "\\u003c");
  const report = conversion
    ? `s.onload=function(){window.trackEvent&&window.trackEvent("conversion",${literal(conversion)})};`
    : "";
  const code = `(function(){var s=document.createElement("script");s.src=${literal(src)};s.async=true;${report}document.head.appendChild(s)})();`;
  return <script nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: code }} />;
}
