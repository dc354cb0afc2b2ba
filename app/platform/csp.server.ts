import { sha256 } from "./hash.server";

/**
 * What lets a document's own scripts run: this request's nonce, or, for a document the page cache
 * shares between visitors (where one nonce would be replayed to all of them for the entry's
 * lifetime), the SHA-256 hashes of exactly the inline scripts it contains (issue 10). Either way
 * 'strict-dynamic' then trusts what those scripts load, and nothing else runs.
 */
export type ScriptSources = { nonce: string } | { hashes: readonly string[] };

/** The CSP source of each inline `<script>` (no src) in a rendered document, hashed as browsers do. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    hashes.add(`'sha256-${sha256(body, "base64")}'`);
  }
  return [...hashes];
}

/**
 * The document Content-Security-Policy. Scripts run only with this request's nonce (or the
 * document's script hashes, see ScriptSources); styles may be
 * inline because the rich-text editor sets style attributes; frames only from the video hosts
 * that chapter embeds are normalised to. `connectSources` adds the origins a consented
 * third-party script reports to (the lead pages' tracker).
 */
export function contentSecurityPolicy(
  scripts: ScriptSources,
  {
    development = false,
    checkoutOrigin,
    connectSources = [],
  }: { development?: boolean; checkoutOrigin?: string; connectSources?: string[] } = {},
): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": [
      "'self'",
      ...("nonce" in scripts ? [`'nonce-${scripts.nonce}'`] : scripts.hashes),
      "'strict-dynamic'",
    ],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "https:"],
    "media-src": ["'self'", "https:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", ...connectSources, ...(development ? ["ws:"] : [])],
    "frame-src": ["https://www.youtube-nocookie.com", "https://www.youtube.com", "https://player.vimeo.com"],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'self'"],
    // Chrome applies form-action to the redirect that follows a form post, so the plan page's
    // checkout (a 303 to the payment page) needs the checkout host when it is not https.
    "form-action": [
      "'self'",
      "https:",
      ...(checkoutOrigin && !checkoutOrigin.startsWith("https:") ? [checkoutOrigin] : []),
    ],
    "object-src": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/**
 * Where the checkout's payment page lives when STRIPE_API_BASE points the SDK elsewhere
 * (a local fake in tests); Stripe's own pages are https and already allowed.
 */
export function checkoutOriginFromApiBase(stripeApiBase: string | undefined): string | undefined {
  if (!stripeApiBase) return undefined;
  try {
    return new URL(stripeApiBase).origin;
  } catch {
    return undefined;
  }
}
