import { describe, expect, it } from "vitest";
import { sanitizeChapterHtml } from "~/features/learning/html-sanitizer.server";
import {
  lazyImages,
  prepareChapter,
  readingMinutes,
  readingTimeLabel,
  withoutRepeatedTitle,
  WORDS_PER_MINUTE,
} from "~/features/learning/reading";

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");

describe("the reading time", () => {
  it(`counts words at ${WORDS_PER_MINUTE} a minute, at least 1 minute, and a moment per image`, () => {
    expect(readingMinutes("")).toBe(1);
    expect(readingMinutes(`<p>${words(WORDS_PER_MINUTE / 4)}</p>`)).toBe(1);
    // The heading's word counts too: with it, exactly ten minutes' words.
    expect(readingMinutes(`<h2>Intro</h2><p>${words(10 * WORDS_PER_MINUTE - 1)}</p>`)).toBe(10);
    expect(readingMinutes(`<p>${words(5 * WORDS_PER_MINUTE)}</p>${'<img src="/a.png" />'.repeat(12)}`)).toBe(7);
    // Markup and entities are not words.
    expect(readingMinutes(`<p>${"<b>&amp;</b> ".repeat(500)}</p>`)).toBe(1);
    expect(readingTimeLabel(4)).toBe("4 min read");
  });
});

describe("no doubled heading", () => {
  it("drops a first heading that repeats the chapter title, and nothing else", () => {
    expect(withoutRepeatedTitle("<h1>Getting  Started</h1><p>x</p>", "Getting started")).toBe("<p>x</p>");
    expect(withoutRepeatedTitle("<h2><strong>Getting started</strong></h2><p>x</p>", "Getting started")).toBe(
      "<p>x</p>",
    );
    expect(withoutRepeatedTitle("<h2>Why it matters</h2><p>x</p>", "Getting started")).toBe(
      "<h2>Why it matters</h2><p>x</p>",
    );
    expect(withoutRepeatedTitle("<p>x</p><h2>Getting started</h2>", "Getting started")).toBe(
      "<p>x</p><h2>Getting started</h2>",
    );
  });
});

describe("images", () => {
  it("load lazily below the first, which may be above the fold", () => {
    const html = sanitizeChapterHtml('<p><img src="/a.png" alt="a"></p><p>x &lt;img y</p><img src="/b.png" alt="b">');
    expect(lazyImages(html)).toBe(
      '<p><img decoding="async" src="/a.png" alt="a" /></p><p>x &lt;img y</p><img loading="lazy" decoding="async" src="/b.png" alt="b" />',
    );
  });

  it("are prepared after sanitising, the title dropped before counting", () => {
    const prepared = prepareChapter(sanitizeChapterHtml(`<h1>Title</h1><p>${words(400)}</p>`), "Title");
    expect(prepared.minutes).toBe(2);
    expect(prepared.html.startsWith("<p>")).toBe(true);
  });
});
