import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { resetServerClock, setServerClock } from "../../support/clock";
import { startTestApp, type TestApp } from "../../support/test-app";

/**
 * The HTTP layer on Node's own request and response (no framework, decision 033): static files,
 * compression, and the headers every kind of answer carries. Raw HTTP, so nothing decompresses,
 * merges or normalises on our behalf.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ PAGE_CACHE_SECONDS: "60" });
});
afterAll(async () => {
  await app?.close();
});

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** One request with exactly this method, target (sent as is) and headers. */
function request(method: string, target: string, headers: Record<string, string> = {}, body?: string): Promise<Raw> {
  const { hostname, port } = new URL(app.baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, method, path: target, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const decoded = (response: Raw) => {
  const encoding = response.headers["content-encoding"];
  if (encoding === "br") return zlib.brotliDecompressSync(response.body);
  if (encoding === "gzip") return zlib.gunzipSync(response.body);
  return response.body;
};

/** The largest JavaScript file of the client build (React's chunk): what a first visit downloads. */
function largestBundle(): { url: string; bytes: Buffer } {
  const root = path.resolve("public/build");
  const files = fs.readdirSync(root, { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(".js"));
  const largest = files
    .map((name) => ({ name, size: fs.statSync(path.join(root, name)).size }))
    .sort((a, b) => b.size - a.size)[0]!;
  return {
    url: `/build/${largest.name.split(path.sep).join("/")}`,
    bytes: fs.readFileSync(path.join(root, largest.name)),
  };
}

describe("client bundles (/build)", () => {
  it("answers brotli at quality 11, gzip at level 9, or the file itself, immutable for a year", async () => {
    const { url, bytes } = largestBundle();
    const q11 = zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });

    const br = await request("GET", url, { "Accept-Encoding": "gzip, deflate, br" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(decoded(br).equals(bytes)).toBe(true);
    expect(br.body.length).toBeLessThanOrEqual(Math.ceil(q11.length * 1.01));

    const gzip = await request("GET", url, { "Accept-Encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(decoded(gzip).equals(bytes)).toBe(true);
    expect(gzip.body.length).toBeLessThanOrEqual(zlib.gzipSync(bytes, { level: 9 }).length);

    const plain = await request("GET", url);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(bytes)).toBe(true);
    expect(Number(plain.headers["content-length"])).toBe(bytes.length);
  });

  it("sends the files the build compressed, byte for byte, with their own length: no request compresses", async () => {
    const { url, bytes } = largestBundle();
    const file = path.resolve("public", url.slice(1));
    for (const [acceptEncoding, suffix, contentEncoding] of [
      ["br", ".br", "br"],
      ["gzip", ".gz", "gzip"],
      ["gzip, br;q=0", ".gz", "gzip"],
      ["identity", "", undefined],
    ] as const) {
      const onDisk = fs.readFileSync(file + suffix);
      for (const method of ["GET", "HEAD"]) {
        const response = await request(method, url, { "Accept-Encoding": acceptEncoding });
        expect(response.status, `${method} ${acceptEncoding}`).toBe(200);
        expect(response.headers["content-encoding"], acceptEncoding).toBe(contentEncoding);
        expect(response.headers.vary, acceptEncoding).toBe("Accept-Encoding");
        expect(Number(response.headers["content-length"]), acceptEncoding).toBe(onDisk.length);
        expect(response.body.equals(method === "HEAD" ? Buffer.alloc(0) : onDisk), `${method} ${acceptEncoding}`).toBe(
          true,
        );
      }
    }
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
  });

  it("every compressible file of the build has its brotli and gzip forms beside it, and they hold the file", () => {
    const root = path.resolve("public/build");
    const names = fs.readdirSync(root, { recursive: true, encoding: "utf8" });
    const texts = names.filter((name) => /\.(js|css)$/.test(name) && fs.statSync(path.join(root, name)).size >= 1024);
    expect(texts.length).toBeGreaterThan(10);
    for (const name of texts) {
      const bytes = fs.readFileSync(path.join(root, name));
      expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(root, `${name}.br`))).equals(bytes), name).toBe(true);
      expect(zlib.gunzipSync(fs.readFileSync(path.join(root, `${name}.gz`))).equals(bytes), name).toBe(true);
    }
  });

  it("answers the compressed forms only through the bundle's own address (no /build/x.js.br)", async () => {
    const { url } = largestBundle();
    for (const target of [`${url}.br`, `${url}.gz`]) {
      const response = await request("GET", target, { "Accept-Encoding": "br, gzip" });
      expect(response.status, target).toBe(404);
    }
  });

  it("answers a small bundle (under 1 KiB, never compressed) as it is, without Vary", async () => {
    const root = path.resolve("public/build");
    const small = fs
      .readdirSync(root, { recursive: true, encoding: "utf8" })
      .find((name) => name.endsWith(".js") && fs.statSync(path.join(root, name)).size < 1024);
    expect(small).toBeDefined();
    const bytes = fs.readFileSync(path.join(root, small!));
    const response = await request("GET", `/build/${small!.split(path.sep).join("/")}`, {
      "Accept-Encoding": "br, gzip",
    });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers.vary).toBeUndefined();
    expect(response.body.equals(bytes)).toBe(true);
  });

  it("answers a Range request with the whole bundle (200): bundles are small and served whole", async () => {
    const { url, bytes } = largestBundle();
    const response = await request("GET", url, { Range: "bytes=0-99" });
    expect(response.status).toBe(200);
    expect(response.headers["content-range"]).toBeUndefined();
    expect(response.body.equals(bytes)).toBe(true);
  });

  it("answers a repeated request with its ETag by 304, and HEAD without a body", async () => {
    const { url } = largestBundle();
    const first = await request("GET", url, { "Accept-Encoding": "br" });
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^".+"$/);
    const again = await request("GET", url, { "Accept-Encoding": "br", "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await request("HEAD", url, { "Accept-Encoding": "br" });
    expect(head.status).toBe(200);
    expect(head.headers["content-length"]).toBe(first.headers["content-length"]);
    expect(head.body.length).toBe(0);
  });

  it("answers 304 when any tag of an If-None-Match list weakly matches, or it is *, and 200 otherwise (RFC 9110 13.1.2)", async () => {
    const { url } = largestBundle();
    const etag = (await request("GET", url, { "Accept-Encoding": "br" })).headers.etag!;
    for (const ifNoneMatch of [`"stale-one", ${etag}`, `W/${etag}`, `"a",W/"b" , W/${etag}`, "*"]) {
      const response = await request("GET", url, { "Accept-Encoding": "br", "If-None-Match": ifNoneMatch });
      expect(response.status, ifNoneMatch).toBe(304);
      expect(response.headers.etag, ifNoneMatch).toBe(etag);
      expect(response.headers["cache-control"], ifNoneMatch).toBe("public, max-age=31536000, immutable");
      expect(response.body.length, ifNoneMatch).toBe(0);
    }
    for (const ifNoneMatch of [`"stale-one", W/"older"`, `${etag.slice(0, -2)}"`]) {
      const response = await request("GET", url, { "Accept-Encoding": "br", "If-None-Match": ifNoneMatch });
      expect(response.status, ifNoneMatch).toBe(200);
      expect(response.body.length, ifNoneMatch).toBeGreaterThan(0);
    }
  });

  it("compares If-None-Match the same way for the other files of public/ (serve-static)", async () => {
    const etag = (await request("GET", "/favicon.svg")).headers.etag!;
    for (const ifNoneMatch of [`"stale-one", ${etag}`, etag.startsWith("W/") ? etag.slice(2) : `W/${etag}`, "*"]) {
      expect((await request("GET", "/favicon.svg", { "If-None-Match": ifNoneMatch })).status, ifNoneMatch).toBe(304);
    }
    expect((await request("GET", "/favicon.svg", { "If-None-Match": `"stale-one"` })).status).toBe(200);
  });

  it("answers 404 for a missing file and for any path that steps out of the folder", async () => {
    for (const target of ["/build/no-such-file.js", "/build/..%2f..%2fpackage.json", "/build/_shared/%00.js"]) {
      const response = await request("GET", target);
      expect(response.status, target).toBe(404);
      expect(response.body.toString(), target).toBe("Not found");
    }
    // Dot segments are resolved before anything reads the path (server/request-target.ts): these
    // name /package.json, which is no file of public/, and the app's routes answer (never the file).
    for (const target of ["/build/../package.json", "/build/%2e%2e/%2e%2e/package.json", "/build/"]) {
      const response = await request("GET", target);
      expect(response.status, target).not.toBe(200);
      expect(response.body.toString(), target).not.toContain('"devDependencies"');
    }
  });

  it("refuses to write to a bundle (405, GET and HEAD allowed)", async () => {
    const response = await request("POST", largestBundle().url, { Origin: app.baseUrl });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe("GET, HEAD");
  });
});

describe("compression of the app's other answers", () => {
  it("compresses a text resource (the sitemap) for a client that accepts it, and not for one that does not", async () => {
    const compressed = await request("GET", "/sitemap.xml", { "Accept-Encoding": "br" });
    const plain = await request("GET", "/sitemap.xml");
    expect(compressed.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(decoded(compressed).toString()).toBe(plain.body.toString());
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(compressed.headers.vary).toMatch(/Accept-Encoding/);
  });

  it("compresses single-fetch data (what client navigations load) and keeps the route's Vary", async () => {
    // The landing's data holds the countdown's time left: with the clock moving, two requests a
    // second apart on a busy machine differ (seen in CI). One instant for both.
    setServerClock(new Date());
    onTestFinished(resetServerClock);
    const compressed = await request("GET", "/_root.data", { "Accept-Encoding": "gzip" });
    expect(compressed.status).toBe(200);
    expect(compressed.headers["content-type"]).toBe("text/x-script");
    expect(compressed.headers["content-encoding"]).toBe("gzip");
    expect(compressed.headers.vary).toBe("Cookie, Accept-Encoding");
    const plain = await request("GET", "/_root.data");
    expect(decoded(compressed).toString()).toBe(plain.body.toString());
  });

  it("compresses documents the app renders per request and keeps their own Vary", async () => {
    const response = await request("GET", "/login", { "Accept-Encoding": "gzip" });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(decoded(response).toString()).toContain("</html>");
    const vary = String(response.headers.vary);
    expect(vary).toMatch(/Accept-Encoding/);
    expect(vary.match(/Accept-Encoding/g)).toHaveLength(1);
  });
});

describe("headers on every kind of answer", () => {
  const SECURITY = ["x-content-type-options", "referrer-policy", "x-frame-options", "cross-origin-opener-policy"];

  it.each([
    ["a page from the cache", "GET", "/privacy-policy", 200],
    ["a page rendered for this request", "GET", "/login", 200],
    ["a redirect", "GET", "/dashboard", 302],
    ["a client bundle", "GET", () => largestBundle().url, 200],
    ["a missing bundle", "GET", "/build/missing.js", 404],
    ["a file from public/", "GET", "/favicon.svg", 200],
    ["a missing media file", "GET", "/media/missing.mp4", 404],
    ["a cross-site form post", "POST", "/login", 403],
    ["a body over its limit", "POST", "/login", 413],
  ] as const)("%s", async (label, method, target, status) => {
    const url = typeof target === "function" ? target() : target;
    const headers: Record<string, string> = { "X-Request-Id": `req-${status}-${method}` };
    let body: string | undefined;
    if (label === "a cross-site form post") headers.Origin = "https://evil.example";
    if (label === "a body over its limit") {
      headers.Origin = app.baseUrl;
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      body = `email=${"a".repeat(70 * 1024)}`;
    }
    const response = await request(method, url, headers, body);
    expect(response.status).toBe(status);
    for (const name of SECURITY) expect(response.headers[name], `${label}: ${name}`).toBeTruthy();
    expect(response.headers["x-request-id"]).toBe(`req-${status}-${method}`);
    expect(response.headers["x-powered-by"]).toBeUndefined();
  });
});
