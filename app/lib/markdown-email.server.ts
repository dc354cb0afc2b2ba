import { marked } from "marked";
import sanitizeHtml from "sanitize-html";

/**
 * An admin's Markdown (a training step, an announcement) as the two parts of an email (decision
 * 054): the Markdown itself is the plain-text part (it reads well as text), and marked's HTML,
 * passed through an allowlist, is the HTML part. The footer (unsubscribe link, postal address)
 * is added to both.
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

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Links in the footer become anchors; everything else stays text. */
function footerHtml(lines: string[]): string {
  return lines
    .map((line) => {
      const match = line.match(/^(Unsubscribe): (https?:\/\/\S+)$/);
      return match ? `<a href="${escapeHtml(match[2]!)}" style="color:#64748b">Unsubscribe</a>` : escapeHtml(line);
    })
    .join("<br>");
}

export function markdownEmail(input: { subject: string; markdown: string; footer: string[] }) {
  const body = sanitizeHtml(marked.parse(input.markdown, { async: false, gfm: true, breaks: false }), ALLOWED);
  const footer = input.footer.length > 0 ? input.footer : [];
  return {
    subject: input.subject,
    text: [input.markdown.trim(), ...(footer.length > 0 ? ["--", footer.join("\n")] : [])].join("\n\n"),
    html: [
      `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(input.subject)}</title></head>`,
      `<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1e293b">`,
      body,
      ...(footer.length > 0 ? [`<hr><p style="font-size:12px;color:#64748b">${footerHtml(footer)}</p>`] : []),
      `</body></html>`,
    ].join("\n"),
  };
}
