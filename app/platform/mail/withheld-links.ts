/**
 * The outbox keeps no usable link (decision 046): before a message is stored, the token of each
 * link in it is taken out and `[withheld]` put in its place; the tokens are kept apart, sealed,
 * and put back only for delivery. Every emailed link carries its token in a query parameter
 * named `token` or ending in it (`?token=`, `&unsubscribe_token=`), in the text part as it is and
 * in the HTML part escaped (`&amp;token=`); 16 or more base64url characters count as a token.
 * Pure, so it is tested alone (tests/unit/platform/withheld-links.test.ts).
 */
export const WITHHELD = "[withheld]";

const LINK_TOKEN = /([?&](?:amp;)?[A-Za-z_]*token=)([A-Za-z0-9_-]{16,})/g;
const WITHHELD_TOKEN = /([?&](?:amp;)?[A-Za-z_]*token=)\[withheld\]/g;

/** The body with every link token withheld, and the tokens in the order they appeared. */
export function withholdLinkTokens(body: string): { body: string; tokens: string[] } {
  const tokens: string[] = [];
  const withheld = body.replace(LINK_TOKEN, (_match, parameter: string, token: string) => {
    tokens.push(token);
    return `${parameter}${WITHHELD}`;
  });
  return { body: withheld, tokens };
}

/** Puts the tokens back, in order; throws when they do not fit the places withheld. */
export function restoreLinkTokens(body: string, tokens: readonly string[]): string {
  let next = 0;
  const restored = body.replace(WITHHELD_TOKEN, (match, parameter: string) => {
    if (next >= tokens.length) throw new Error("a withheld link has no token to put back");
    return `${parameter}${tokens[next++]}`;
  });
  if (next !== tokens.length) throw new Error(`${tokens.length - next} link tokens have no place in the message`);
  return restored;
}

/**
 * The same withholding as SQL can do it, for rows stored before decision 046 (`regexp_replace`
 * with flag `g`): the pattern and its replacement.
 */
export const LINK_TOKEN_SQL = {
  pattern: "([?&](amp;)?[A-Za-z_]*token=)[A-Za-z0-9_-]{16,}",
  replacement: "\\1[withheld]",
};
