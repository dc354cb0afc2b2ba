import fs from "node:fs";
import { describe, expect, it } from "vitest";

const manifest = JSON.parse(fs.readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

describe("package.json", () => {
  it("pins every dependency to one exact version: an install gets what was tested", () => {
    const ranges = Object.entries({ ...manifest.dependencies, ...manifest.devDependencies }).filter(
      ([, version]) => !/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version),
    );
    expect(ranges).toEqual([]);
  });
});
