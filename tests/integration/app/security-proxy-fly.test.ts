import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressSeen } from "../../support/address-seen";
import { startTestApp, type TestApp } from "../../support/test-app";

/** Issue 10 item 9: TRUST_PROXY=fly believes Fly.io's Fly-Client-IP and nothing a client writes. */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ TRUST_PROXY: "fly" });
});
afterAll(async () => {
  await app?.close();
});

describe("TRUST_PROXY=fly", () => {
  it("takes the client address from Fly-Client-IP", async () => {
    expect(await addressSeen(app, { "Fly-Client-IP": "203.0.113.50", "X-Forwarded-For": "198.51.100.1" })).toBe(
      "203.0.113.50",
    );
  });
  it("ignores X-Forwarded-For, which any client can write, and falls back to the socket", async () => {
    expect(await addressSeen(app, { "X-Forwarded-For": "198.51.100.1" })).toBe("127.0.0.1");
  });
});
