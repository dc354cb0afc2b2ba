import { describe, expect, it } from "vitest";
import { LOCKED_TOOLS, lockedHref, lockedNotice, lockedToolKey } from "~/features/catalogue/locked-tools";

describe("locked member links", () => {
  it("knows the member tools by their path, and nothing else", () => {
    expect(lockedToolKey("/app-builder")).toBe("app-builder");
    expect(lockedToolKey("/dashboard")).toBe("dashboard");
    expect(lockedToolKey("/upgrades")).toBeNull();
    expect(lockedToolKey("/admin")).toBeNull();
  });

  it("leads to the plan page, which names the tool", () => {
    expect(lockedHref("app-idea-generator")).toBe("/payment-options?locked=app-idea-generator");
    expect(lockedNotice("app-idea-generator")).toMatch(
      /^You tried to open the SaaS Idea Generator\. It is part of lifetime access/,
    );
    for (const key of Object.keys(LOCKED_TOOLS)) expect(lockedNotice(key)).toContain("lifetime access");
  });

  it("shows nothing for a missing or unknown key, never the raw parameter", () => {
    expect(lockedNotice(null)).toBeNull();
    expect(lockedNotice("<script>")).toBeNull();
    expect(lockedNotice("constructor")).toBeNull();
    expect(lockedNotice("__proto__")).toBeNull();
  });
});
