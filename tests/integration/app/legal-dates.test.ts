import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetServerClock, setServerClock } from "../../support/clock";
import { Browser } from "../../support/http";
import { parseHtml } from "../../support/html";
import { startTestApp, type TestApp } from "../../support/test-app";

/**
 * Issue 40: a legal page's "Last updated" follows the last change of what it prints: its wording
 * (a date in the code) or a setting it prints (the privacy policy prints the retention periods
 * and both print the brand). A start that prints another text records itself as the change; a
 * restart with the same text changes nothing.
 */
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({});
});
afterAll(async () => {
  resetServerClock();
  await app?.close();
});

async function lastUpdated(path: string) {
  const response = await new Browser(app.baseUrl).get(path);
  expect(response.status, path).toBe(200);
  const text = parseHtml(await response.text()).body.textContent!;
  return /Last updated: ([A-Z][a-z]+ \d{1,2}, \d{4})/.exec(text)?.[1];
}

describe("the legal pages' 'Last updated'", () => {
  // Three restarts: a few seconds each on a loaded machine.
  it(
    "is the wording's date until a setting the page prints changes, then that start's day",
    { timeout: 120_000 },
    async () => {
      expect(await lastUpdated("/privacy-policy")).toBe("May 21, 2025");
      expect(await lastUpdated("/terms-of-service")).toBe("May 21, 2025");

      // A retention period the privacy policy prints changes at a restart: only that page moves.
      setServerClock("2026-11-20T10:00:00Z");
      await app.restart({ RETENTION_EMAIL_BODY_DAYS: "45" });
      expect(await lastUpdated("/privacy-policy")).toBe("November 20, 2026");
      expect(await lastUpdated("/terms-of-service")).toBe("May 21, 2025");

      // The same settings again: the date stays.
      setServerClock("2026-11-25T10:00:00Z");
      await app.restart({});
      expect(await lastUpdated("/privacy-policy")).toBe("November 20, 2026");

      // The brand both print: both move.
      await app.restart({ BRAND_NAME: "Renamed Labs" });
      expect(await lastUpdated("/privacy-policy")).toBe("November 25, 2026");
      expect(await lastUpdated("/terms-of-service")).toBe("November 25, 2026");
    },
  );
});
