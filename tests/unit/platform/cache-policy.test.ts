import { describe, expect, it } from "vitest";
import {
  ANONYMOUS_PAGE_CACHE,
  PERSONAL_PAGE_CACHE,
  pageCacheHeaders,
  publicPageHeaders,
} from "~/platform/cache-policy";

const run = (loader: HeadersInit, parent: HeadersInit = {}) =>
  new Headers(
    publicPageHeaders({
      loaderHeaders: new Headers(loader),
      parentHeaders: new Headers(parent),
      actionHeaders: new Headers(),
      errorHeaders: undefined,
    }),
  );

describe("pageCacheHeaders", () => {
  it("lets shared caches keep an anonymous page, keyed on cookies, and nobody keep a signed-in one", () => {
    expect(pageCacheHeaders(false)).toEqual({ "Cache-Control": ANONYMOUS_PAGE_CACHE, Vary: "Cookie" });
    expect(pageCacheHeaders(true)).toEqual({ "Cache-Control": PERSONAL_PAGE_CACHE, Vary: "Cookie" });
    expect(ANONYMOUS_PAGE_CACHE).toMatch(/^public, max-age=0, s-maxage=\d+/);
  });
});

describe("publicPageHeaders", () => {
  it("passes the loader's cache policy to the document", () => {
    const headers = run(pageCacheHeaders(false));
    expect(headers.get("Cache-Control")).toBe(ANONYMOUS_PAGE_CACHE);
    expect(headers.get("Vary")).toBe("Cookie");
    expect(run(pageCacheHeaders(true)).get("Cache-Control")).toBe(PERSONAL_PAGE_CACHE);
  });

  it("never shares a response that sets a cookie, whichever loader set it", () => {
    expect(run({ ...pageCacheHeaders(false), "Set-Cookie": "a=1" }).get("Cache-Control")).toBe(PERSONAL_PAGE_CACHE);
    expect(run(pageCacheHeaders(false), { "Set-Cookie": "_ga=; Max-Age=0" }).get("Cache-Control")).toBe(
      PERSONAL_PAGE_CACHE,
    );
  });
});
