// In-process cache of anonymous public pages (docs/decisions/005-in-process-page-cache.md; issues 10 and 12).
// It answers before the rest of the HTTP layer (server/app.ts): a hit costs a Map lookup and one
// write of bytes compressed in advance.
//
// What a stored page may depend on is exactly its key: path, the known values of the query
// parameters its route declares (`export const pageCache` beside the route), and the consent
// choice. Not the request's Host: every page is rendered for PUBLIC_URL's origin, so neither new
// Host headers nor unknown parameter values can make new entries (each a render, about 35 hits'
// worth of CPU; issue 31, item 8). A miss does not
// forward the visitor's request: the page is rendered from a request BUILT FROM THE KEY (no other
// cookie, parameter or header), so nothing else can leak into what later visitors get. Requests
// with a session or flash cookie never touch the cache, and a response that sets a cookie, is not
// a 200 or is not `Cache-Control: public` is never stored (those visitors get their own render).
//
// An expired entry is served stale while exactly one request renders it again in the background
// (single flight); nobody waits for another visitor's render except on a cold miss, where the
// waiting requests share the one render. Entries are bounded by count and by bytes (least
// recently used goes first). Bodies are compressed when stored: brotli at quality 11 and gzip at
// level 9, on libuv's thread pool, never on a hit.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { ServerBuild } from "@remix-run/node";
import type { PageCacheRoute } from "~/platform/cache-policy";
import { CONSENT_COOKIE, consentChoiceOf, type ConsentChoice } from "~/features/privacy";
import { hasPersonalCookie, readCookies } from "~/platform/cookies";
import { log } from "~/platform/log.server";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const BEST_BROTLI = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};
/** For a cold miss someone is waiting on: quick now, replaced by BEST_BROTLI once that is done. */
const QUICK_BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };

export type Encoding = "br" | "gzip" | "identity";

/** What a key was made of; the render request is built from these alone (and the site's origin). */
export type KeyInputs = { pathname: string; query: string; consent: ConsentChoice | null };

/** What a cacheable page reads from its query: each parameter's known values (PageCacheRoute). */
export type PageQuery = PageCacheRoute["query"];

/**
 * One stored encoding: its headers as the flat [name, value, ...] list `writeHead` takes as is
 * (an object would be copied and walked on every hit), and its bytes.
 */
type Variant = { headers: string[]; body: Buffer };
type Entry = {
  /** The page's own headers (before the per-encoding ones): a re-render must match them too to reuse the bodies. */
  headers: OutgoingHttpHeaders;
  variants: Record<Encoding, Variant>;
  bytes: number;
  storedAt: number;
  freshUntil: number;
  staleUntil: number;
};

export type PageCacheStats = {
  hits: number;
  staleHits: number;
  misses: number;
  renders: number;
  /** Renders whose bytes were those already stored: the compressed bodies were kept, not redone. */
  unchanged: number;
  notStored: number;
  entries: number;
  bytes: number;
};

export type PageCacheOptions = {
  /** pathname -> the query parameters that page reads, with their known values; see `cacheablePages`. */
  pages: ReadonlyMap<string, PageQuery>;
  /** PUBLIC_URL: every page is rendered for this origin. Without it the cache is off. */
  publicOrigin: string | undefined;
  /** Renders a page for a request built from a key (Remix's handler, called directly). */
  render: (request: Request) => Promise<Response>;
  /** Headers every answer carries (the security headers server/app.ts sends with every other answer). */
  headers?: OutgoingHttpHeaders;
  /** Fresh lifetime; 0 turns the cache off. */
  ttlSeconds: number;
  /** How long after that an entry may still be served while it is rendered again. */
  staleSeconds?: number;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
  /** Told each lookup of a cacheable request: answered from memory (fresh or stale), or rendered (metrics). */
  onLookup?: (outcome: "hit" | "miss") => void;
};

/**
 * The pages the cache may keep, from the server build: every route module that exports
 * `pageCache` (app/platform/cache-policy.ts) under a static path, with the parameters it declares.
 */
export function cacheablePages(routes: ServerBuild["routes"]): Map<string, PageQuery> {
  const pages = new Map<string, PageQuery>();
  for (const route of Object.values(routes)) {
    const policy = (route.module as { pageCache?: PageCacheRoute }).pageCache;
    if (!policy) continue;
    const segments: string[] = [];
    for (let at: (typeof routes)[string] | undefined = route; at; at = at.parentId ? routes[at.parentId] : undefined) {
      if (at.path) segments.unshift(...at.path.split("/").filter(Boolean));
    }
    if (segments.some((segment) => segment.startsWith(":") || segment.includes("*"))) {
      throw new Error(`route ${route.id} declares pageCache but its path has parameters: only static pages are cached`);
    }
    pages.set(`/${segments.join("/")}`, policy.query);
  }
  return pages;
}

/**
 * The query string a page's key keeps: each declared parameter, in declared order, when its value
 * (the first, which is what `searchParams.get` gives the page) is a known one. The rest is dropped:
 * other parameters, repeats, and unknown values, which the page treats as no value at all.
 */
export function canonicalQuery(search: string, allowed: PageQuery): string {
  const names = Object.keys(allowed);
  if (!search || names.length === 0) return "";
  const given = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of names) {
    const value = given.get(name);
    if (value !== null && allowed[name]!.includes(value)) kept.append(name, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : "";
}

/** The best encoding this client accepts among the stored ones ('q=0' refuses one). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Set<string>();
  for (const part of String(acceptEncoding ?? "").split(",")) {
    const [name, ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    if (name && !params.some((param) => /^q=0(\.0*)?$/.test(param))) accepted.add(name);
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return "identity";
}

/**
 * The key of a request, or null when the cache must not answer it: anything but GET, a page no
 * route declared cacheable, and every request carrying a session or flash cookie.
 */
export function requestKey(
  { method, url, cookieHeader }: { method?: string; url?: string; cookieHeader?: string },
  pages: ReadonlyMap<string, PageQuery>,
): { key: string; inputs: KeyInputs } | null {
  if (method !== "GET" || !url) return null;
  const mark = url.indexOf("?");
  const pathname = mark < 0 ? url : url.slice(0, mark);
  const allowed = pages.get(pathname);
  if (!allowed) return null;
  const cookies = readCookies(cookieHeader);
  if (hasPersonalCookie(cookies)) return null;
  const inputs: KeyInputs = {
    pathname,
    query: mark < 0 ? "" : canonicalQuery(url.slice(mark + 1), allowed),
    consent: consentChoiceOf(cookies),
  };
  return { key: `${inputs.pathname}${inputs.query} ${inputs.consent ?? ""}`, inputs };
}

/** The request a key's page is rendered from: its inputs and the site's origin, nothing else. */
export function renderRequest({ pathname, query, consent }: KeyInputs, publicOrigin: string): Request {
  const headers = new Headers({ Accept: "text/html" });
  if (consent) headers.set("Cookie", `${CONSENT_COOKIE}=${consent}`);
  return new Request(new URL(`${pathname}${query}`, publicOrigin), { headers });
}

/** Only a 200 that its route called public, and that sets no cookie, may be kept for others. */
export function isStorable(response: Response): boolean {
  return (
    response.status === 200 &&
    /(^|,)\s*public\s*(,|$)/i.test(response.headers.get("Cache-Control") ?? "") &&
    !response.headers.has("Set-Cookie")
  );
}

function sameHeaders(a: OutgoingHttpHeaders, b: OutgoingHttpHeaders): boolean {
  const names = Object.keys(a);
  return names.length === Object.keys(b).length && names.every((name) => String(a[name]) === String(b[name]));
}

/** Headers that describe one transfer, not the page: never replayed from the cache. */
const TRANSFER_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
]);

export function createPageCache(options: PageCacheOptions) {
  const {
    pages,
    render,
    ttlSeconds,
    staleSeconds = 60,
    maxEntries = 1000,
    maxBytes = 64 * 1024 * 1024,
    now = Date.now,
    onError = (error) => log.error({ err: error }, "page cache: a render or its compression failed"),
    onLookup = () => {},
  } = options;
  const origin = options.publicOrigin;
  const enabled = ttlSeconds > 0 && pages.size > 0 && origin !== undefined;
  const entries = new Map<string, Entry>();
  const flights = new Map<string, Promise<Entry | null>>();
  /** The best-quality brotli passes running in the background. */
  const upgrades = new Set<Promise<void>>();
  const encodings = new Map<string, Encoding>();
  const counters = { hits: 0, staleHits: 0, misses: 0, renders: 0, unchanged: 0, notStored: 0 };
  let bytes = 0;
  /** Raised by `clear`: a render begun before it may hold old values, so it is not stored. */
  let generation = 0;

  function encodingFor(acceptEncoding: string | undefined): Encoding {
    const header = acceptEncoding ?? "";
    let encoding = encodings.get(header);
    if (!encoding) {
      encoding = pickEncoding(header);
      if (encodings.size < 256) encodings.set(header, encoding);
    }
    return encoding;
  }

  // Nothing may have been set on `res` before: headers set earlier would send writeHead down its
  // slow path, merging them one by one. Per-response headers come in `own` instead.
  function send(entry: Entry, req: IncomingMessage, res: ServerResponse, own: readonly string[]) {
    const variant = entry.variants[encodingFor(req.headers["accept-encoding"])];
    const age = String(Math.floor((now() - entry.storedAt) / 1000));
    res.writeHead(200, [...variant.headers, "Age", age, ...own]);
    res.end(variant.body);
  }

  function variantsOf(
    headers: OutgoingHttpHeaders,
    identity: Buffer,
    br: Buffer,
    gz: Buffer,
  ): Record<Encoding, Variant> {
    const variant = (body: Buffer, encoding?: string): Variant => ({
      headers: Object.entries({
        ...headers,
        ...(encoding ? { "Content-Encoding": encoding } : {}),
        "Content-Length": body.length,
      }).flatMap(([name, value]) =>
        Array.isArray(value) ? value.flatMap((one) => [name, one]) : [name, String(value)],
      ),
      body,
    });
    return { br: variant(br, "br"), gzip: variant(gz, "gzip"), identity: variant(identity) };
  }

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  }

  function insert(key: string, entry: Entry) {
    remove(key);
    if (entry.bytes > maxBytes / 4) return;
    // Least recently used first: a Map keeps insertion order and hits move their entry to the end.
    for (const oldest of entries.keys()) {
      if (entries.size < maxEntries && bytes + entry.bytes <= maxBytes) break;
      remove(oldest);
    }
    entries.set(key, entry);
    bytes += entry.bytes;
  }

  /** Renders the key's page and stores it; null when the response may not be kept. */
  async function renderAndStore(key: string, inputs: KeyInputs, someoneWaits: boolean): Promise<Entry | null> {
    counters.renders++;
    const startedIn = generation;
    const response = await render(renderRequest(inputs, origin!));
    const identity = Buffer.from(await response.arrayBuffer());
    if (!isStorable(response) || startedIn !== generation) {
      counters.notStored++;
      return null;
    }
    const headers: OutgoingHttpHeaders = { ...options.headers };
    response.headers.forEach((value, name) => {
      if (!TRANSFER_HEADERS.has(name)) headers[name] = value;
    });
    const vary = String(headers.vary ?? "");
    if (!/accept-encoding/i.test(vary)) headers.vary = vary ? `${vary}, Accept-Encoding` : "Accept-Encoding";

    // A page re-rendered after its lifetime is nearly always byte for byte what is stored: then
    // the stored bodies are kept and only the clock restarts, so the quality-11 brotli (tens of
    // milliseconds of a core) runs when a page really changed, not every lifetime.
    const previous = entries.get(key);
    if (previous && previous.variants.identity.body.equals(identity) && sameHeaders(previous.headers, headers)) {
      counters.unchanged++;
      // Renewed in place: a quality-11 brotli still running for this entry then still lands in it.
      previous.storedAt = now();
      previous.freshUntil = previous.storedAt + ttlSeconds * 1000;
      previous.staleUntil = previous.storedAt + (ttlSeconds + staleSeconds) * 1000;
      entries.delete(key);
      entries.set(key, previous);
      return previous;
    }

    const [br, gz] = await Promise.all([
      brotli(identity, someoneWaits ? QUICK_BROTLI : BEST_BROTLI),
      gzip(identity, { level: 9 }),
    ]);
    const storedAt = now();
    const entry: Entry = {
      headers,
      variants: variantsOf(headers, identity, br, gz),
      bytes: identity.length + br.length + gz.length,
      storedAt,
      freshUntil: storedAt + ttlSeconds * 1000,
      staleUntil: storedAt + (ttlSeconds + staleSeconds) * 1000,
    };
    if (startedIn !== generation) return null;
    insert(key, entry);
    if (someoneWaits) {
      // The best brotli, once, off every request's path: it replaces the quick one in place.
      const upgrade = brotli(identity, BEST_BROTLI)
        .then((best) => {
          if (entries.get(key) !== entry) return;
          bytes += best.length - entry.variants.br.body.length;
          entry.bytes += best.length - entry.variants.br.body.length;
          entry.variants.br = variantsOf(headers, identity, best, gz).br;
        }, onError)
        .finally(() => upgrades.delete(upgrade));
      upgrades.add(upgrade);
    }
    return entry;
  }

  /** One render per key at a time: every caller for that key shares it. */
  function flight(key: string, inputs: KeyInputs, someoneWaits: boolean): Promise<Entry | null> {
    let running = flights.get(key);
    if (!running) {
      running = renderAndStore(key, inputs, someoneWaits).finally(() => flights.delete(key));
      flights.set(key, running);
    }
    return running;
  }

  /**
   * Answers the request from the cache when it may, and returns true; returns false (having
   * written nothing) when the request is not the cache's. `fallback` serves a request whose page
   * turned out not to be storable, or whose render failed: it gets its own, uncached render.
   * `own` holds this response's own headers as [name, value, ...] (the request id).
   */
  function handle(
    req: IncomingMessage,
    res: ServerResponse,
    fallback: () => void,
    own: readonly string[] = [],
  ): boolean {
    if (!enabled) return false;
    const found = requestKey({ method: req.method, url: req.url, cookieHeader: req.headers.cookie }, pages);
    if (!found) return false;
    const { key, inputs } = found;
    const entry = entries.get(key);
    const time = now();
    if (entry && time < entry.staleUntil) {
      entries.delete(key);
      entries.set(key, entry);
      if (time < entry.freshUntil) {
        counters.hits++;
      } else {
        counters.staleHits++;
        if (!flights.has(key)) flight(key, inputs, false).catch(onError);
      }
      onLookup("hit");
      send(entry, req, res, own);
      return true;
    }
    counters.misses++;
    onLookup("miss");
    flight(key, inputs, true).then(
      (stored) => (stored ? send(stored, req, res, own) : fallback()),
      (error) => {
        onError(error);
        fallback();
      },
    );
    return true;
  }

  function stats(): PageCacheStats {
    return { ...counters, entries: entries.size, bytes };
  }

  /**
   * Resolves once no render and no background brotli is running: tests wait on it rather than
   * guess how long the background work takes on a busy machine.
   */
  async function idle(): Promise<void> {
    while (flights.size > 0 || upgrades.size > 0) {
      await Promise.allSettled([...flights.values(), ...upgrades]);
    }
  }

  /**
   * Drops every entry: the launch settings changed (decision 053), and a page showing them must
   * not wait for its lifetime in the process that saved them. Renders under way are not stored.
   */
  function clear() {
    generation++;
    entries.clear();
    bytes = 0;
  }

  /**
   * Every stored page's uncompressed body: the tests search it for what only members may see
   * (issue 28: the community's invite link must never be kept here).
   */
  function bodies(): string[] {
    return [...entries.values()].map((entry) => entry.variants.identity.body.toString("utf8"));
  }

  return { enabled, handle, stats, idle, clear, bodies };
}
