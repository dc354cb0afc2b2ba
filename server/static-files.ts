// Files from public/. The client bundles under /build are fingerprinted and never change while the
// process runs. The build compressed them once, at the highest settings (scripts/compress-assets.js:
// `<file>.br` at brotli 11 and `<file>.gz` at gzip 9 beside each compressible file), so each is read
// once, with its compressed forms, and answered from memory as it is, immutable for a year: no
// request compresses a bundle. /media (the demo video, which browsers fetch by ranges) and the few
// other names at the top of public/ go through serve-static, which handles ranges and conditional
// requests.
import fs from "node:fs";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import fresh from "fresh";
import mime from "mime-types";
import serveStatic from "serve-static";
import { sha256 } from "~/platform/hash.server";
import { pickEncoding } from "./page-cache";
import { sendText } from "./respond";

const YEAR_IMMUTABLE = "public, max-age=31536000, immutable";

/** The files the build writes beside a bundle (scripts/compress-assets.js), by Content-Encoding. */
const PRECOMPRESSED = { br: ".br", gzip: ".gz" } as const;
const PRECOMPRESSED_NAME = /\.(br|gz)$/;

type Asset = {
  type: string;
  etag: string;
  identity: Buffer;
  /** Null when the build wrote none: a type that does not compress (images, fonts), a file under 1 KiB, or no gain. */
  br: Buffer | null;
  gzip: Buffer | null;
};

/**
 * A compressed form the build wrote beside `file`, or null. Every name under /build carries a hash
 * of its content, so a `.br` beside a name is always that content's.
 */
async function precompressed(file: string, suffix: string): Promise<Buffer | null> {
  try {
    return await fs.promises.readFile(file + suffix);
  } catch {
    return null;
  }
}

async function loadAsset(file: string): Promise<Asset | null> {
  if (PRECOMPRESSED_NAME.test(file)) return null; // one address per bundle: its compressed forms are not files of their own
  let identity: Buffer;
  try {
    identity = await fs.promises.readFile(file);
  } catch {
    return null; // missing, or a directory
  }
  const type = mime.contentType(path.extname(file)) || "application/octet-stream";
  const etag = `"${sha256(identity, "base64url").slice(0, 27)}"`;
  const [br, gzip] = await Promise.all([
    precompressed(file, PRECOMPRESSED.br),
    precompressed(file, PRECOMPRESSED.gzip),
  ]);
  return { type, etag, identity, br, gzip };
}

/** The file under `root` a request path names, or null when it would step outside (`..`, encoded or not). */
export function fileUnder(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes("\0")) return null;
  const file = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  return file.startsWith(root + path.sep) ? file : null;
}

/**
 * Serves what public/ holds. `serve` returns false, having written nothing, for a path that is
 * not a file of public/ (the app's routes); `own` is the headers every answer carries.
 */
export function createStaticFiles(publicDir: string) {
  const buildDir = path.join(publicDir, "build");
  // Loaded once per file; the map is bounded by the files in public/build (a miss is not kept).
  const assets = new Map<string, Promise<Asset | null>>();

  function asset(file: string): Promise<Asset | null> {
    let loading = assets.get(file);
    if (!loading) {
      loading = loadAsset(file);
      assets.set(file, loading);
      void loading.then((found) => found ?? assets.delete(file));
    }
    return loading;
  }

  async function serveBuild(req: IncomingMessage, res: ServerResponse, pathname: string, own: readonly string[]) {
    const file = fileUnder(buildDir, pathname.slice("/build".length));
    const found = file ? await asset(file) : null;
    if (!found) return sendText(res, 404, "Not found", own);
    if (req.method !== "GET" && req.method !== "HEAD") {
      return sendText(res, 405, "Method not allowed", own, { headers: ["Allow", "GET, HEAD"] });
    }
    const headers = [...own, "Cache-Control", YEAR_IMMUTABLE, "ETag", found.etag];
    if (found.br || found.gzip) headers.push("Vary", "Accept-Encoding");
    // `fresh` (what serve-static uses for the other files) compares as RFC 9110 13.1.2 says: any tag
    // of a list, weakly (W/"x" matches "x"), and * matches any file that exists; a forced reload
    // (`Cache-Control: no-cache`) gets the file.
    if (fresh(req.headers, { etag: found.etag })) return void res.writeHead(304, headers).end();
    const encoding = pickEncoding(req.headers["accept-encoding"]);
    const body = (encoding === "br" && found.br) || (encoding === "gzip" && found.gzip) || found.identity;
    if (body !== found.identity) headers.push("Content-Encoding", encoding);
    headers.push("Content-Type", found.type, "Content-Length", String(body.length));
    res.writeHead(200, headers).end(req.method === "HEAD" ? undefined : body);
  }

  // The demo video and poster: large, versioned by a ?v= query in the pages (DEMO_VIDEO_MEDIA), so
  // cached for a year; a missing file is a 404, never the catch-all route's redirect to an HTML page.
  // Neither falls through on its own: serve-static would then pass a refusal of its own (416 for
  // a range past the end) on as "no such file", with its headers already set on the response
  // (issue 31: that was a 500 with a stack). Its refusals come to `viaServeStatic` instead. No
  // redirect of a folder to its name with a slash either: the request target's trailing slash is
  // dropped (server/request-target.ts), so that would loop; a folder is not a file here (404).
  const OWN_REFUSALS = { fallthrough: false, redirect: false } as const;
  const media = serveStatic(publicDir, { immutable: true, maxAge: "1y", index: false, ...OWN_REFUSALS });
  const topLevel = serveStatic(publicDir, { maxAge: "1h", index: false, ...OWN_REFUSALS });
  // Only names that exist in public/ are looked up: a page request costs no file-system call.
  const topLevelNames = new Set(fs.readdirSync(publicDir).filter((name) => name !== "build" && name !== "media"));

  /** What serve-static (send) refuses with: an HTTP status, and for 416 the file's size in Content-Range. */
  type Refusal = Error & { status?: number; statusCode?: number; expose?: boolean; headers?: Record<string, string> };

  /**
   * Runs serve-static; resolves true when the request was answered, false when there is no such
   * file (and nothing was written, so the app's routes may answer).
   */
  function viaServeStatic(
    handler: ReturnType<typeof serveStatic>,
    req: IncomingMessage,
    res: ServerResponse,
    own: readonly string[],
  ): Promise<boolean> {
    for (let i = 0; i < own.length; i += 2) res.setHeader(own[i]!, own[i + 1]!);
    return new Promise((resolve, reject) => {
      // Answered, or the client went away while it was being answered.
      res.once("finish", () => resolve(true));
      res.once("close", () => resolve(true));
      handler(req as never, res as never, (error?: unknown) => {
        const refusal = error as Refusal | undefined;
        const status = refusal?.statusCode ?? refusal?.status;
        if (!refusal || status === undefined || status >= 500) {
          return reject(refusal instanceof Error ? refusal : new Error(String(refusal)));
        }
        // Whatever send set before it refused (type, length, validators) must not reach another answer.
        for (const name of res.getHeaderNames()) res.removeHeader(name);
        if (status === 404) return resolve(false);
        const headers = Object.entries(refusal.headers ?? {}).flat();
        sendText(res, status, http.STATUS_CODES[status] ?? "Refused", own, { headers });
        resolve(true);
      });
    });
  }

  return async function serve(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    own: readonly string[],
  ): Promise<boolean> {
    if (pathname.startsWith("/build/")) {
      await serveBuild(req, res, pathname, own);
      return true;
    }
    if (pathname.startsWith("/media/")) {
      if (!(await viaServeStatic(media, req, res, own))) sendText(res, 404, "Not found", own);
      return true;
    }
    const first = pathname.split("/")[1] ?? "";
    return topLevelNames.has(first) ? viaServeStatic(topLevel, req, res, own) : false;
  };
}
