/**
 * What a test needs to be there before it reads on: a row, a match, a mail. Each fails the test
 * with what was missing, where a bare `!` would fail later with "cannot read properties of
 * undefined" (or pass on by with `undefined`).
 */

/** `value`, which must not be undefined or null; `what` names it in the failure. */
export function present<T>(value: T | null | undefined, what = "value"): T {
  if (value === undefined || value === null) throw new Error(`expected ${what}, found ${value}`);
  return value;
}

/** The first of `items`, which must not be empty. */
export function first<T>(items: readonly T[], what = "item"): T {
  return present(items[0], `a first ${what} (found none)`);
}

/** The only one of `items`, which must hold exactly one. */
export function only<T>(items: readonly T[], what = "item"): T {
  if (items.length !== 1) throw new Error(`expected exactly one ${what}, found ${items.length}`);
  return present(items[0], what);
}

/** Capture group `group` of `pattern` in `text`, which must match. */
export function captured(text: string, pattern: RegExp, group = 1): string {
  const match = pattern.exec(text);
  if (!match) throw new Error(`expected ${pattern} to match in: ${text.slice(0, 300)}`);
  return present(match[group], `group ${group} of ${pattern}`);
}

/** `items[index]`, which must be there. */
export function at<T>(items: readonly T[], index: number, what = "item"): T {
  return present(items[index], `${what} ${index} of ${items.length}`);
}
