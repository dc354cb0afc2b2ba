import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_BRAND_NAME } from "~/platform/brand";
import { brandedTitle, brandFromMatches } from "~/platform/page-meta";

const rootMatch = (name: string) => ({ id: "root", data: { brand: { name, supportEmail: "help@site.test" } } });

describe("the brand in page titles", () => {
  it("comes from the root loader's data", () => {
    const matches = [rootMatch("Acme Academy"), { id: "routes/login", data: null }];
    expect(brandFromMatches(matches)).toBe("Acme Academy");
    expect(brandedTitle("Sign in", matches)).toEqual({ title: "Sign in | Acme Academy" });
  });

  it("falls back to the default brand when the root loader has no data (its error page)", () => {
    expect(brandFromMatches([{ id: "root", data: undefined }])).toBe(DEFAULT_BRAND_NAME);
    expect(brandedTitle("Sign in", [])).toEqual({ title: `Sign in | ${DEFAULT_BRAND_NAME}` });
  });
});

describe("every route's title", () => {
  const routesDir = path.resolve("app/routes");
  const routes = fs
    .readdirSync(routesDir, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => ({ name, source: fs.readFileSync(path.join(routesDir, name), "utf8") }));

  it("never names the brand itself: BRAND_NAME reaches every title through brandedTitle", () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.filter(({ source }) => source.includes(DEFAULT_BRAND_NAME)).map(({ name }) => name)).toEqual([]);
  });

  it("is never 'Page | Brand' put together by hand", () => {
    // A `title:` whose text has the ' | ' separator: a title built beside brandedTitle, not through it.
    const handBuilt = routes.filter(({ source }) => /\btitle:\s*[`"'][^`"'\n]*\s\|\s/.test(source));
    expect(handBuilt.map(({ name }) => name)).toEqual([]);
  });
});
