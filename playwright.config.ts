import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

/**
 * End-to-end tests: Debian's Chromium (never a downloaded browser) drives the built server on
 * 127.0.0.1 with a fresh throwaway PostgreSQL cluster (tests/support/e2e-server.ts), which the
 * fixtures of tests/e2e/fixtures.ts write to as well; once with JavaScript and once without.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_BASE_URL = `http://127.0.0.1:${PORT}`;
export const E2E_ADMIN = { email: "admin@e2e.example", password: "e2e-admin-password" };
export const E2E_SESSION_SECRET = "e2e-session-secret-0123456789abcdefghij";
/** The chapter-file limit of the e2e server: small, so a file over it is quick to make (attachments.spec.ts). */
export const E2E_ATTACHMENT_MAX_BYTES = 1024 * 1024;
/** The fake Stripe (tests/support/fake-stripe.ts) that the app's SDK and the browser both reach. */
const STRIPE_PORT = Number(process.env.E2E_STRIPE_PORT ?? PORT + 2000);
/** The marketplace's IPN key and membership item on the e2e server (tests/e2e/business.spec.ts posts sales). */
export const E2E_WARRIORPLUS = { securityKey: "wp-e2e-key", membershipItem: "wso_e2e_front" };
export const E2E_STRIPE = {
  baseUrl: `http://127.0.0.1:${STRIPE_PORT}`,
  secretKey: "sk_test_e2e",
  price: "price_lifetime_e2e",
};

/** The SMTP sink (tests/support/smtp-sink-server.ts): the app's SMTP_URL, and an HTTP API to read what arrived. */
export const E2E_MAIL = {
  smtpUrl: `smtp://127.0.0.1:${PORT + 2001}`,
  apiUrl: `http://127.0.0.1:${PORT + 2002}`,
};

const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "app-e2e-"));
process.env.E2E_DATA_DIR = dataDir; // the config is evaluated again in workers: keep one folder

export default defineConfig({
  testDir: "tests/e2e",
  // Two spec files at a time (the js and no-js projects side by side, or two files of one), each
  // worker with its own Chromium, against the one server: every spec makes its own accounts,
  // courses and orders (unique names, fixtures.ts), so none reads what another is changing. A
  // spec's tests stay in order in one worker.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // A `.only` left in a spec would run one test and pass: refused, as a skipped test fails `npm test`.
  forbidOnly: true,
  reporter: [["list"]],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  outputDir: "test-results",
  use: {
    baseURL: E2E_BASE_URL,
    // A trace records every action's DOM and screenshots: a quarter of the suite's time, and CI
    // keeps no files. `E2E_TRACE=retain-on-failure npm run test:e2e` records them to debug a failure.
    trace: (process.env.E2E_TRACE as "retain-on-failure" | undefined) ?? "off",
    screenshot: "only-on-failure",
    launchOptions: {
      // Debian's headless shell (package chromium-headless-shell): the same Blink as
      // /usr/bin/chromium without the desktop browser around it, which is what Playwright runs
      // headless by default too. On two CPUs it runs the suite in half the time.
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    // Tests tagged @js-only check behaviour that needs JavaScript (a ticking countdown, an
    // animation); their no-JavaScript counterparts are separate tests, so they are left out here.
    { name: "no-js", use: { javaScriptEnabled: false }, grepInvert: /@js-only/ },
  ],
  webServer: [
    {
      command: "./node_modules/.bin/tsx tests/support/fake-stripe-server.ts",
      url: `${E2E_STRIPE.baseUrl}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "pipe",
      env: {
        FAKE_STRIPE_PORT: String(STRIPE_PORT),
        FAKE_STRIPE_SECRET_KEY: E2E_STRIPE.secretKey,
        FAKE_STRIPE_PRICE: E2E_STRIPE.price,
      },
    },
    {
      command: "./node_modules/.bin/tsx tests/support/smtp-sink-server.ts",
      url: `${E2E_MAIL.apiUrl}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "pipe",
      env: { SMTP_SINK_PORT: String(PORT + 2001), SMTP_SINK_API_PORT: String(PORT + 2002) },
    },
    {
      command: "./node_modules/.bin/tsx tests/support/e2e-server.ts",
      url: `${E2E_BASE_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: "pipe",
      // SIGTERM lets the wrapper stop the app and then its PostgreSQL cluster.
      gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
      env: {
        E2E_DATA_DIR: dataDir,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(PORT),
        PUBLIC_URL: E2E_BASE_URL,
        SESSION_SECRET: E2E_SESSION_SECRET,
        ENCRYPTION_KEY: "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0",
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        BCRYPT_COST: "4",
        RATE_LIMIT_DISABLED: "true",
        // Both settings above are refused in production unless this flag is set with HOST on loopback.
        ALLOW_INSECURE_TEST_SETTINGS: "true",
        // One JSON line per request would bury the test report; warnings and errors still show.
        LOG_LEVEL: "warn",
        STRIPE_SECRET_KEY: E2E_STRIPE.secretKey,
        STRIPE_API_BASE: E2E_STRIPE.baseUrl,
        STRIPE_PRICE_LIFETIME: E2E_STRIPE.price,
        STRIPE_WEBHOOK_SECRET: "whsec_e2e",
        SMTP_URL: E2E_MAIL.smtpUrl,
        WARRIORPLUS_SECURITY_KEY: E2E_WARRIORPLUS.securityKey,
        WARRIORPLUS_MEMBERSHIP_ITEMS: E2E_WARRIORPLUS.membershipItem,
        // A tracker origin the site e2e tests answer with page.route (no network leaves the machine).
        TRACKER_SCRIPT_URL: "https://tracker.e2e.example/track.js",
        ATTACHMENT_MAX_BYTES: String(E2E_ATTACHMENT_MAX_BYTES),
        // Announcements refuse to send without it (tests/e2e/list.spec.ts sends one).
        MAIL_POSTAL_ADDRESS: "AI Profit Labs E2E, 1 Test Street, Springfield",
      },
    },
  ],
});
