import { describe, expect, it } from "vitest";
import { checkoutOriginFromApiBase, contentSecurityPolicy } from "~/infra/csp.server";

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

describe("the checkout origin in the CSP", () => {
  it("comes from STRIPE_API_BASE when set", () => {
    expect(checkoutOriginFromApiBase("http://127.0.0.1:5221/")).toBe("http://127.0.0.1:5221");
    expect(checkoutOriginFromApiBase(undefined)).toBeUndefined();
    expect(checkoutOriginFromApiBase("not a url")).toBeUndefined();
  });

  it("is added to form-action only when https: does not already allow it", () => {
    const formAction = (checkoutOrigin?: string) =>
      contentSecurityPolicy("n0nce", { checkoutOrigin })
        .split("; ")
        .find((d) => d.startsWith("form-action"));
    expect(formAction()).toBe("form-action 'self' https:");
    expect(formAction("https://checkout.stripe.com")).toBe("form-action 'self' https:");
    expect(formAction("http://127.0.0.1:5221")).toBe("form-action 'self' https: http://127.0.0.1:5221");
  });
});
