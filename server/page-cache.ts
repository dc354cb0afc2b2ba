// In-process micro-cache of anonymous public pages (PERFORMANCE.md, "What follows" 2): the first
// visitor's page is rendered once, compressed once (brotli and gzip), and served from memory to
// everyone with the same cookies that matter for a few seconds, before any framework routing.
import type { OutgoingHttpHeaders } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Cookies that change an anonymous page: a session bypasses the cache, the consent choice keys it. */
export const SESSION_COOKIE = "__session";
export const CONSENT_COOKIE = "cookie-consent";

/** Headers that describe one transfer, not the page: never replayed from the cache. */
const TRANSFER_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive", "date"]);

export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index > 0) cookies.set(part.slice(0, index).trim(), part.slice(index + 1).trim());
  }
  return cookies;
}

/**
 * The cache key of a request, or null when the request must not be served from the cache:
 * anything but GET, and every visitor with a session cookie (their page shows their navigation).
 */
export function cacheKey({
  method,
  host,
  url,
  cookieHeader,
}: {
  method: string;
  host?: string;
  url: string;
  cookieHeader?: string;
}): string | null {
  if (method !== "GET") return null;
  const cookies = parseCookies(cookieHeader);
  if (cookies.has(SESSION_COOKIE)) return null;
  return JSON.stringify([host ?? "", url, cookies.get(CONSENT_COOKIE) ?? ""]);
}

/**
 * A response may be stored only when its route said it is the same for every anonymous visitor
 * (`Cache-Control: public`, see app/lib/public-page.server.ts) and it sets no cookie.
 */
export function isStorable({ status, headers }: { status: number; headers: OutgoingHttpHeaders }): boolean {
  const cacheControl = String(headers["cache-control"] ?? "");
  return status === 200 && /(^|,)\s*public\s*(,|$)/i.test(cacheControl) && headers["set-cookie"] === undefined;
}

/** The best encoding this client accepts among the stored ones ('q=0' refuses one). */
type Encoding = "br" | "gzip" | "identity";

export function pickEncoding(acceptEncoding: string | string[] | undefined): Encoding {
  const accepted = new Set<string>();
  for (const part of String(acceptEncoding ?? "").split(",")) {
    const [name, ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    if (name && !params.some((param) => /^q=0(\.0*)?$/.test(param))) accepted.add(name);
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return "identity";
}

function toBuffer(chunk: unknown, encoding?: BufferEncoding): Buffer | null {
  if (chunk === undefined || chunk === null || typeof chunk === "function") return null;
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === "string") return Buffer.from(chunk, encoding);
  return Buffer.from(chunk as Uint8Array);
}

/**
 * `lookup` goes first in the middleware chain and answers hits; `capture` goes right before the
 * page handler (after compression, so it sees the raw bytes) and stores storable misses.
 * ttlSeconds 0 turns the cache off.
 */
type Entry = {
  headers: OutgoingHttpHeaders;
  bodies: Record<Encoding, Buffer>;
  storedAt: number;
  expiresAt: number;
};

export function createPageCache({
  ttlSeconds = 10,
  maxEntries = 500,
  now = Date.now,
  // Told each lookup of a cacheable request: answered from memory, or rendered (for the metrics).
  onLookup = (_outcome: "hit" | "miss") => {},
} = {}) {
  const entries = new Map<string, Entry>();
  const enabled = ttlSeconds > 0;

  function lookup(req: Request, res: Response, next: NextFunction) {
    if (!enabled) return next();
    const key = cacheKey({ method: req.method, host: req.headers.host, url: req.originalUrl, cookieHeader: req.headers.cookie });
    if (key === null) return next();
    const entry = entries.get(key);
    if (entry && entry.expiresAt > now()) {
      onLookup("hit");
      const encoding = pickEncoding(req.headers["accept-encoding"]);
      const body = entry.bodies[encoding];
      res.writeHead(200, {
        ...entry.headers,
        ...(encoding === "identity" ? {} : { "Content-Encoding": encoding }),
        "Content-Length": body.length,
        Age: String(Math.floor((now() - entry.storedAt) / 1000)),
      });
      res.end(body);
      return;
    }
    if (entry) entries.delete(key);
    onLookup("miss");
    res.locals.pageCacheKey = key;
    next();
  }

  function capture(_req: Request, res: Response, next: NextFunction) {
    const key = res.locals.pageCacheKey as string | undefined;
    if (!key) return next();
    const chunks: Buffer[] = [];
    // Express's write/end have many overloads; the arguments are passed on exactly as received.
    const write = res.write as (...args: unknown[]) => boolean;
    const end = res.end as (...args: unknown[]) => Response;
    res.write = function (this: Response, chunk: unknown, encoding?: unknown, callback?: unknown) {
      const buffer = toBuffer(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : undefined);
      if (buffer) chunks.push(buffer);
      return write.call(this, chunk, encoding, callback);
    } as Response["write"];
    res.end = function (this: Response, chunk?: unknown, encoding?: unknown, callback?: unknown) {
      const buffer = toBuffer(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : undefined);
      if (buffer) chunks.push(buffer);
      const headers = res.getHeaders();
      if (isStorable({ status: res.statusCode, headers })) {
        store(key, headers, Buffer.concat(chunks)).catch((error) => console.error("[page-cache]", error));
      }
      return end.call(this, chunk, encoding, callback);
    } as Response["end"];
    next();
  }

  async function store(key: string, headers: OutgoingHttpHeaders, identity: Buffer) {
    const [br, gz] = await Promise.all([
      // Quality 5: a fraction of a millisecond per page, close to the best ratio for HTML.
      brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
      gzip(identity, { level: 6 }),
    ]);
    const kept: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(headers)) if (!TRANSFER_HEADERS.has(name)) kept[name] = value;
    const vary = String(kept.vary ?? "");
    if (!/accept-encoding/i.test(vary)) kept.vary = vary ? `${vary}, Accept-Encoding` : "Accept-Encoding";
    const oldest = entries.keys().next();
    if (entries.size >= maxEntries && !oldest.done) entries.delete(oldest.value);
    const storedAt = now();
    entries.set(key, { headers: kept, bodies: { br, gzip: gz, identity }, storedAt, expiresAt: storedAt + ttlSeconds * 1000 });
  }

  return { lookup, capture, size: () => entries.size };
}
