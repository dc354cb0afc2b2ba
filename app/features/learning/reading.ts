/**
 * How a sanitised chapter is prepared for reading (issue 30), pure so it can be tested alone. The
 * input is always the sanitiser's output (app/features/learning/html-sanitizer.server.ts): its tags are written
 * the one way sanitize-html writes them, and text never holds a raw `<`, so the patterns below
 * only ever meet markup.
 */

/** Words a minute for instructional text: slower than the 238 of light reading, as a lesson is studied. */
export const WORDS_PER_MINUTE = 200;
/** An image or a figure is looked at, not read: it counts for this many seconds. */
const SECONDS_PER_IMAGE = 10;

const ENTITY = /&(?:[a-z]+|#\d+|#x[0-9a-f]+);/gi;

/** The text of the HTML, tags and entities taken out. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(ENTITY, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Minutes to read a chapter, at least 1: the words, plus a moment per image. */
export function readingMinutes(html: string): number {
  const text = plainText(html);
  const words = text === "" ? 0 : text.split(" ").length;
  const images = (html.match(/<img\b/g) ?? []).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE + (images * SECONDS_PER_IMAGE) / 60));
}

/** "4 min read". */
export function readingTimeLabel(minutes: number): string {
  return `${minutes} min read`;
}

const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, " ").trim();

/**
 * Authors often open a chapter with its own title as a heading; under the chapter title the page
 * already shows, that reads as the same heading twice. A first heading whose text is the chapter's
 * title is dropped (any other first heading is the lesson's own and stays).
 */
export function withoutRepeatedTitle(html: string, title: string): string {
  const first = /^\s*<(h[1-3])>([\s\S]*?)<\/\1>/.exec(html);
  if (!first || normalise(plainText(first[2] ?? "")) !== normalise(title)) return html;
  return html.slice(first[0].length).trimStart();
}

/**
 * Images load lazily and decode off the main thread, except the first, which may well be above the
 * fold. Added after sanitising: `loading` and `decoding` are ours, never taken from the author.
 */
export function lazyImages(html: string): string {
  let seen = 0;
  return html.replace(/<img /g, () =>
    seen++ === 0 ? '<img decoding="async" ' : '<img loading="lazy" decoding="async" ',
  );
}

/** The chapter as the reader shows it, and its reading time. */
export function prepareChapter(html: string, title: string): { html: string; minutes: number } {
  const body = withoutRepeatedTitle(html, title);
  return { html: lazyImages(body), minutes: readingMinutes(body) };
}
