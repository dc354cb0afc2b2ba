import http from "node:http";
import zlib from "node:zlib";

/** A raw GET: the body exactly as sent (no decompression), with status and headers. */
export function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}

/**
 * The JavaScript a page loads at start: its `<script src>`, its `<link rel="modulepreload">` (Remix
 * lists every module of the matched routes there) and the modules its inline module scripts import.
 */
export function scriptUrls(html: string): string[] {
  const urls = new Set<string>();
  // Each pattern captures its URL (or the script's text) in group 1, which is never empty.
  const captured = (pattern: RegExp, text: string) => [...text.matchAll(pattern)].map(([, value = ""]) => value);
  for (const url of captured(/<script\b[^>]*\bsrc="([^"]+)"/g, html)) urls.add(url);
  for (const url of captured(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g, html)) urls.add(url);
  for (const url of captured(/<link\b[^>]*\bhref="([^"]+)"[^>]*\brel="modulepreload"/g, html)) urls.add(url);
  for (const script of captured(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g, html)) {
    for (const url of captured(/import\s*(?:[^"']*from\s*)?["']([^"']+)["']/g, script)) urls.add(url);
  }
  return [...urls];
}

const KiB = 1024;

/**
 * Pages that load no JavaScript at all (`export const handle = NO_JAVASCRIPT`, app/platform/hydration.ts):
 * legal texts and thank-you pages. `tests/integration/app/javascript-budget.test.ts` holds them to it.
 */
export const PAGES_WITHOUT_JAVASCRIPT = [
  "/privacy-policy",
  "/terms-of-service",
  "/custom-saas-thank-you",
  "/thank-you-access",
] as const;

/**
 * The most JavaScript (gzip bytes, as `javaScriptWeight` counts them) a page may load, checked by
 * `tests/integration/app/javascript-budget.test.ts`: issue 12's 85 KiB for `/` (which loads no React,
 * only its build demo's player: docs/decisions/031-lighter-javascript.md) and 100 KiB for /login
 * and /signup.
 */
export const JAVASCRIPT_BUDGETS: Record<string, number> = {
  "/": 85 * KiB,
  // The sales pages load no React either (issue 32): the build demo's player, and the countdown's
  // ticker on the variant that shows one.
  "/ailabs-offer": 85 * KiB,
  "/ailabs-offer3": 85 * KiB,
  "/login": 100 * KiB,
  "/signup": 100 * KiB,
};

/** The modules a module imports statically (`import ... from "x"`, `import "x"`; not `import()`). */
export function staticImports(code: string): string[] {
  return [...code.matchAll(/\bimport\s*(?:[\w$*{},\s]*\bfrom\s*)?["']([^"']+)["']/g)].map(([, name = ""]) => name);
}

/**
 * Gzip bytes (level 6, what servers send) of every script a page loads, and how many files: those
 * of `scriptUrls`, and every module they import statically (a chunk loaded by an inline module
 * script on a page without React brings its own imports).
 */
export async function javaScriptWeight(baseUrl: string, path: string, headers: Record<string, string> = {}) {
  const page = await rawGet(baseUrl + path, headers);
  if (page.status !== 200) throw new Error(`${path} answered ${page.status}`);
  const pending = scriptUrls(page.body.toString("utf8")).map((url) => new URL(url, baseUrl).href);
  const seen = new Set(pending);
  let gzipBytes = 0;
  for (let url = pending.shift(); url !== undefined; url = pending.shift()) {
    const script = await rawGet(url);
    if (script.status !== 200) throw new Error(`${url} answered ${script.status}`);
    gzipBytes += zlib.gzipSync(script.body, { level: 6 }).length;
    for (const imported of staticImports(script.body.toString("utf8"))) {
      const href = new URL(imported, url).href;
      if (seen.has(href)) continue;
      seen.add(href);
      pending.push(href);
    }
  }
  return { files: seen.size, gzipBytes };
}

/** The brotli body the server sends for `path`, against a one-pass quality-11 brotli of the same HTML. */
export async function brotliEfficiency(baseUrl: string, path: string) {
  const sent = await rawGet(baseUrl + path, { "Accept-Encoding": "br" });
  if (sent.headers["content-encoding"] !== "br")
    throw new Error(`${path}: no brotli body (${sent.headers["content-encoding"]})`);
  const html = zlib.brotliDecompressSync(sent.body);
  const best = zlib.brotliCompressSync(html, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length },
  });
  return { sentBytes: sent.body.length, quality11Bytes: best.length, ratio: sent.body.length / best.length, html };
}
