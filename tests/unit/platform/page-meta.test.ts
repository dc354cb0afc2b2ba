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
