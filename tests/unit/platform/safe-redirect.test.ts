import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/platform/safe-redirect";

describe("safeRedirect", () => {
  it.each(["/dashboard", "/course/abc?chapter=2", "/a#b", "/"])("keeps the same-site path %s", (path) => {
    expect(safeRedirect(path)).toBe(path);
  });

  it.each([
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "https://evil.example",
    "http:/evil.example",
    "javascript:alert(1)",
    "data:text/html,hi",
    "evil.example",
    " /dashboard",
    "/\tdashboard",
    "/\n/evil.example",
    "",
  ])("refuses %j", (target) => {
    expect(safeRedirect(target, "/fallback")).toBe("/fallback");
  });

  it("refuses non-strings and absurd lengths", () => {
    expect(safeRedirect(undefined)).toBe("/");
    expect(safeRedirect(null, "/x")).toBe("/x");
    expect(safeRedirect(["/a"], "/x")).toBe("/x");
    expect(safeRedirect(`/${"a".repeat(3000)}`, "/x")).toBe("/x");
  });

  it("normalises dot segments without leaving the site", () => {
    expect(safeRedirect("/a/../b")).toBe("/b");
    expect(safeRedirect("/../../etc")).toBe("/etc");
  });
});

describe("safeRedirect judges the normalised path and returns exactly that", () => {
  it.each([
    "/.//evil.example",
    "/..//evil.example",
    "/%2e//evil.example",
    "/%2F%2Fevil.example",
    "/%5Cevil.example",
    "/x/..%2F..%2F%2Fevil.example",
  ])("refuses %j, which normalises or decodes to another host", (target) => {
    expect(safeRedirect(target, "/fallback")).toBe("/fallback");
  });

  it.each(["/a/./b?x=1#y", "/%2e%2e/bonuses", "/course/a%20b"])(
    "is stable: its output is its own output (%j)",
    (target) => {
      const once = safeRedirect(target, "/fallback");
      expect(safeRedirect(once, "/other")).toBe(once);
    },
  );
});
