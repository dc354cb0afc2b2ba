// Request-level security shared by every response, kept framework-free so it is unit-tested alone.
import crypto from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import type { TrustProxy } from "~/platform/env.server";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Paths authenticated by their own signature or shared key instead of the browser's origin. */
export function isWebhookPath(pathname: string): boolean {
  return pathname.startsWith("/webhooks/");
}

/**
 * The unsubscribe endpoint (decision 054): RFC 8058's one-click POST comes from the recipient's
 * mail provider, with no session and perhaps its own Origin; the signed token in the address is
 * the whole authority, and it can only change its own address's subscription.
 */
export function isSignedLinkPath(pathname: string): boolean {
  return pathname === "/unsubscribe";
}

/**
 * Forgets a request's Origin (the signed-link paths only): a mail provider's one-click POST may
 * name the provider as its origin, which Remix's own action check would refuse.
 */
export function dropOriginHeader(req: { headers: IncomingHttpHeaders; rawHeaders: string[] }) {
  delete req.headers.origin;
  for (let i = req.rawHeaders.length - 2; i >= 0; i -= 2) {
    if (req.rawHeaders[i]!.toLowerCase() === "origin") req.rawHeaders.splice(i, 2);
  }
}

/**
 * A state-changing request from a browser on another site is refused (CSRF). Browsers send
 * Origin on every POST; when it is missing we fall back to Referer, and a request with neither
 * comes from a non-browser client that cannot ride a visitor's cookies, so it is allowed.
 */
type WriteRequest = {
  method: string;
  pathname: string;
  originHeader?: string;
  refererHeader?: string;
  host?: string;
  publicOrigin?: string;
};

export function isCrossSiteWrite({
  method,
  pathname,
  originHeader,
  refererHeader,
  host,
  publicOrigin,
}: WriteRequest): boolean {
  if (!UNSAFE_METHODS.has(method.toUpperCase()) || isWebhookPath(pathname) || isSignedLinkPath(pathname)) return false;
  const claimed = originHeader && originHeader !== "null" ? originHeader : refererHeader;
  if (!claimed) return originHeader === "null";
  let claimedOrigin: URL;
  try {
    claimedOrigin = new URL(claimed);
  } catch {
    return true;
  }
  const allowedHosts = new Set([host?.toLowerCase()]);
  if (publicOrigin) {
    try {
      allowedHosts.add(new URL(publicOrigin).host.toLowerCase());
    } catch {
      /* validated at start */
    }
  }
  return !allowedHosts.has(claimedOrigin.host.toLowerCase());
}

/**
 * The visitor's address for rate limits and logs. Proxy headers are believed only as far as the
 * operator says a proxy is in front (TRUST_PROXY), otherwise anyone could forge them:
 * - `fly`: Fly.io's edge sets Fly-Client-IP (a client cannot, it is overwritten);
 * - N hops: each proxy appends the address it saw to X-Forwarded-For, so the N-th entry from the
 *   right is the one the outermost proxy saw; entries further left are the client's own words.
 *   A request with fewer entries did not come through the proxies: its socket is the client;
 * - none: the socket.
 */
export function clientAddress({
  trustProxy,
  headers,
  socketAddress,
}: {
  trustProxy: TrustProxy;
  headers: IncomingHttpHeaders;
  socketAddress?: string;
}): string {
  const socket = socketAddress ?? "unknown";
  if (trustProxy.kind === "fly") {
    const flyClient = headers["fly-client-ip"];
    return typeof flyClient === "string" && flyClient.trim() ? flyClient.trim() : socket;
  }
  if (trustProxy.kind === "hops") {
    const forwarded = headers["x-forwarded-for"];
    const list = (Array.isArray(forwarded) ? forwarded.join(",") : (forwarded ?? ""))
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean);
    return list.length >= trustProxy.hops ? list[list.length - trustProxy.hops]! : socket;
  }
  return socket;
}

export function createNonce(): string {
  return crypto.randomBytes(16).toString("base64");
}

/** Headers every response carries; the document CSP (with its nonce) is added by entry.server. */
export function baseSecurityHeaders({ hsts }: { hsts: boolean }): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
  };
  if (hsts) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}
