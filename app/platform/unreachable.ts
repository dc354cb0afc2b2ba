/**
 * A form sent with JavaScript whose request never reached the server (the connection dropped, the
 * server restarting): a route's clientAction answers with its own failure, marked so, instead of
 * the error page that would take the typed form away (issue 30, "never lose work"). Nothing is
 * reloaded after it: the loaders could not be reached either, and the page as it is stays useful.
 */
export type Unreachable = { unreachable: true };

/** fetch() rejects with a TypeError when no response came; any other error is not ours to answer. */
export const isNetworkFailure = (error: unknown): boolean => error instanceof TypeError;

/** shouldRevalidate for every route on such a page: no reload after an answer that never came. */
export function skipRevalidationIfUnreachable({
  actionResult,
  defaultShouldRevalidate,
}: {
  actionResult?: unknown;
  defaultShouldRevalidate: boolean;
}): boolean {
  const unreachable =
    typeof actionResult === "object" &&
    actionResult !== null &&
    "unreachable" in actionResult &&
    actionResult.unreachable === true;
  return unreachable ? false : defaultShouldRevalidate;
}
