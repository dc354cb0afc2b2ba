import { afterEach, describe, expect, it } from "vitest";
import { createLogger, routeConsoleTo } from "../../../server/logger";
import { requestIdOf } from "../../../server/request-log";

const original = {
  log: console.log,
  info: console.info,
  warn: console.warn,
  error: console.error,
  debug: console.debug,
};
afterEach(() => Object.assign(console, original));

function capture(level = "info") {
  const lines: Array<Record<string, any>> = [];
  const logger = createLogger({
    level,
    pretty: false,
    destination: { write: (line: string) => void lines.push(JSON.parse(line)) },
  });
  return { logger, lines };
}

describe("logs", () => {
  it("turns console output into JSON records, keeping an error's stack", () => {
    const { logger, lines } = capture();
    routeConsoleTo(logger);
    console.log("[mail] sent %d messages", 3);
    console.error("[stripe] webhook failed:", new Error("boom"));
    expect(lines[0]).toMatchObject({ level: 30, msg: "[mail] sent 3 messages" });
    expect(lines[1]).toMatchObject({
      level: 50,
      msg: "[stripe] webhook failed:",
      err: { type: "Error", message: "boom" },
    });
    expect(lines[1]?.err.stack).toContain("logger.test.ts");
    expect(typeof lines[0]?.time).toBe("string");
  });

  it("honours the level and never prints cookies, authorization headers or passwords", () => {
    const { logger, lines } = capture("warn");
    logger.info("hidden");
    logger.warn({ cookie: "__session=abc", headers: { authorization: "Bearer t" }, password: "pw" }, "shown");
    expect(lines).toHaveLength(1);
    expect(JSON.stringify(lines[0])).not.toMatch(/abc|Bearer t|"pw"/);
  });

  it("keeps a proxy's request id when it looks like one, otherwise makes one", () => {
    expect(requestIdOf("fly-req-01HX:9f")).toBe("fly-req-01HX:9f");
    for (const bad of [undefined, "", "has spaces", "<script>", "x".repeat(129)]) {
      expect(requestIdOf(bad)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });
});
