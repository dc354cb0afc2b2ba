/**
 * The document Content-Security-Policy. Scripts run only with this request's nonce; styles may be
 * inline because the rich-text editor sets style attributes; frames only from the video hosts
 * that chapter embeds are normalised to. `connectSources` adds the origins a consented
 * third-party script reports to (the lead pages' tracker).
 */
export function contentSecurityPolicy(
  nonce: string,
  {
    development = false,
    checkoutOrigin,
    connectSources = [],
  }: { development?: boolean; checkoutOrigin?: string; connectSources?: string[] } = {},
): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"],
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
    "form-action": ["'self'", "https:", ...(checkoutOrigin && !checkoutOrigin.startsWith("https:") ? [checkoutOrigin] : [])],
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
