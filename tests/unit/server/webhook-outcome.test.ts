import { describe, expect, it } from "vitest";
import { webhookOutcome } from "~/platform/webhook-response";

describe("webhookOutcome", () => {
  it.each([
    [{ status: 200, message: "ok" }, "applied"],
    [{ status: 200, message: "OK" }, "applied"],
    [{ status: 200, message: "duplicate ignored" }, "duplicate"],
    [{ status: 200, message: "Duplicate ignored" }, "duplicate"],
    [{ status: 400, message: "Invalid signature" }, "rejected"],
    [{ status: 401, message: "Invalid security key" }, "rejected"],
    [{ status: 500, message: "Processing failed" }, "failed"],
    [{ status: 503, message: "not configured" }, "failed"],
  ])("%o is %s", (reply, outcome) => {
    expect(webhookOutcome(reply)).toBe(outcome);
  });
});
