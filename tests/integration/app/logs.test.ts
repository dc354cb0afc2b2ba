import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from "vitest";
import { uniqueEmail } from "../../support/fixtures";
import type { LogLine } from "../../support/log-lines";
import { MARKETPLACE_WEBHOOK, marketplaceSale } from "../../support/marketplace-sale";
import { SmtpSink } from "../../support/smtp-sink";
import { startTestApp, type TestApp } from "../../support/test-app";

/**
 * Issue 39 item 3 (docs/decisions/059): the log as it leaves the process. The app's logger writes
 * to process.stdout here (its pino destination, as in production), and the test reads what
 * reaches it. One marketplace sale logs from its request and sends a mail from the sender's job.
 */
const SECURITY_KEY = "wp-security-key-for-log-tests";
const ITEM = "wso_front";
const REQUEST_ID = "log-test-ipn-0001";

let smtp: SmtpSink;
let app: TestApp;
/** What was written to stdout, chunk by chunk: kept here instead of filling the test's output. */
let stdout: MockInstance<typeof process.stdout.write>;
let stderr: MockInstance<typeof process.stderr.write>;
const consoleSpies = (["log", "info", "warn", "error", "debug", "trace"] as const).map((method) =>
  vi.spyOn(console, method),
);

const written = () => stdout.mock.calls.map((call) => String(call[0]));
const lines = (): LogLine[] => written().map((chunk) => JSON.parse(chunk) as LogLine);

let buyer: string;
let mailId: string;

beforeAll(async () => {
  stdout = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  smtp = await SmtpSink.start();
  app = await startTestApp(
    {
      LOG_LEVEL: "info",
      SMTP_URL: smtp.url,
      MAIL_FROM: "AI Profit Labs <hello@test.example>",
      WARRIORPLUS_SECURITY_KEY: SECURITY_KEY,
      WARRIORPLUS_MEMBERSHIP_ITEMS: ITEM,
    },
    { logTo: process.stdout },
  );
  // From here on: only what the sale below causes.
  stdout.mockClear();
  stderr = vi.spyOn(process.stderr, "write");
  for (const spy of consoleSpies) spy.mockClear();

  buyer = uniqueEmail("log-buyer");
  const sale = await fetch(`${app.baseUrl}${MARKETPLACE_WEBHOOK}`, {
    method: "POST",
    headers: { "X-Request-Id": REQUEST_ID },
    body: new URLSearchParams(marketplaceSale({ securityKey: SECURITY_KEY, item: ITEM, email: buyer })),
  });
  expect(sale.status).toBe(200);
  await smtp.waitFor(buyer, 15_000);
  const row = await vi.waitFor(
    async () => {
      const outbox = await app.db
        .selectFrom("email_outbox")
        .selectAll()
        .where("to_address", "=", buyer)
        .executeTakeFirstOrThrow();
      expect(outbox.sent_at, "the login details marked sent").toBeInstanceOf(Date);
      return outbox;
    },
    { timeout: 15_000 },
  );
  mailId = row.id;
  // The sender logs once the row is marked sent; the request's own line once its answer is out.
  await vi.waitFor(
    () => {
      const logged = lines();
      expect(
        logged.some((line) => line.mailId === mailId),
        "the mail's line",
      ).toBe(true);
      expect(
        logged.some((line) => line.msg === "request"),
        "the request's line",
      ).toBe(true);
    },
    { timeout: 15_000 },
  );
});
afterAll(async () => {
  stdout?.mockRestore();
  stderr?.mockRestore();
  for (const spy of consoleSpies) spy.mockRestore();
  await app?.close();
  await smtp?.close();
});

describe("the log", () => {
  it("carries the request's id, method and path on every line the request logs", () => {
    const request = { reqId: REQUEST_ID, method: "POST", path: "/webhooks/warriorplus" };
    const own = lines().filter((line) => !("job" in line));
    expect(own.map((line) => line.msg)).toEqual(["WarriorPlus IPN applied", "request"]);
    for (const line of own) expect(line).toMatchObject(request);
  });

  it("names a mail by its id and its recipient by a hash, never the address, and as the sender's job", async () => {
    // This start's instance of the module, which read this app's SESSION_SECRET.
    const { hashForLog } = await import("~/platform/log.server");
    const sent = lines().find((line) => line.mailId === mailId);
    expect(sent).toMatchObject({ job: "mail", msg: "mail sent", to_hash: hashForLog(buyer) });
    // Kicked by the request's commit, sent by the sender: the request's id stays with the request.
    expect(sent).not.toHaveProperty("reqId");
    expect(written().join("")).not.toContain(buyer);
  });

  it("holds nothing but JSON lines from the logger: nothing reaches the console or stderr", () => {
    for (const chunk of written()) expect(chunk).toMatch(/^\{"level":\d+,"time":"[^"]+".*\}\n$/);
    for (const spy of consoleSpies) expect(spy).not.toHaveBeenCalled();
    expect(stderr).not.toHaveBeenCalled();
  });
});
