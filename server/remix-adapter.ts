// Express to Remix and back: what @remix-run/express does, except for documents (issue 12,
// member pages). entry.server renders every document whole, so a document is compressed in ONE
// pass on libuv's thread pool and written with one end(); the stock adapter streams it through
// compression() chunk by chunk on the main thread, which a CPU profile of /dashboard put at about
// 9% of the process. Other responses (single-fetch data, downloads, redirects) stream as before.
import { promisify } from "node:util";
import zlib from "node:zlib";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@remix-run/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { pickEncoding } from "./page-cache";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Quality 4 (compression()'s own default): a fraction of a millisecond for a page, per request. */
const DOCUMENT_BROTLI = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};
/** Below this, compressing costs more than it saves (compression()'s default threshold). */
const MIN_COMPRESSED_BYTES = 1024;

const isDocument = (response: Response) =>
  response.body !== null && /^text\/html\b/i.test(response.headers.get("Content-Type") ?? "");

/** The Fetch request Remix handles; aborted when the client goes away before the answer is sent. */
export function createFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const url = new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  let controller: AbortController | null = new AbortController();
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    // server/body-limits.ts has read and checked the body already: Remix gets that buffer.
    if (Buffer.isBuffer(req.body)) init.body = new Uint8Array(req.body);
    else {
      init.body = createReadableStreamFromReadable(req);
      init.duplex = "half";
    }
  }
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  return new Request(url, init);
}

function writeHead(res: ExpressResponse, response: Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
}

export async function sendResponse(req: ExpressRequest, res: ExpressResponse, response: Response) {
  if (!isDocument(response)) {
    writeHead(res, response);
    if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
    if (response.body) await writeReadableStreamToWritable(response.body, res);
    else res.end();
    return;
  }
  const body = Buffer.from(await response.arrayBuffer());
  const encoding = body.length < MIN_COMPRESSED_BYTES ? "identity" : pickEncoding(req.headers["accept-encoding"]);
  const sent =
    encoding === "br"
      ? await brotli(body, DOCUMENT_BROTLI)
      : encoding === "gzip"
        ? await gzip(body, { level: 6 })
        : body;
  writeHead(res, response);
  // Set even for identity: compression() leaves a response that names its encoding alone.
  res.setHeader("Content-Encoding", encoding);
  res.vary("Accept-Encoding");
  res.setHeader("Content-Length", sent.length);
  res.end(sent);
}
