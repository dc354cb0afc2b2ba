// The request target, normalised ONCE before anything decides on it (issue 31, item 8). The CSRF
// check, the body limits, the page cache, the static files and Remix's routing all read the path
// this returns, so no two of them can see different paths in one request. Before, the check read
// the raw path (`/webhooks/../login` is "a webhook", exempt from the origin check) while Remix
// routed what the URL parser made of it (`/login`).

/** RFC 3986 2.3: percent-encodings of these may be decoded without changing what a URI names. */
const UNRESERVED_ESCAPE = /%(?:[46][1-9A-F]|[57][0-9A]|3[0-9]|2[DE]|5F|7E)/gi;

/**
 * The origin-form target (`/path?query`) a raw request target stands for, as Remix would route it:
 * - the absolute form (`http://host/path`) keeps its path and query;
 * - backslashes are slashes (the URL parser treats them so in http: URLs) and runs of slashes are one;
 * - escaped unreserved characters are decoded (`/%61dmin` is `/admin`; `%2F` stays encoded);
 * - dot segments are resolved (`/a/../b`, `/a/%2e%2e/b`), never above the root;
 * - a trailing slash is dropped (`/admin/` is `/admin`; React Router matches both alike).
 * The query string is kept as it came.
 */
export function normaliseTarget(target: string | undefined): string {
  let raw = target || "/";
  if (!raw.startsWith("/")) {
    // The absolute form (or `*`, or garbage): what it names on this server.
    try {
      const url = new URL(raw);
      raw = `${url.pathname}${url.search}`;
    } catch {
      return "/";
    }
  }
  const mark = raw.search(/[?#]/);
  const query = mark < 0 || raw[mark] === "#" ? "" : raw.slice(mark).split("#")[0]!;
  let pathname = mark < 0 ? raw : raw.slice(0, mark);
  pathname = pathname
    .replace(/\\/g, "/")
    .replace(/\/{2,}/g, "/")
    .replace(UNRESERVED_ESCAPE, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)));
  // The WHATWG parser resolves dot segments (also `%2e`-encoded ones) exactly as browsers and Remix do.
  pathname = new URL(pathname, "http://normalise.invalid").pathname;
  if (pathname.length > 1 && pathname.endsWith("/")) pathname = pathname.replace(/\/+$/, "") || "/";
  return `${pathname}${query}`;
}
