import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseConsentChoice } from "~/features/privacy/consent-rules";
import {
  canonicalQuery,
  createPageCache,
  isStorable,
  pickEncoding,
  renderRequest,
  requestKey,
  type PageCacheOptions,
  type PageQuery,
} from "../../../server/page-cache";
import { at } from "../../support/present";

const ORIGIN = "https://site.test";
const PAGES = new Map<string, PageQuery>([
  ["/", {}],
  ["/ailabs-offer", {}],
  ["/demo-swipes", { tab: ["demo", "emails", "banners", "a", "b", "c"] }],
]);

describe("requestKey", () => {
  const key = (url: string, cookieHeader?: string, method = "GET") => requestKey({ method, url, cookieHeader }, PAGES);

  it("answers only GETs of pages a route declared cacheable", () => {
    for (const method of ["POST", "HEAD", "PUT", "DELETE"]) expect(key("/", undefined, method)).toBeNull();
    expect(key("/login")).toBeNull();
    expect(key("/ailabs-offer/")).toBeNull();
    expect(key("/ailabs-offer.data")).toBeNull();
    expect(key("/ailabs-offer")).not.toBeNull();
  });

  it("never answers a request with a session or flash cookie, whatever its value or place", () => {
    for (const header of [
      "__session=abc",
      "cookie-consent=all; __session=",
      "a=1;__flash=x",
      " __session =x",
      "__session=a; __session=b",
    ]) {
      expect(key("/", header), header).toBeNull();
    }
    // Cookie names are case-sensitive for the app too: these are not its session.
    expect(key("/", "__Session=abc")).not.toBeNull();
  });

  it("keeps only the parameters the page declared, so tracking parameters share one key", () => {
    expect(key("/?utm_source=x&fbclid=y")!.key).toBe(key("/")!.key);
    expect(key("/?gclid=1&ref=aff&unknown=2")!.key).toBe(key("/")!.key);
    expect(key("/demo-swipes?tab=emails&utm_medium=mail")!.key).toBe(key("/demo-swipes?tab=emails")!.key);
    expect(key("/demo-swipes?tab=emails")!.key).not.toBe(key("/demo-swipes")!.key);
  });

  it("keeps only known values: an unknown one is the page without it (issue 31, item 8)", () => {
    for (const value of ["nope", "EMAILS", "emails ", "", crypto.randomUUID()]) {
      expect(key(`/demo-swipes?tab=${encodeURIComponent(value)}`)!.key, value).toBe(key("/demo-swipes")!.key);
    }
    // The page reads the first value: a known value after an unknown one is not what it shows.
    expect(key("/demo-swipes?tab=nope&tab=emails")!.key).toBe(key("/demo-swipes")!.key);
    expect(key("/demo-swipes?tab=emails&tab=banners")!.key).toBe(key("/demo-swipes?tab=emails")!.key);
  });

  it("keys on the consent choice exactly as the app reads it: duplicates, odd cases, odd values", () => {
    const headers = [
      "cookie-consent=all; cookie-consent=",
      "cookie-consent=; cookie-consent=all",
      "cookie-consent=none; cookie-consent=all",
      "Cookie-Consent=all",
      "COOKIE-CONSENT=all; cookie-consent=essential",
      'cookie-consent="all"',
      "cookie-consent=%61ll",
      "cookie-consent = essential ",
      "cookie-consent=everything",
      "_ga=GA1.1; cookie-consent=none; theme=dark",
      "",
    ];
    for (const header of headers) {
      expect(key("/", header)!.inputs.consent, header).toBe(parseConsentChoice(header));
    }
    // The report's attack: this must not land on the key of a visitor who chose nothing.
    expect(key("/", "cookie-consent=all; cookie-consent=")!.key).not.toBe(key("/")!.key);
    expect(key("/", "_ga=1; theme=dark")!.key).toBe(key("/")!.key);
  });
});

describe("canonicalQuery and renderRequest", () => {
  it("keeps declared parameters in declared order, their first value when known, and drops the rest", () => {
    expect(canonicalQuery("utm_source=x&tab=a&tab=b", { tab: ["a", "b"] })).toBe("?tab=a");
    expect(canonicalQuery("b=2&a=1&c=3", { a: ["1"], b: ["2"] })).toBe("?a=1&b=2");
    expect(canonicalQuery("b=3&a=1", { a: ["1"], b: ["2"] })).toBe("?a=1");
    expect(canonicalQuery("fbclid=1", { tab: ["x"] })).toBe("");
    expect(canonicalQuery("tab=x", {})).toBe("");
  });

  it("builds the render request from the key's inputs alone", () => {
    const found = requestKey(
      {
        method: "GET",
        url: "/demo-swipes?tab=emails&utm_source=x",
        cookieHeader: "_ga=1; cookie-consent=all; cookie-consent=",
      },
      PAGES,
    )!;
    const request = renderRequest(found.inputs, ORIGIN);
    expect(request.url).toBe("https://site.test/demo-swipes?tab=emails");
    expect(request.headers.get("Cookie")).toBe("cookie-consent=all");
    expect(renderRequest({ ...found.inputs, consent: null }, ORIGIN).headers.has("Cookie")).toBe(false);
  });
});

describe("isStorable and pickEncoding", () => {
  const response = (status: number, headers: Record<string, string>) => new Response("x", { status, headers });
  it("stores only public 200s that set no cookie", () => {
    expect(isStorable(response(200, { "Cache-Control": "public, max-age=0, s-maxage=300" }))).toBe(true);
    expect(isStorable(response(200, { "Cache-Control": "private, no-store" }))).toBe(false);
    expect(isStorable(response(200, {}))).toBe(false);
    expect(isStorable(response(404, { "Cache-Control": "public" }))).toBe(false);
    expect(isStorable(response(200, { "Cache-Control": "public", "Set-Cookie": "a=b" }))).toBe(false);
    expect(isStorable(response(200, { "Cache-Control": "no-public" }))).toBe(false);
  });
  it("prefers brotli, then gzip, and honours q=0", () => {
    expect(pickEncoding("gzip, deflate, br")).toBe("br");
    expect(pickEncoding("gzip")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip;q=0.8")).toBe("gzip");
    expect(pickEncoding(undefined)).toBe("identity");
  });
});

/** The cache in front of a real HTTP server, with a render function that counts and can be held. */
describe("createPageCache", () => {
  let server: http.Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  async function setup(over: Partial<PageCacheOptions> & { page?: (request: Request, n: number) => Response } = {}) {
    const state = { clock: 1_000_000, renders: 0, fallbacks: 0, requests: [] as Request[], gate: Promise.resolve() };
    const page =
      over.page ??
      ((_request: Request, n: number) =>
        new Response(`<!DOCTYPE html><html><body>${"page ".repeat(400)}${n}</body></html>`, {
          headers: {
            "Content-Type": "text/html; charset=utf-8",
            "Cache-Control": "public, max-age=0, s-maxage=300",
            Vary: "Cookie",
          },
        }));
    const cache = createPageCache({
      pages: PAGES,
      publicOrigin: ORIGIN,
      ttlSeconds: 10,
      staleSeconds: 60,
      now: () => state.clock,
      headers: { "X-Content-Type-Options": "nosniff" },
      render: async (request) => {
        const n = ++state.renders;
        state.requests.push(request);
        await state.gate;
        return page(request, n);
      },
      ...over,
    });
    server = http.createServer((req, res) => {
      const fallback = () => {
        state.fallbacks++;
        res.writeHead(200, { "Content-Type": "text/plain", "X-Fallback": "1" });
        res.end("own render");
      };
      if (!cache.handle(req, res, fallback)) fallback();
    });
    server.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server!.once("listening", () => resolve()));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const get = (path: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(base + path, { headers, agent: false }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (chunk: Buffer) => chunks.push(chunk));
            res.on("end", () =>
              resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
            );
          })
          .on("error", reject);
      });
    const settle = () => cache.idle();
    return { cache, state, get, settle };
  }

  it("renders once and answers the next visitors from memory, in every encoding with Vary", async () => {
    const { state, get } = await setup();
    const plain = await get("/", { "Accept-Encoding": "identity" });
    const br = await get("/", { "Accept-Encoding": "gzip, br" });
    const gz = await get("/", { "Accept-Encoding": "gzip" });
    expect(state.renders).toBe(1);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    for (const response of [plain, br, gz]) {
      expect(response.headers.vary).toBe("Cookie, Accept-Encoding");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers.age).toBeDefined();
    }
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(zlib.gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
  });

  it("stores the best brotli (quality 11) once, off the request path", async () => {
    const { get, settle } = await setup();
    const first = await get("/", { "Accept-Encoding": "br" });
    await settle();
    const later = await get("/", { "Accept-Encoding": "br" });
    const html = zlib.brotliDecompressSync(first.body);
    const best = zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
    expect(later.body.length).toBeLessThanOrEqual(Math.ceil(best.length * 1.05));
    expect(zlib.brotliDecompressSync(later.body).equals(html)).toBe(true);
  });

  it("shares one entry between tracking parameters, and renders without them", async () => {
    const { state, get } = await setup();
    await get("/?utm_source=x&fbclid=y");
    await get("/?gclid=1");
    await get("/");
    for (let i = 0; i < 20; i++) await get(`/?fbclid=${i}`);
    expect(state.renders).toBe(1);
    const rendered = new URL(at(state.requests, 0, "request").url);
    expect(rendered.pathname + rendered.search).toBe("/");
  });

  it("single flight: N concurrent requests for an expired entry cause exactly one render, and none waits for it", async () => {
    const { state, get, settle } = await setup();
    const first = await get("/");
    state.clock += 11_000; // past the fresh lifetime, within the stale one
    let release!: () => void;
    state.gate = new Promise<void>((resolve) => (release = resolve));
    // The render is held until every request has been answered: nobody waits for it.
    const responses = await Promise.all(Array.from({ length: 25 }, () => get("/")));
    expect(state.renders).toBe(2);
    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(response.body.equals(first.body)).toBe(true);
    }
    release();
    await settle();
    const fresh = await get("/");
    expect(fresh.body.toString()).toMatch(/2<\/body>/);
    expect(state.renders).toBe(2);
  });

  it("a re-render with the same bytes keeps the stored bodies and restarts the clock; new bytes replace them", async () => {
    let content = "same";
    const { cache, state, get, settle } = await setup({
      page: () =>
        new Response(`<!DOCTYPE html><html><body>${content.repeat(300)}</body></html>`, {
          headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, s-maxage=300" },
        }),
    });
    const first = await get("/", { "Accept-Encoding": "br" });
    await settle(); // the quality-11 brotli lands
    const stored = await get("/", { "Accept-Encoding": "br" });

    state.clock += 11_000;
    await get("/"); // stale: answered, and rendered again in the background
    await settle();
    expect(state.renders).toBe(2);
    expect(cache.stats().unchanged).toBe(1);
    const renewed = await get("/", { "Accept-Encoding": "br" });
    expect(renewed.body.equals(stored.body)).toBe(true);
    expect(renewed.headers.age).toBe("0");
    expect(zlib.brotliDecompressSync(renewed.body).equals(zlib.brotliDecompressSync(first.body))).toBe(true);

    content = "changed";
    state.clock += 11_000;
    await get("/");
    await settle();
    expect(state.renders).toBe(3);
    expect(cache.stats().unchanged).toBe(1);
    const changed = await get("/", { "Accept-Encoding": "br" });
    expect(zlib.brotliDecompressSync(changed.body).toString()).toContain("changed");
  });

  it("a cold miss: concurrent requests share one render", async () => {
    const { cache, state, get } = await setup();
    let release!: () => void;
    state.gate = new Promise<void>((resolve) => (release = resolve));
    const pending = Promise.all(Array.from({ length: 10 }, () => get("/ailabs-offer")));
    // Every request has missed, so all ten are waiting on the render, before it may end.
    await vi.waitFor(() => expect(cache.stats().misses).toBe(10), { timeout: 15_000 });
    release();
    const responses = await pending;
    expect(state.renders).toBe(1);
    expect(new Set(responses.map((r) => r.body.toString())).size).toBe(1);
  });

  it("clear drops every page, and a render begun before it is not stored (decision 053)", async () => {
    const { cache, state, get } = await setup();
    await get("/");
    await get("/");
    expect(state.renders).toBe(1);
    cache.clear();
    await get("/");
    expect(state.renders).toBe(2);

    let release!: () => void;
    state.gate = new Promise<void>((resolve) => (release = resolve));
    const pending = get("/ailabs-offer");
    await vi.waitFor(() => expect(state.renders, "the render has begun").toBe(3), { timeout: 15_000 });
    cache.clear();
    release();
    // The waiting visitor gets a render of their own, and nothing old is kept for the next one.
    expect((await pending).headers["x-fallback"]).toBe("1");
    state.gate = Promise.resolve();
    await get("/ailabs-offer");
    expect(state.renders).toBe(4);
    await get("/ailabs-offer");
    expect(state.renders).toBe(4);
  });

  it("renders again after the stale window, and keeps pages per consent choice", async () => {
    const { state, get } = await setup();
    await get("/");
    await get("/", { Cookie: "cookie-consent=all" });
    await get("/", { Cookie: "cookie-consent=all; cookie-consent=" });
    expect(state.renders).toBe(2);
    expect(state.requests[1]?.headers.get("Cookie")).toBe("cookie-consent=all");
    state.clock += 71_000;
    await get("/");
    expect(state.renders).toBe(3);
  });

  it("never stores a response that sets a cookie or is not public: each visitor gets their own render", async () => {
    const policies: Array<Record<string, string>> = [
      { "Cache-Control": "public", "Set-Cookie": "x=1" },
      { "Cache-Control": "private, no-store" },
    ];
    for (const headers of policies) {
      const { cache, state, get } = await setup({ page: () => new Response("personal", { headers }) });
      const a = await get("/");
      const b = await get("/");
      expect(a.headers["x-fallback"]).toBe("1");
      expect(b.headers["x-fallback"]).toBe("1");
      expect(state.fallbacks).toBe(2);
      expect(cache.stats().entries).toBe(0);
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      server = undefined;
    }
  });

  it("sends a request whose render failed to its own render", async () => {
    const { state, get } = await setup({
      render: async () => {
        throw new Error("boom");
      },
      onError: () => {},
    });
    expect((await get("/")).headers["x-fallback"]).toBe("1");
    expect(state.fallbacks).toBe(1);
  });

  it("is bounded by bytes as well as entries, dropping the least recently used", async () => {
    const { cache, state, get } = await setup({ maxBytes: 6500, maxEntries: 100, page: (_r, n) => pageOf(n) });
    for (const path of ["/", "/ailabs-offer", "/demo-swipes?tab=a", "/demo-swipes?tab=b"]) await get(path);
    expect(cache.stats().entries).toBe(4); // about 1,500 bytes each
    await get("/"); // a hit: "/" is now the most recently used
    await get("/demo-swipes?tab=c"); // no room: the least recently used (/ailabs-offer) goes
    expect(cache.stats().bytes).toBeLessThanOrEqual(6500);
    expect(state.renders).toBe(5);
    await get("/");
    expect(state.renders).toBe(5);
    await get("/ailabs-offer");
    expect(state.renders).toBe(6);
  });

  it("is off with a TTL of 0", async () => {
    const { state, get } = await setup({ ttlSeconds: 0 });
    await get("/");
    await get("/");
    expect(state.renders).toBe(0);
    expect(state.fallbacks).toBe(2);
  });
});

/** A page of random (incompressible) text, so its stored size is predictable. */
function pageOf(n: number) {
  const noise = Array.from(
    { length: 600 },
    () => "abcdefghijklmnopqrstuvwxyz0123456789"[Math.floor(Math.random() * 36)],
  ).join("");
  return new Response(`<html>${noise}${n}</html>`, { headers: { "Cache-Control": "public" } });
}
