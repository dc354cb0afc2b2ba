/**
 * Returns `target` when it is a same-site relative path, otherwise `fallback`.
 * Refuses protocol-relative (`//host`), backslash tricks (`/\host`), schemes
 * (`https:`, `javascript:`) and control characters that browsers strip.
 */
export function safeRedirect(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || target.length === 0 || target.length > 2048) return fallback;
  if (!target.startsWith("/") || target.startsWith("//")) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\\\u0000-\u001f\u007f]/.test(target)) return fallback;
  try {
    const base = "http://same.site";
    const resolved = new URL(target, base);
    if (resolved.origin !== base) return fallback;
    return resolved.pathname + resolved.search + resolved.hash;
  } catch {
    return fallback;
  }
}
