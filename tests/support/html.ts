import { Window } from "happy-dom";

/**
 * Parses a page's HTML for assertions, with every script, style sheet and frame switched off:
 * the point is to look at what the server sent, never to run it.
 */
const window = new Window({
  settings: {
    disableJavaScriptEvaluation: true,
    disableJavaScriptFileLoading: true,
    disableCSSFileLoading: true,
    disableIframePageLoading: true,
  },
});

export function parseHtml(html: string) {
  return new window.DOMParser().parseFromString(html, "text/html");
}

/** Fetches a page with the given browser and parses it. */
export async function getPage(browser: { get: (path: string) => Promise<Response> }, path: string) {
  const response = await browser.get(path);
  return { response, document: parseHtml(await response.text()) };
}

type Queryable = { querySelector: (selector: string) => unknown };

/** The current value of a form field in a parsed page (an input's value, a textarea's text). */
export function valueOf(root: Queryable, selector: string): string | undefined {
  return (root.querySelector(selector) as { value?: string } | null)?.value;
}
