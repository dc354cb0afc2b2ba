// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { escapeHtml } from "~/platform/escape-html";

describe("escapeHtml", () => {
  const hostile = `"><script>alert('x')</script><a title='y' href="z">Tom & Jerry &amp; co</a>`;

  it("text placed between tags or in an attribute of either quote reads back as the same text, with no element made", () => {
    const html = escapeHtml(hostile);
    const page = new DOMParser().parseFromString(
      `<p id="a" title="${html}" data-single='${html}'>${html}</p>`,
      "text/html",
    );
    const p = page.getElementById("a")!;
    expect(p.textContent).toBe(hostile);
    expect(p.getAttribute("title")).toBe(hostile);
    expect(p.getAttribute("data-single")).toBe(hostile);
    expect(p.children).toHaveLength(0);
  });

  it("is valid XML too (the sitemap)", () => {
    const xml = new DOMParser().parseFromString(
      `<loc>${escapeHtml("https://a.example/x?a=1&b='2'")}</loc>`,
      "text/xml",
    );
    expect(xml.documentElement.textContent).toBe("https://a.example/x?a=1&b='2'");
  });
});
