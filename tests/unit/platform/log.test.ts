import { describe, expect, it, vi } from "vitest";
import { createLogger, hashForLog, installLogger, log, runAsJob, runInRequest } from "~/platform/log.server";
import { requestIdOf } from "../../../server/request-log";

function capture(level = "debug") {
  const lines: Array<Record<string, any>> = [];
  const logger = createLogger({
    level,
    pretty: false,
    destination: { write: (line: string) => void lines.push(JSON.parse(line)) },
  });
  return { logger, lines };
}

describe("the logger", () => {
  it("writes one JSON object per line, fields beside the message, an error whole with its stack", () => {
    const { logger, lines } = capture();
    installLogger(logger);
    log.info({ mailId: "m-1" }, "mail sent");
    log.error({ err: new Error("boom") }, "Stripe webhook failed");
    expect(lines[0]).toMatchObject({ level: 30, mailId: "m-1", msg: "mail sent" });
    expect(lines[1]).toMatchObject({
      level: 50,
      msg: "Stripe webhook failed",
      err: { type: "Error", message: "boom" },
    });
    expect(lines[1]!.err.stack).toContain("log.test.ts");
    expect(typeof lines[0]!.time).toBe("string");
  });

  it("honours the level and never prints cookies, authorization headers, passwords, tokens or addresses", () => {
    const { logger, lines } = capture("warn");
    logger.info("hidden");
    logger.warn(
      {
        cookie: "__session=abc",
        headers: { authorization: "Bearer t" },
        password: "pw",
        token: "tok-123",
        user: { email: "someone@example.com" },
      },
      "shown",
    );
    expect(lines).toHaveLength(1);
    expect(JSON.stringify(lines[0])).not.toMatch(/abc|Bearer t|"pw"|tok-123|someone@example\.com/);
  });

  it("writes what a request logs through its child, across awaits; a job it starts logs as the job", async () => {
    const { logger, lines } = capture();
    installLogger(logger);
    await runInRequest({ reqId: "req-1", method: "POST", path: "/webhooks/warriorplus" }, async () => {
      log.info({ saleId: "s-1" }, "WarriorPlus IPN applied");
      await new Promise((resolve) => setImmediate(resolve));
      log.warn("after an await");
      await runAsJob("mail", async () => log.info("mail sent"));
    });
    log.info("outside any request");

    const request = { reqId: "req-1", method: "POST", path: "/webhooks/warriorplus" };
    expect(lines[0]).toMatchObject({ ...request, saleId: "s-1", msg: "WarriorPlus IPN applied" });
    expect(lines[1]).toMatchObject({ ...request, msg: "after an await" });
    expect(lines[2]).toMatchObject({ job: "mail", msg: "mail sent" });
    expect(lines[2]).not.toHaveProperty("reqId");
    expect(lines[3]).not.toHaveProperty("reqId");
    expect(lines[3]).not.toHaveProperty("job");
  });

  it("is one logger for every copy of the module (the server's bundle and the app's each hold one)", async () => {
    const { logger, lines } = capture();
    installLogger(logger);
    vi.resetModules();
    const copy = await import("~/platform/log.server");
    expect(copy.log).not.toBe(log);
    await runInRequest({ reqId: "req-2", method: "GET", path: "/" }, async () => copy.log.info("from the other copy"));
    expect(lines).toEqual([expect.objectContaining({ reqId: "req-2", msg: "from the other copy" })]);
  });

  it("hashes an address to a short value that follows one recipient and reads back nothing", () => {
    const hash = hashForLog("Someone@Example.com");
    expect(hash).toMatch(/^[\w-]{16}$/);
    expect(hashForLog(" someone@example.com ")).toBe(hash);
    expect(hashForLog("someone-else@example.com")).not.toBe(hash);
    expect(hash.toLowerCase()).not.toContain("someone");
  });

  it("keeps a proxy's request id when it looks like one, otherwise makes one", () => {
    expect(requestIdOf("fly-req-01HX:9f")).toBe("fly-req-01HX:9f");
    for (const bad of [undefined, "", "has spaces", "<script>", "x".repeat(129)]) {
      expect(requestIdOf(bad)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });
});
