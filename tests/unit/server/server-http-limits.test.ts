import type http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { parseEnv } from "~/platform/env.server";
import { startMetricsServer } from "../../../server/metrics";
import { normaliseTarget } from "../../../server/request-target";

/** Issue 31, item 8: the metrics listener's address and token, and the one normalised request target. */
describe("the metrics listener (METRICS_PORT)", () => {
  let server: http.Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  const listening = async (options: { host: string; token?: string }) => {
    server = startMetricsServer({ port: 0, ...options }, async () => "app_up 1\n");
    await new Promise<void>((resolve) => server!.once("listening", () => resolve()));
    return (server.address() as AddressInfo).port;
  };

  it("listens on 127.0.0.1 unless METRICS_HOST names another address", () => {
    expect(parseEnv({ METRICS_PORT: "9091" }).METRICS_HOST).toBe("127.0.0.1");
    expect(parseEnv({ METRICS_PORT: "9091", METRICS_HOST: "fly-local-6pn" }).METRICS_HOST).toBe("fly-local-6pn");
  });

  it("refuses every interface (0.0.0.0, ::) without METRICS_TOKEN", () => {
    for (const host of ["0.0.0.0", "::"]) {
      expect(() => parseEnv({ METRICS_PORT: "9091", METRICS_HOST: host }), host).toThrow(
        /METRICS_HOST: listens on every interface: set METRICS_TOKEN/,
      );
      const withToken = parseEnv({ METRICS_PORT: "9091", METRICS_HOST: host, METRICS_TOKEN: "a-long-metrics-token" });
      expect(withToken.METRICS_HOST).toBe(host);
    }
  });

  it("on every interface, asks for the bearer token (compared in constant time)", async () => {
    const port = await listening({ host: "0.0.0.0", token: "a-long-metrics-token" });
    const url = `http://127.0.0.1:${port}/metrics`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { Authorization: "Bearer a-long-metrics-tokeX" } })).status).toBe(401);
    const allowed = await fetch(url, { headers: { Authorization: "Bearer a-long-metrics-token" } });
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toBe("app_up 1\n");
  });

  it("on 127.0.0.1, answers without a token", async () => {
    const port = await listening({ host: "127.0.0.1" });
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(200);
  });
});

describe("normaliseTarget", () => {
  it("gives every spelling of a path the one path the router sees", () => {
    const cases: Array<[string, string]> = [
      ["/login", "/login"],
      ["/webhooks/../login", "/login"],
      ["/webhooks/%2e%2e/login", "/login"],
      ["/webhooks/%2E%2E/%6Cogin?x=1", "/login?x=1"],
      ["//admin/..", "/"],
      ["//admin", "/admin"],
      ["/%61dmin", "/admin"],
      ["/admin/", "/admin"],
      ["/admin//", "/admin"],
      ["/a/./b/../c", "/a/c"],
      ["/../../etc/passwd", "/etc/passwd"],
      ["/webhooks\\..\\login", "/login"],
      ["http://other.example/admin/?tab=1", "/admin?tab=1"],
      ["/", "/"],
      ["", "/"],
      ["*", "/"],
    ];
    for (const [raw, normalised] of cases) expect(normaliseTarget(raw), raw).toBe(normalised);
  });

  it("keeps what is not an unreserved character encoded, and the query as it came", () => {
    expect(normaliseTarget("/webhooks/..%2Flogin")).toBe("/webhooks/..%2Flogin");
    expect(normaliseTarget("/a%20b")).toBe("/a%20b");
    expect(normaliseTarget("/demo-swipes?tab=%2e%2e/x&utm=a//b")).toBe("/demo-swipes?tab=%2e%2e/x&utm=a//b");
  });
});
