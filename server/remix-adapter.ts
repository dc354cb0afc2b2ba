// Node's HTTP to Remix's Fetch API and back, on Node's own request and response (docs/decisions/033;
// why not @remix-run/node-fetch-server: docs/decisions/042).
// entry.server renders every document whole, so a document is compressed in ONE pass and written
// with one writeHead and one end() (issue 12, member pages). Other
// responses (single-fetch data, downloads, robots.txt, redirects) stream, compressed on the way
// when their type is text-like and the client accepts it.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import zlib from "node:zlib";
import compressible from "compressible";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { pickEncoding, type Encoding } from "./page-cache";

/**
 * Documents are compressed per request, on the main thread: brotli quality 2 costs ~70 µs for a
 * 14 KB member page and is within 8% of quality 4's size (~150 µs); handing the work to libuv's
 * thread pool cost more in callbacks and thread switches than it saved (issue 12, member pages).
 * The window fits any page (256 KiB). Streamed answers use the same settings.
 */
const DOCUMENT_BROTLI = (sizeHint: number): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 2,
    [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    ...(sizeHint > 0 && { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: sizeHint }),
  },
});
/** Gzip for the few clients without brotli: level 4, the same trade of size for time. */
const DOCUMENT_GZIP: zlib.ZlibOptions = { level: 4 };
/** Below this, compressing costs more than it saves. */
const MIN_COMPRESSED_BYTES = 1024;

const isDocument = (response: Response) =>
  response.body !== null && /^text\/html\b/i.test(response.headers.get("Content-Type") ?? "");
/** Server-sent events: sent as they come, never buffered by a compressor. */
const isEventStream = (response: Response) => /^text\/event-stream\b/i.test(response.headers.get("Content-Type") ?? "");

/**
 * The Fetch request Remix handles; aborted when the client goes away before the answer is sent.
 * `body` is what server/body-limits.ts read and checked (null when the request had none), or the
 * body as it arrives for a route that streams it (the chapter-file upload).
 */
export function createFetchRequest(req: IncomingMessage, res: ServerResponse, body: Buffer | Readable | null): Request {
  const protocol = (req.socket as TLSSocket).encrypted ? "https" : "http";
  const url = new URL(req.url ?? "/", `${protocol}://${req.headers.host ?? "localhost"}`);
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  let controller: AbortController | null = new AbortController();
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    if (Buffer.isBuffer(body)) init.body = new Uint8Array(body);
    else {
      init.body = createReadableStreamFromReadable(body ?? req);
      init.duplex = "half";
    }
  }
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  return new Request(url, init);
}

/** The response's status and headers, ours first (security headers, the request id) unless it sets them itself. */
function headerList(response: Response, own: readonly string[], extra: readonly string[]): string[] {
  const list: string[] = [];
  const names = new Set<string>();
  response.headers.forEach((value, name) => {
    if (name === "set-cookie") return;
    names.add(name);
    list.push(name, value);
  });
  for (const cookie of response.headers.getSetCookie()) list.push("Set-Cookie", cookie);
  for (let i = 0; i < own.length; i += 2) if (!names.has(own[i]!.toLowerCase())) list.push(own[i]!, own[i + 1]!);
  for (let i = 0; i < extra.length; i += 2) {
    // A Vary of the response's own (Cookie, say) is extended, not repeated.
    const at =
      extra[i] === "Vary" && names.has("vary") ? list.findIndex((name, at) => at % 2 === 0 && name === "vary") : -1;
    if (at >= 0) list[at + 1] = `${list[at + 1]}, ${extra[i + 1]}`;
    else list.push(extra[i]!, extra[i + 1]!);
  }
  return list;
}

function chooseEncoding(req: IncomingMessage, response: Response): Encoding {
  const headers = response.headers;
  const type = headers.get("Content-Type");
  if (!response.body || headers.has("Content-Encoding") || !type || !compressible(type)) return "identity";
  if (isEventStream(response) || /\bno-transform\b/i.test(headers.get("Cache-Control") ?? "")) return "identity";
  const length = headers.get("Content-Length");
  if (length !== null && Number(length) < MIN_COMPRESSED_BYTES) return "identity";
  return pickEncoding(req.headers["accept-encoding"]);
}

/**
 * Writes Remix's response. `own` holds [name, value, ...] headers every answer carries (security
 * headers, the request id); the response's own headers of the same name win.
 */
export async function sendResponse(
  req: IncomingMessage,
  res: ServerResponse,
  response: Response,
  own: readonly string[],
) {
  res.statusMessage = response.statusText;
  if (isDocument(response)) {
    const body = Buffer.from(await response.arrayBuffer());
    const encoding = body.length < MIN_COMPRESSED_BYTES ? "identity" : pickEncoding(req.headers["accept-encoding"]);
    const sent =
      encoding === "br"
        ? zlib.brotliCompressSync(body, DOCUMENT_BROTLI(body.length))
        : encoding === "gzip"
          ? zlib.gzipSync(body, DOCUMENT_GZIP)
          : body;
    const headers = headerList(response, own, ["Content-Encoding", encoding, "Vary", "Accept-Encoding"]);
    headers.push("Content-Length", String(sent.length));
    res.writeHead(response.status, headers).end(sent);
    return;
  }

  const encoding = chooseEncoding(req, response);
  const extra = encoding === "identity" ? [] : ["Content-Encoding", encoding, "Vary", "Accept-Encoding"];
  const headers = headerList(response, own, extra);
  if (encoding !== "identity") {
    // The compressed length is not known in advance.
    for (let i = headers.length - 2; i >= 0; i -= 2) {
      if (headers[i]!.toLowerCase() === "content-length") headers.splice(i, 2);
    }
  }
  res.writeHead(response.status, headers);
  if (!response.body || req.method === "HEAD") {
    res.end();
    return;
  }
  if (isEventStream(response)) res.flushHeaders();
  const body = Readable.fromWeb(response.body as NodeReadableStream);
  if (encoding === "identity") await pipeline(body, res);
  else {
    const compressor =
      encoding === "br" ? zlib.createBrotliCompress(DOCUMENT_BROTLI(0)) : zlib.createGzip(DOCUMENT_GZIP);
    await pipeline(body, compressor, res);
  }
}
