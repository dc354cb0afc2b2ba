/**
 * The document Content-Security-Policy. Scripts run only with this request's nonce; styles may be
 * inline because the rich-text editor sets style attributes; frames only from the video hosts
 * that chapter embeds are normalised to. `connectSources` adds the origins a consented
 * third-party script reports to (the lead pages' tracker).
 */
export function contentSecurityPolicy(
  nonce: string,
  { development = false, connectSources = [] as string[] } = {},
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
    "form-action": ["'self'", "https:"],
    "object-src": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}
