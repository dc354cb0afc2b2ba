import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressSeen } from "../../support/address-seen";
import { startTestApp, type TestApp } from "../../support/test-app";

/** Issue 10 item 9: TRUST_PROXY=2 (two proxies in front) takes the 2nd X-Forwarded-For entry from the right. */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ TRUST_PROXY: "2" });
});
afterAll(async () => {
  await app?.close();
});

describe("TRUST_PROXY=<hops>", () => {
  it("takes the entry the outermost proxy wrote, not what the client prepended", async () => {
    expect(await addressSeen(app, { "X-Forwarded-For": "6.6.6.6, 203.0.113.60, 10.0.0.2" })).toBe("203.0.113.60");
  });
  it("ignores Fly-Client-IP", async () => {
    expect(await addressSeen(app, { "Fly-Client-IP": "6.6.6.6", "X-Forwarded-For": "203.0.113.61, 10.0.0.2" })).toBe(
      "203.0.113.61",
    );
  });
  it("uses the socket when the request did not pass through the proxies (too few entries)", async () => {
    expect(await addressSeen(app, { "X-Forwarded-For": "6.6.6.6" })).toBe("127.0.0.1");
  });
});
