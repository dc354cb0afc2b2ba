import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, PASSWORD, signIn } from "../../support/fixtures";
import { Browser } from "../../support/http";
import { startTestApp, type TestApp } from "../../support/test-app";

/**
 * Issue 10 item 1: every redirect parameter yields a same-site path or the default, judged on
 * the normalised path, and the value checked is the value sent. Each payload below is tried on
 * every place that turns input into a Location: the signed-in /login loader, the /login and
 * /signup actions, and the consent form's returnTo.
 */
const HOSTILE = [
  "//evil.example",
  "///evil.example",
  "/.//evil.example",
  "/..//evil.example",
  "/%2e//evil.example",
  "/%2E%2E//evil.example",
  "/%2e%2e/%2e%2e//evil.example",
  "/a/../..//evil.example",
  "/x/..%2F..%2F%2Fevil.example",
  "/%2F%2Fevil.example",
  "/%2f/evil.example",
  "%2F%2Fevil.example",
  "/%5Cevil.example",
  "/%5C%5Cevil.example",
  "/\\evil.example",
  "/\\/evil.example",
  "\\\\evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "\t//evil.example",
  " //evil.example",
  "/\u0000//evil.example",
  "/%09/evil.example",
  "/%0a/evil.example",
  "/%00//evil.example",
  "https://evil.example",
  "HTTPS://evil.example",
  "http:evil.example",
  "http:/evil.example",
  "https:\\\\evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "//user:pass@evil.example",
  "//evil.example@same.site",
  "evil.example",
  "/%E0%A4%A", // malformed escape
];

const KEPT: Array<[string, string]> = [
  ["/bonuses", "/bonuses"],
  ["/course/abc?chapter=2", "/course/abc?chapter=2"],
  ["/a/../bonuses", "/bonuses"],
  ["/%2e%2e/bonuses", "/bonuses"],
  ["/upgrades#faq", "/upgrades#faq"],
];

/** What a browser does with a Location: it must stay on this site, as a plain path. */
function expectSameSitePath(location: string | null) {
  expect(location).not.toBeNull();
  expect(location).toMatch(/^\/(?![/\\])/);
  // eslint-disable-next-line no-control-regex -- control characters are what must not appear
  expect(location).not.toMatch(/[\\\u0000-\u001f\u007f]/);
  expect(new URL(location!, "https://site.example").origin).toBe("https://site.example");
}

let app: TestApp;
let member: { email: string };
let memberBrowser: Browser;
beforeAll(async () => {
  app = await startTestApp();
  member = await createUser(app.db, { paid: "stripe-order" });
  memberBrowser = await signIn(app.baseUrl, member.email);
});
afterAll(async () => {
  await app?.close();
});

describe("redirect parameters", () => {
  it("has a table of at least 30 hostile payloads", () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(30);
  });

  it.each(HOSTILE)("a signed-in /login?redirect=%j goes to the default", async (payload) => {
    const response = await memberBrowser.get(`/login?${new URLSearchParams({ redirect: payload })}`);
    expect(response.status).toBe(302);
    expectSameSitePath(response.headers.get("Location"));
    expect(response.headers.get("Location")).toBe("/dashboard");
  });

  it.each(HOSTILE)("signing in with redirect=%j goes to the default", async (payload) => {
    const response = await new Browser(app.baseUrl).post("/login", {
      email: member.email,
      password: PASSWORD,
      redirect: payload,
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/dashboard");
  });

  it.each(HOSTILE)("the consent form's returnTo=%j goes home", async (payload) => {
    const response = await new Browser(app.baseUrl).post("/consent", { choice: "essential", returnTo: payload });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/");
  });

  it.each(HOSTILE.slice(0, 12))("signing up with redirect=%j goes to the plan page", async (payload) => {
    const email = `redirect-${Math.random().toString(36).slice(2)}@test.example`;
    const response = await new Browser(app.baseUrl).post("/signup", {
      name: "Red Irect",
      email,
      password: PASSWORD,
      redirect: payload,
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/payment-options");
  });

  it.each(KEPT)("keeps the same-site path %j as %j, exactly as checked", async (payload, expected) => {
    const response = await memberBrowser.get(`/login?${new URLSearchParams({ redirect: payload })}`);
    expect(response.headers.get("Location")).toBe(expected);
  });
});
