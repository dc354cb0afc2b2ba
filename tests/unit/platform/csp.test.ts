import { describe, expect, it } from "vitest";
import crypto from "node:crypto";
import { checkoutOriginFromApiBase, contentSecurityPolicy, inlineScriptHashes } from "~/platform/csp.server";

describe("contentSecurityPolicy", () => {
  it("allows scripts only with the request's nonce and forbids framing", () => {
    const csp = contentSecurityPolicy({ nonce: "abc123" });
    expect(csp).toContain("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("unsafe-eval");
  });
  it("lists script hashes instead of a nonce for a shared (cached) document", () => {
    const csp = contentSecurityPolicy({ hashes: ["'sha256-AAA='", "'sha256-BBB='"] });
    expect(csp).toContain("script-src 'self' 'sha256-AAA=' 'sha256-BBB=' 'strict-dynamic'");
    expect(csp).not.toContain("nonce");
  });
  it("frames only the video hosts chapter embeds use", () => {
    expect(contentSecurityPolicy({ nonce: "n" })).toContain(
      "frame-src https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com",
    );
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
      contentSecurityPolicy({ nonce: "n0nce" }, { checkoutOrigin })
        .split("; ")
        .find((d) => d.startsWith("form-action"));
    expect(formAction()).toBe("form-action 'self' https:");
    expect(formAction("https://checkout.stripe.com")).toBe("form-action 'self' https:");
    expect(formAction("http://127.0.0.1:5221")).toBe("form-action 'self' https: http://127.0.0.1:5221");
  });
});

describe("inlineScriptHashes", () => {
  const sha = (text: string) => `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;
  it("hashes every inline script exactly as written, and no external one", () => {
    const html =
      '<html><head><script src="/build/a.js"></script></head><body><script>window.a = "é";</script>' +
      '<script type="module" async>import "/build/b.js";\n</script><SCRIPT>x()</SCRIPT><script>window.a = "é";</script></body></html>';
    expect(inlineScriptHashes(html)).toEqual([sha('window.a = "é";'), sha('import "/build/b.js";\n'), sha("x()")]);
  });
  it("finds none in a document without inline scripts", () => {
    expect(inlineScriptHashes("<html><body><p>Hello</p></body></html>")).toEqual([]);
  });
});
