const BASE = "http://same.site";
const MAX_LENGTH = 2048;
// Browsers strip tabs and newlines from URLs and read a backslash as a slash, so any of them can
// turn what looks like a path into `//host`.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
const FORBIDDEN = /[\\\u0000-\u001f\u007f]/;

/** A path that a browser resolves against this site and nowhere else. */
function isPlainSitePath(path: string): boolean {
  return path.startsWith("/") && !path.startsWith("//") && !FORBIDDEN.test(path);
}

function decoded(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * Returns a same-site path for `target`, or `fallback`. The checks run on the NORMALISED path
 * (dot segments resolved, `%2e` read as a dot, as a browser will), and that exact value is what
 * is returned, so what was checked is what the Location header says. Refused: anything that is
 * not a path (schemes, `//host`, `/\host`, userinfo tricks), control characters, backslashes,
 * and paths whose percent-decoded form would be any of those (`/%2F%2Fhost`, `/%5Chost`), since
 * some proxies and servers decode before routing.
 */
export function safeRedirect(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || target.length === 0 || target.length > MAX_LENGTH) return fallback;
  if (!isPlainSitePath(target)) return fallback;
  let normalised: string;
  try {
    const resolved = new URL(target, BASE);
    if (resolved.origin !== BASE || resolved.username || resolved.password) return fallback;
    normalised = resolved.pathname + resolved.search + resolved.hash;
  } catch {
    return fallback;
  }
  if (!isPlainSitePath(normalised)) return fallback;
  const decodedPath = decoded(normalised.split(/[?#]/, 1)[0] ?? "");
  if (decodedPath === null || !isPlainSitePath(decodedPath)) return fallback;
  if (!isPlainSitePath(new URL(decodedPath, BASE).pathname)) return fallback;
  // Resolving the result again must not move it: a value that still changes was not settled.
  if (new URL(normalised, BASE).href !== `${BASE}${normalised}`) return fallback;
  return normalised;
}
