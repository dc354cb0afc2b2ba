import { describe, expect, it } from "vitest";
import { robotsTxt, SITEMAP_PATHS, sitemapXml } from "~/features/site/search-engines";

describe("robots.txt and sitemap.xml", () => {
  it("robots.txt points at the sitemap and keeps crawlers out of private areas", () => {
    const text = robotsTxt("https://site.example");
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toContain("Sitemap: https://site.example/sitemap.xml");
    expect(text).toMatch(/^Disallow: \/dashboard$/m);
    expect(text).toMatch(/^Disallow: \/admin$/m);
    expect(text).not.toMatch(/^Disallow: \/$/m);
  });

  it("the sitemap lists every public page with an absolute, escaped URL", () => {
    const xml = sitemapXml("https://site.example");
    for (const path of SITEMAP_PATHS) expect(xml).toContain(`<loc>https://site.example${path}</loc>`);
    expect(xml).not.toContain("/dashboard");
    expect(sitemapXml("https://a.example", ["/x?a=1&b=2"])).toContain("<loc>https://a.example/x?a=1&amp;b=2</loc>");
  });
});
