import { Marked, marked } from "marked";
import sanitizeHtml from "sanitize-html";
import { escapeHtml } from "~/platform/escape-html";

/**
 * An admin's Markdown (a training step, an announcement) as the two parts of an email (decision
 * 054): marked's HTML, passed through an allowlist, is the HTML part, and the same parse through
 * a plain-text renderer is the text part (no `**`, links as "text (url)"). The footer
 * (unsubscribe link, postal address) is added to both.
 */
const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    "h1",
    "h2",
    "h3",
    "p",
    "br",
    "strong",
    "b",
    "em",
    "i",
    "ul",
    "ol",
    "li",
    "a",
    "blockquote",
    "code",
    "pre",
    "hr",
  ],
  allowedAttributes: { a: ["href"] },
  allowedSchemes: ["http", "https", "mailto"],
};

/** Links in the footer become anchors; everything else stays text. */
function footerHtml(lines: string[]): string {
  return lines
    .map((line) => {
      const match = line.match(/^(Unsubscribe): (https?:\/\/\S+)$/);
      return match ? `<a href="${escapeHtml(match[2]!)}" style="color:#64748b">Unsubscribe</a>` : escapeHtml(line);
    })
    .join("<br>");
}

/** Marked with a renderer that writes readable plain text: what a text-only mail client shows. */
const plainText = new Marked({
  gfm: true,
  breaks: false,
  renderer: {
    space: () => "",
    paragraph({ tokens }) {
      return `${this.parser.parseInline(tokens)}\n\n`;
    },
    heading({ tokens }) {
      return `${this.parser.parseInline(tokens)}\n\n`;
    },
    text(token) {
      return "tokens" in token && token.tokens ? this.parser.parseInline(token.tokens) : token.text;
    },
    strong({ tokens }) {
      return this.parser.parseInline(tokens);
    },
    em({ tokens }) {
      return this.parser.parseInline(tokens);
    },
    del({ tokens }) {
      return this.parser.parseInline(tokens);
    },
    codespan: ({ text }) => text,
    br: () => "\n",
    // A bare address stays as it is; a named link reads "text (url)". A scheme the HTML part's
    // allowlist drops (javascript:, data:) is dropped here too: only the text is left.
    link({ href, tokens }) {
      const text = this.parser.parseInline(tokens);
      if (!/^(https?|mailto):/i.test(href)) return text;
      const address = href.replace(/^mailto:/i, "");
      return text === href || text === address ? text : `${text} (${address})`;
    },
    // The HTML part allows no images: the text part keeps their description only.
    image: ({ text }) => text,
    list(token) {
      const items = token.items.map((item, index) => {
        const marker = token.ordered ? `${(typeof token.start === "number" ? token.start : 1) + index}. ` : "- ";
        // Each block of the item on its own line (a tight item's text, then its nested list), under the marker.
        const body = item.tokens
          .map((part) => this.parser.parse([part]).trim())
          .filter(Boolean)
          .join("\n");
        return marker + body.replace(/\n/g, `\n${" ".repeat(marker.length)}`);
      });
      return `${items.join("\n")}\n\n`;
    },
    checkbox: ({ checked }) => (checked ? "[x] " : "[ ] "),
    blockquote({ tokens }) {
      return `${this.parser.parse(tokens).trim().replace(/^/gm, "> ")}\n\n`;
    },
    code: ({ text }) => `${text}\n\n`,
    hr: () => "----\n\n",
    // Raw HTML in the Markdown: its text without the tags (the HTML part keeps what the allowlist allows).
    html: ({ text }) => text.replace(/<[^>]*>/g, ""),
  },
});

/** The Markdown as plain text: paragraphs apart, list items marked, at most one blank line anywhere. */
export function markdownToText(markdown: string): string {
  return plainText
    .parse(markdown, { async: false })
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

export function markdownEmail(input: { subject: string; markdown: string; footer: string[] }) {
  const body = sanitizeHtml(marked.parse(input.markdown, { async: false, gfm: true, breaks: false }), ALLOWED);
  const footer = input.footer.length > 0 ? input.footer : [];
  return {
    subject: input.subject,
    text: [markdownToText(input.markdown), ...(footer.length > 0 ? ["--", footer.join("\n")] : [])].join("\n\n"),
    html: [
      `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(input.subject)}</title></head>`,
      `<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1e293b">`,
      body,
      ...(footer.length > 0 ? [`<hr><p style="font-size:12px;color:#64748b">${footerHtml(footer)}</p>`] : []),
      `</body></html>`,
    ].join("\n"),
  };
}
