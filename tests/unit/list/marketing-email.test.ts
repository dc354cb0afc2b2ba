import { describe, expect, it } from "vitest";
import { markdownEmail, markdownToText } from "~/platform/mail/markdown-email.server";
import {
  describeDelay,
  fillPlaceholders,
  leadQueryString,
  listUnsubscribeHeaders,
  marketingFooter,
  parseLeadQuery,
} from "~/features/list/marketing-email";

/** The list's pure parts (decision 054): wording, headers, the Markdown, the admin forms. */
describe("marketing email", () => {
  it("says a delay in days when whole days", () => {
    expect([1, 24, 36, 48, 0].map(describeDelay)).toEqual(["1 hour", "1 day", "36 hours", "2 days", "0 hours"]);
  });

  it("has the RFC 8058 headers", () => {
    expect(listUnsubscribeHeaders("https://site.test/unsubscribe?t=x")).toEqual({
      "List-Unsubscribe": "<https://site.test/unsubscribe?t=x>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("ends with the unsubscribe link and the postal address on one line", () => {
    expect(
      marketingFooter({ brand: "Brand", unsubscribeUrl: "https://site.test/u", postalAddress: "Brand Ltd\n1 Street" }),
    ).toEqual(["You receive this email from Brand.", "Unsubscribe: https://site.test/u", "Brand Ltd, 1 Street"]);
    expect(marketingFooter({ brand: "Brand", unsubscribeUrl: null, postalAddress: undefined })).toEqual([
      "You receive this email from Brand.",
    ]);
  });

  it("fills {{name}} and {{site}} and nothing else", () => {
    expect(fillPlaceholders("Hi {{name}}, see {{ site }}/x {{other}}", { name: "Lee", site: "https://s.test" })).toBe(
      "Hi Lee, see https://s.test/x {{other}}",
    );
  });

  it("renders Markdown to allowlisted HTML, readable plain text, the footer in both", () => {
    const email = markdownEmail({
      subject: "S",
      markdown:
        "**Bold** [link](https://x.test) <script>alert(1)</script> [bad](javascript:alert(1)) <img src=x onerror=y>",
      footer: ["You receive this email from Brand.", "Unsubscribe: https://site.test/u?t=a"],
    });
    expect(email.html).toContain("<strong>Bold</strong>");
    expect(email.html).toContain('<a href="https://x.test">link</a>');
    expect(email.html).not.toMatch(/<script|javascript:|onerror|<img/);
    expect(email.html).toContain('<a href="https://site.test/u?t=a" style="color:#64748b">Unsubscribe</a>');
    expect(email.text).toMatch(/^Bold link \(https:\/\/x\.test\) alert\(1\) bad\n/);
    expect(email.text).not.toMatch(/javascript:|<img|\*\*/);
    expect(email.text).toContain("--\n\nYou receive this email from Brand.\nUnsubscribe: https://site.test/u?t=a");
  });

  it("writes the text part as plain text: no Markdown marks, links as 'text (url)', lists and quotes kept", () => {
    const markdown = [
      "Hi Robin,",
      "",
      "Day 1 is about **what to build**, _fast_, with `code`. Open the [SaaS Idea Generator](https://site.test/app-idea-generator).",
      "",
      "1. Pick a niche.",
      "2. List three tasks:",
      "   - one **bold**",
      "   - two",
      "",
      "# A heading",
      "",
      "> A *quoted* line",
      "",
      "Bare https://site.test/dashboard, [write to us](mailto:help@site.test), help@site.test.",
      "",
      "---",
      "",
      "Escaped \\*stars\\* & 5 < 6.",
    ].join("\n");
    expect(markdownToText(markdown)).toBe(
      [
        "Hi Robin,",
        "",
        "Day 1 is about what to build, fast, with code. Open the SaaS Idea Generator (https://site.test/app-idea-generator).",
        "",
        "1. Pick a niche.",
        "2. List three tasks:",
        "   - one bold",
        "   - two",
        "",
        "A heading",
        "",
        "> A quoted line",
        "",
        "Bare https://site.test/dashboard, write to us (help@site.test), help@site.test.",
        "",
        "----",
        "",
        "Escaped *stars* & 5 < 6.",
      ].join("\n"),
    );
  });

  it("reads /admin/leads's query", () => {
    expect(parseLeadQuery(new URLSearchParams("q=%20ann%20&page=3"))).toEqual({ q: "ann", page: 3 });
    expect(parseLeadQuery(new URLSearchParams("page=-1"))).toEqual({ q: "", page: 1 });
    expect(leadQueryString({ q: "a b", page: 1 })).toBe("?q=a+b");
  });
});
