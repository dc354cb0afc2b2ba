import path from "node:path";
import { describe, expect, it } from "vitest";
import { fileUnder } from "../../../server/static-files";

describe("fileUnder: the file a request path names inside a folder", () => {
  const root = path.resolve("/srv/public/build");

  it("maps a path to the file below the folder", () => {
    expect(fileUnder(root, "/_shared/chunk-ABC.js")).toBe(path.join(root, "_shared/chunk-ABC.js"));
    expect(fileUnder(root, "/a%20b.css")).toBe(path.join(root, "a b.css"));
  });

  it("never leaves the folder, whatever the encoding or the number of dots", () => {
    for (const target of [
      "/../package.json",
      "/%2e%2e/package.json",
      "/..%2fpackage.json",
      "/%2e%2e%2f%2e%2e%2fetc/passwd",
      "/_shared/../../x",
      "/..\\..\\x",
    ]) {
      const file = fileUnder(root, target);
      expect(file === null || file.startsWith(root + path.sep), target).toBe(true);
    }
    // Dots are resolved against the folder's own top, so they can only name a file inside it.
    expect(fileUnder(root, "/../package.json")).toBe(path.join(root, "package.json"));
    expect(fileUnder(root, "/%2e%2e/%2e%2e/package.json")).toBe(path.join(root, "package.json"));
  });

  it("refuses the folder itself, NUL bytes and broken escapes", () => {
    expect(fileUnder(root, "/")).toBeNull();
    expect(fileUnder(root, "")).toBeNull();
    expect(fileUnder(root, "/a%00.js")).toBeNull();
    expect(fileUnder(root, "/%E0%A4%A.js")).toBeNull();
  });
});
