import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  JAVASCRIPT_BUDGETS,
  PAGES_WITHOUT_JAVASCRIPT,
  javaScriptWeight,
  scriptUrls,
} from "../../../scripts/bench/page-weight";
import { startTestApp, type TestApp } from "../../support/test-app";

/**
 * Issue 12's size budgets (bytes, not timings): what `npm run bench` reports as the JavaScript a
 * page loads, measured on the built app the same way (scripts/bench/page-weight.ts).
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

describe("JavaScript each page loads", () => {
  it.each(PAGES_WITHOUT_JAVASCRIPT)("%s loads none: no script, no module preload", async (path) => {
    const response = await fetch(app.baseUrl + path);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(scriptUrls(html)).toEqual([]);
    expect(html).not.toMatch(/<script\b/);
  });

  it.each(Object.entries(JAVASCRIPT_BUDGETS))("%s stays within %d gzip bytes", async (path, budget) => {
    const weight = await javaScriptWeight(app.baseUrl, path);
    // Each of these pages has JavaScript to run (`/` its build demo): a page that lost its scripts
    // would pass the budget for nothing.
    expect(weight.files).toBeGreaterThan(0);
    expect(weight.gzipBytes).toBeLessThanOrEqual(budget);
  });
});
