import { describe, expect, it } from "vitest";
import { baseSecurityHeaders, clientAddress, dropOriginHeader, isCrossSiteWrite } from "../../../server/security";

describe("isCrossSiteWrite", () => {
  const request = (overrides: Record<string, string | undefined>) => ({
    method: "POST",
    pathname: "/login",
    originHeader: undefined,
    refererHeader: undefined,
    host: "site.test",
    publicOrigin: undefined,
    ...overrides,
  });

  it("lets same-site posts through", () => {
    expect(isCrossSiteWrite(request({ originHeader: "https://site.test" }))).toBe(false);
    expect(isCrossSiteWrite(request({ refererHeader: "https://site.test/login" }))).toBe(false);
  });
  it("refuses another site's origin or referer", () => {
    expect(isCrossSiteWrite(request({ originHeader: "https://evil.example" }))).toBe(true);
    expect(isCrossSiteWrite(request({ refererHeader: "https://evil.example/x" }))).toBe(true);
    expect(isCrossSiteWrite(request({ originHeader: "https://site.test.evil.example" }))).toBe(true);
    expect(isCrossSiteWrite(request({ originHeader: "null" }))).toBe(true);
    expect(isCrossSiteWrite(request({ originHeader: "not a url" }))).toBe(true);
  });
  it("accepts the configured public origin behind a proxy that rewrites Host", () => {
    expect(
      isCrossSiteWrite(
        request({
          host: "internal:3000",
          originHeader: "https://www.site.test",
          publicOrigin: "https://www.site.test",
        }),
      ),
    ).toBe(false);
  });
  it("lets the one-click unsubscribe through from anywhere (its signed token is the authority), nothing else", () => {
    expect(isCrossSiteWrite(request({ pathname: "/unsubscribe", originHeader: "https://mail.provider.example" }))).toBe(
      false,
    );
    expect(isCrossSiteWrite(request({ pathname: "/unsubscribed", originHeader: "https://evil.example" }))).toBe(true);
    const req = {
      headers: { origin: "https://mail.provider.example", host: "site.test" },
      rawHeaders: ["Origin", "https://mail.provider.example", "Host", "site.test"],
    };
    dropOriginHeader(req);
    expect(req).toEqual({ headers: { host: "site.test" }, rawHeaders: ["Host", "site.test"] });
  });
  it("ignores safe methods and webhooks", () => {
    expect(isCrossSiteWrite(request({ method: "GET", originHeader: "https://evil.example" }))).toBe(false);
    expect(isCrossSiteWrite(request({ pathname: "/webhooks/stripe", originHeader: "https://evil.example" }))).toBe(
      false,
    );
  });
  it("allows clients that send neither header (they cannot carry a visitor's cookies)", () => {
    expect(isCrossSiteWrite(request({}))).toBe(false);
  });
});

describe("clientAddress", () => {
  const headers = { "fly-client-ip": "203.0.113.9", "x-forwarded-for": "198.51.100.1, 198.51.100.2" };
  it("ignores proxy headers unless a proxy is trusted", () => {
    expect(clientAddress({ trustProxy: { kind: "none" }, headers, socketAddress: "127.0.0.1" })).toBe("127.0.0.1");
  });
  it("with `fly`, reads Fly-Client-IP only (X-Forwarded-For is the client's to write)", () => {
    expect(clientAddress({ trustProxy: { kind: "fly" }, headers, socketAddress: "127.0.0.1" })).toBe("203.0.113.9");
    expect(
      clientAddress({
        trustProxy: { kind: "fly" },
        headers: { "x-forwarded-for": "1.1.1.1" },
        socketAddress: "10.0.0.1",
      }),
    ).toBe("10.0.0.1");
  });
  it("with N hops, takes the N-th X-Forwarded-For entry from the right; fewer entries mean no proxy", () => {
    const forwarded = { "x-forwarded-for": "6.6.6.6, 198.51.100.1, 198.51.100.2" };
    expect(clientAddress({ trustProxy: { kind: "hops", hops: 1 }, headers: forwarded, socketAddress: "x" })).toBe(
      "198.51.100.2",
    );
    expect(clientAddress({ trustProxy: { kind: "hops", hops: 2 }, headers: forwarded, socketAddress: "x" })).toBe(
      "198.51.100.1",
    );
    expect(
      clientAddress({
        trustProxy: { kind: "hops", hops: 2 },
        headers: { "x-forwarded-for": ["6.6.6.6", "198.51.100.9"] },
        socketAddress: "x",
      }),
    ).toBe("6.6.6.6");
    expect(
      clientAddress({ trustProxy: { kind: "hops", hops: 4 }, headers: forwarded, socketAddress: "10.0.0.1" }),
    ).toBe("10.0.0.1");
    expect(clientAddress({ trustProxy: { kind: "hops", hops: 1 }, headers: {}, socketAddress: "10.0.0.1" })).toBe(
      "10.0.0.1",
    );
  });
});

describe("baseSecurityHeaders", () => {
  it("adds HSTS only when asked", () => {
    expect(baseSecurityHeaders({ hsts: false })).not.toHaveProperty("Strict-Transport-Security");
    expect(baseSecurityHeaders({ hsts: true })["Strict-Transport-Security"]).toContain("max-age=");
    expect(baseSecurityHeaders({ hsts: false })["X-Content-Type-Options"]).toBe("nosniff");
  });
});
