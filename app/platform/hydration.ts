/**
 * Pure-content pages (legal texts, thank-you pages) load no JavaScript at all: their route sets
 * `export const handle = NO_JAVASCRIPT`, and the root layout then leaves out React's scripts.
 * Every form they show (the cookie banner) is a plain HTML form that works as it is.
 */
export type HydrationHandle = { hydrate?: boolean };
export const NO_JAVASCRIPT: HydrationHandle = { hydrate: false };

/** Whether any matched route asked for a page without JavaScript. */
export function pageLoadsJavaScript(matches: ReadonlyArray<{ handle?: unknown }>): boolean {
  return !matches.some((match) => (match.handle as HydrationHandle | undefined)?.hydrate === false);
}
