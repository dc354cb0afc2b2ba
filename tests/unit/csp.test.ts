import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "~/lib/csp.server";

describe("contentSecurityPolicy", () => {
  it("allows scripts only with the request's nonce and forbids framing", () => {
    const csp = contentSecurityPolicy("abc123");
    expect(csp).toContain("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("unsafe-eval");
  });
  it("frames only the video hosts chapter embeds use", () => {
    expect(contentSecurityPolicy("n")).toContain("frame-src https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com");
  });
});
