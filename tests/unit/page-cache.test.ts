import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cacheKey, createPageCache, isStorable, pickEncoding } from "../../server/page-cache";

describe("cacheKey", () => {
  const base = { method: "GET", host: "site.test", url: "/ailabs-offer" };

  it("bypasses anything but GET", () => {
    for (const method of ["POST", "HEAD", "PUT", "DELETE"]) expect(cacheKey({ ...base, method, cookieHeader: "" })).toBeNull();
  });

  it("bypasses every request carrying a session cookie, whatever its value", () => {
    expect(cacheKey({ ...base, cookieHeader: "__session=abc" })).toBeNull();
    expect(cacheKey({ ...base, cookieHeader: "cookie-consent=all; __session=" })).toBeNull();
  });

  it("keys on host, path with query, and the consent choice, not on other cookies", () => {
    const key = (cookieHeader: string, over: Partial<typeof base> = {}) => cacheKey({ ...base, ...over, cookieHeader });
    expect(key("")).toBe(key("_ga=GA1.1.1; theme=dark"));
    expect(key("cookie-consent=all")).not.toBe(key(""));
    expect(key("cookie-consent=all")).not.toBe(key("cookie-consent=none"));
    expect(key("cookie-consent=all")).toBe(key("_ga=1; cookie-consent=all"));
    expect(key("", { url: "/ailabs-offer?x=1" })).not.toBe(key(""));
    expect(key("", { host: "other.test" })).not.toBe(key(""));
  });
});

describe("isStorable", () => {
  it("stores only 200 responses the route marked public, without cookies", () => {
    expect(isStorable({ status: 200, headers: { "cache-control": "public, max-age=0, s-maxage=300" } })).toBe(true);
    expect(isStorable({ status: 200, headers: { "cache-control": "private, no-store" } })).toBe(false);
    expect(isStorable({ status: 200, headers: {} })).toBe(false);
    expect(isStorable({ status: 302, headers: { "cache-control": "public" } })).toBe(false);
    expect(isStorable({ status: 200, headers: { "cache-control": "public", "set-cookie": ["a=b"] } })).toBe(false);
    expect(isStorable({ status: 200, headers: { "cache-control": "no-public" } })).toBe(false);
  });
});

describe("pickEncoding", () => {
  it("prefers brotli, then gzip, and honours q=0", () => {
    expect(pickEncoding("gzip, deflate, br")).toBe("br");
    expect(pickEncoding("gzip")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip;q=0.8")).toBe("gzip");
    expect(pickEncoding(undefined)).toBe("identity");
    expect(pickEncoding("identity")).toBe("identity");
  });
});

describe("createPageCache in front of a real Express handler", () => {
  let clock = 1_000_000;
  let renders = 0;
  let baseUrl = "";
  let server: ReturnType<express.Express["listen"]>;
  const cache = createPageCache({ ttlSeconds: 10, maxEntries: 3, now: () => clock });
  const page = (n: number) => `<!DOCTYPE html><html><body>${"render ".repeat(300)}${n}</body></html>`;

  beforeAll(async () => {
    const app = express();
    app.use(cache.lookup);
    app.use(compression());
    app.use(cache.capture);
    app.all("*", (req, res) => {
      renders++;
      const policy = req.path.startsWith("/private") ? "private, no-store" : "public, max-age=0, s-maxage=300";
      res.set({ "Cache-Control": policy, Vary: "Cookie", "Content-Type": "text/html; charset=utf-8", "X-Render": String(renders) });
      if (req.path === "/with-cookie") res.append("Set-Cookie", "flash=1");
      // Written in two chunks, like a streamed document.
      const body = page(renders);
      res.write(body.slice(0, 100));
      res.end(body.slice(100));
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    clock += 60_000; // every test starts with an expired cache
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(baseUrl + path, { headers: { "Accept-Encoding": "identity", ...headers } });
  // The store finishes compressing asynchronously, just after the response.
  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

  it("renders once and serves the same bytes and headers to the next visitor", async () => {
    const first = await get("/");
    const firstBody = await first.text();
    await settle();
    const second = await get("/");
    expect(await second.text()).toBe(firstBody);
    expect(second.headers.get("X-Render")).toBe(first.headers.get("X-Render"));
    expect(second.headers.get("Age")).toBe("0");
    expect(first.headers.get("Age")).toBeNull();
    expect(second.headers.get("Vary")).toBe("Cookie, Accept-Encoding");
  });

  it("serves brotli or gzip compressed once, as the client accepts", async () => {
    const original = await (await get("/encoded")).text();
    await settle();
    const br = await fetch(baseUrl + "/encoded", { headers: { "Accept-Encoding": "br" } });
    expect(br.headers.get("Content-Encoding")).toBe("br");
    expect(br.headers.get("Age")).toBe("0");
    expect(await br.text()).toBe(original); // fetch decodes it
    const raw = await new Promise<Buffer>((resolve, reject) => {
      import("node:http").then(({ get: httpGet }) =>
        httpGet(baseUrl + "/encoded", { headers: { "Accept-Encoding": "gzip" } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk) => chunks.push(chunk));
          res.on("end", () => resolve(Buffer.concat(chunks)));
        }).on("error", reject),
      );
    });
    expect(zlib.gunzipSync(raw).toString()).toBe(original);
  });

  it("expires entries after the TTL", async () => {
    const first = await get("/ttl");
    await settle();
    clock += 9_000;
    const cached = await get("/ttl");
    expect(cached.headers.get("X-Render")).toBe(first.headers.get("X-Render"));
    expect(cached.headers.get("Age")).toBe("9");
    clock += 1_001;
    const fresh = await get("/ttl");
    expect(fresh.headers.get("X-Render")).not.toBe(first.headers.get("X-Render"));
    expect(fresh.headers.get("Age")).toBeNull();
  });

  it("keeps one entry per consent choice", async () => {
    const none = await get("/consent", { Cookie: "cookie-consent=none" });
    await settle();
    const all = await get("/consent", { Cookie: "cookie-consent=all" });
    expect(all.headers.get("X-Render")).not.toBe(none.headers.get("X-Render"));
    await settle();
    expect((await get("/consent", { Cookie: "cookie-consent=none" })).headers.get("X-Render")).toBe(none.headers.get("X-Render"));
    expect((await get("/consent", { Cookie: "cookie-consent=all" })).headers.get("X-Render")).toBe(all.headers.get("X-Render"));
  });

  it("never serves or stores a request with a session cookie, or a POST", async () => {
    const anonymous = await get("/session");
    await settle();
    const signedIn = await get("/session", { Cookie: "__session=s%3Aabc" });
    expect(signedIn.headers.get("X-Render")).not.toBe(anonymous.headers.get("X-Render"));
    expect(signedIn.headers.get("Age")).toBeNull();
    const posted = await fetch(baseUrl + "/session", { method: "POST" });
    expect(posted.headers.get("X-Render")).not.toBe(anonymous.headers.get("X-Render"));
  });

  it("does not store private pages or pages that set a cookie", async () => {
    for (const path of ["/private", "/with-cookie"]) {
      const first = await get(path);
      await settle();
      const second = await get(path);
      expect(second.headers.get("X-Render"), path).not.toBe(first.headers.get("X-Render"));
      expect(second.headers.get("Age"), path).toBeNull();
    }
  });

  it("holds at most maxEntries pages, dropping the oldest", async () => {
    for (const path of ["/a", "/b", "/c", "/d"]) {
      await get(path);
      await settle();
    }
    expect(cache.size()).toBeLessThanOrEqual(3);
    expect((await get("/a")).headers.get("Age")).toBeNull();
    expect((await get("/d")).headers.get("Age")).toBe("0");
  });
});

describe("createPageCache with a TTL of 0", () => {
  it("is off: every request goes to the handler", () => {
    const cache = createPageCache({ ttlSeconds: 0 });
    let nextCalls = 0;
    const req = { method: "GET", headers: {}, originalUrl: "/" };
    const res = { locals: {} as Record<string, unknown> };
    cache.lookup(req as never, res as never, () => nextCalls++);
    expect(nextCalls).toBe(1);
    expect(res.locals.pageCacheKey).toBeUndefined();
  });
});
