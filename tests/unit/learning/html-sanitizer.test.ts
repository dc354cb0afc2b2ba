import { describe, expect, it } from "vitest";
import { isBlankHtml, sanitizeChapterHtml } from "~/features/learning/html-sanitizer.server";
import { FORBIDDEN_IN_OUTPUT, XSS_CORPUS } from "../../support/xss-corpus";

describe("sanitizeChapterHtml keeps what the editor makes", () => {
  it.each([
    "<h1>One</h1><h2>Two</h2><h3>Three</h3>",
    "<p>Plain <strong>bold</strong> <em>italic</em> <u>underline</u> <s>struck</s></p>",
    "<ol><li>first</li><li>second</li></ol><ul><li>dot</li></ul>",
    "<p>line<br />break</p>",
    '<p><a href="mailto:help@example.com">mail</a> <a href="tel:+15550100">call</a> <a href="/app-builder">inside</a></p>',
    '<p><img src="https://example.com/a.png" alt="diagram" /></p>',
    // Issue 30: code and prompt blocks, quotes, and images with a caption.
    "<pre>npm run build\nnpm start</pre>",
    "<p>Run <code>npm test</code></p><pre><code>const a = 1 &lt; 2;</code></pre>",
    "<blockquote>A prompt is a spec.</blockquote>",
    '<figure><img src="/course/c/images/i" alt="The editor" width="800" height="450" /><figcaption>The editor</figcaption></figure>',
  ])("%s", (html) => {
    expect(sanitizeChapterHtml(html)).toBe(html);
  });

  it("opens external links in a new tab without an opener", () => {
    expect(sanitizeChapterHtml('<a href="https://example.com/x">x</a>')).toBe(
      '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeChapterHtml('<a href="/dashboard" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="/dashboard">x</a>',
    );
  });

  it("keeps addresses without a scheme only as paths on this site", () => {
    expect(
      sanitizeChapterHtml('<p><a href="#step-2">jump</a><a href="page">bare</a><a href="/\\evil.example">x</a></p>'),
    ).toBe('<p><a href="#step-2">jump</a><a>bare</a><a>x</a></p>');
    expect(sanitizeChapterHtml('<p><img src="/logo.png"><img src="x" onerror="alert(1)"></p>')).toBe(
      '<p><img src="/logo.png" /></p>',
    );
  });

  it("refuses data: images, raster ones too (issue 30: an image is an upload, not page weight)", () => {
    const png =
      "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
    expect(sanitizeChapterHtml(`<p>a<img src="${png}" alt="x">b</p>`)).toBe("<p>ab</p>");
    expect(sanitizeChapterHtml(`<p>a<img src=" ${png.toUpperCase()}">b</p>`)).toBe("<p>ab</p>");
    expect(sanitizeChapterHtml('<p>a<img src="data:text/html,hi">b</p>')).toBe("<p>ab</p>");
  });

  it("grows by the new elements only, without their attributes", () => {
    expect(
      sanitizeChapterHtml(
        '<pre class="x" data-language="js" onclick="alert(1)">a</pre><blockquote cite="https://e.example" style="x">q</blockquote>' +
          '<figure onmouseover="alert(1)"><figcaption id="f">c</figcaption></figure><code title="t">c</code>',
      ),
    ).toBe("<pre>a</pre><blockquote>q</blockquote><figure><figcaption>c</figcaption></figure><code>c</code>");
    expect(sanitizeChapterHtml("<pre><script>alert(1)</script>x</pre>")).toBe("<pre>x</pre>");
    expect(sanitizeChapterHtml("<figure><svg onload=alert(1)></svg><details open>x</details></figure>")).toBe(
      "<figure>x</figure>",
    );
  });

  it("turns every YouTube and Vimeo frame into the standard 560x315 embed", () => {
    for (const src of [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://youtu.be/dQw4w9WgXcQ",
      "https://www.youtube.com/embed/dQw4w9WgXcQ?showinfo=0&autoplay=1",
    ]) {
      const out = sanitizeChapterHtml(
        `<iframe src="${src}" width="100" height="50" style="x" onload="alert(1)"></iframe>`,
      );
      expect(out).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
      expect(out).toContain('width="560"');
      expect(out).toContain('height="315"');
      expect(out).not.toMatch(/onload|style|autoplay/);
    }
    expect(sanitizeChapterHtml('<iframe class="ql-video" src="https://vimeo.com/76979871"></iframe>')).toContain(
      'src="https://player.vimeo.com/video/76979871"',
    );
  });

  it("drops frames from anywhere else, with their address", () => {
    expect(sanitizeChapterHtml('<p>before</p><iframe src="https://example.com/page"></iframe><p>after</p>')).toBe(
      "<p>before</p><p>after</p>",
    );
  });

  it("is idempotent", () => {
    const inputs = [
      ...XSS_CORPUS,
      '<iframe src="https://youtu.be/dQw4w9WgXcQ"></iframe><a href="https://x.example">x</a>',
    ];
    for (const html of inputs) {
      const once = sanitizeChapterHtml(html);
      expect(sanitizeChapterHtml(once), html).toBe(once);
    }
  });
});

describe("sanitizeChapterHtml makes hostile HTML inert", () => {
  it.each(XSS_CORPUS)("%s", (html) => {
    const out = sanitizeChapterHtml(html);
    for (const marker of FORBIDDEN_IN_OUTPUT) expect(out, `${marker} in ${out}`).not.toMatch(marker);
  });

  it("keeps the harmless text around removed markup", () => {
    expect(sanitizeChapterHtml('<p onclick="alert(1)">click</p>')).toBe("<p>click</p>");
    expect(sanitizeChapterHtml('<a href="javascript:alert(1)">js link</a>')).toBe("<a>js link</a>");
    expect(sanitizeChapterHtml("<style>body{display:none}</style><p>styled</p>")).toBe("<p>styled</p>");
    expect(sanitizeChapterHtml('<p class="evil-class" id="x" data-x="1">kept text</p>')).toBe("<p>kept text</p>");
  });

  it("closes malformed nesting", () => {
    const out = sanitizeChapterHtml("<div><p>unclosed <b>bold <i>both</p></b> tail</div>");
    expect(out).toBe("<p>unclosed <b>bold <i>both</i></b></p> tail");
  });
});

describe("isBlankHtml", () => {
  it("treats empty editor output as blank", () => {
    for (const html of ["", "<p><br></p>", "<p></p>", "<p>&nbsp;</p>", "  <h1> </h1> "])
      expect(isBlankHtml(html), html).toBe(true);
  });
  it("treats text, images and videos as content", () => {
    for (const html of [
      "<p>x</p>",
      '<img src="https://e.example/a.png">',
      '<iframe src="https://player.vimeo.com/video/1"></iframe>',
    ])
      expect(isBlankHtml(html), html).toBe(false);
    expect(sanitizeChapterHtml("<p><br></p>")).toBe("");
  });
});
