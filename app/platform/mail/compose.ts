/**
 * The messages the site sends. Each is written once as blocks, from which this module makes
 * both parts: plain text, and a simple HTML part (escaped, inline styles, no images) for mail
 * clients that prefer it. Pure, so their wording is tested alone (tests/unit/accounts/emails.test.ts).
 * Links are absolute: the mail is read outside the site.
 */
import { escapeHtml } from "~/platform/escape-html";
import { isPlainName } from "~/platform/forms/auth-rules";

export type Email = { subject: string; text: string; html: string };

/** What a buyer's receipt says; amounts and dates are already formatted (platform/money, platform/dates). */
export type Receipt = {
  product: string;
  amount: string;
  date: string;
  reference: string;
  dashboardUrl: string;
  supportEmail: string;
};

/** A paragraph of lines, a link on its own line, or the receipt block. */
export type Block = string[] | { link: string } | { receipt: Receipt };

const receiptRows = (r: Receipt): Array<[string, string]> => [
  ["Product", r.product],
  ["Amount", r.amount],
  ["Date", r.date],
  ["Order reference", r.reference],
];

function blockText(block: Block): string {
  if (Array.isArray(block)) return block.join("\n");
  if ("link" in block) return block.link;
  const r = block.receipt;
  return [
    "Receipt",
    ...receiptRows(r).map(([label, value]) => `${label}: ${value}`),
    "",
    `Your training: ${r.dashboardUrl}`,
    `Questions? Write to ${r.supportEmail}`,
  ].join("\n");
}

function blockHtml(block: Block): string {
  if (Array.isArray(block)) return `<p>${block.map(escapeHtml).join("<br>")}</p>`;
  if ("link" in block) return `<p><a href="${escapeHtml(block.link)}">${escapeHtml(block.link)}</a></p>`;
  const r = block.receipt;
  const rows = receiptRows(r)
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  return [
    `<h2 style="font-size:16px;margin:24px 0 8px">Receipt</h2>`,
    `<table role="presentation" style="border-collapse:collapse;font-size:14px">${rows}</table>`,
    `<p>Your training: <a href="${escapeHtml(r.dashboardUrl)}">${escapeHtml(r.dashboardUrl)}</a><br>`,
    `Questions? Write to <a href="mailto:${escapeHtml(r.supportEmail)}">${escapeHtml(r.supportEmail)}</a></p>`,
  ].join("");
}

export function compose(subject: string, blocks: Block[]): Email {
  return {
    subject,
    text: blocks.map(blockText).join("\n\n"),
    html: [
      `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
      `<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1e293b">`,
      ...blocks.map(blockHtml),
      `</body></html>`,
    ].join("\n"),
  };
}

/**
 * The name as mail may print it: the stored name when it is one plain line, else nothing (the
 * greeting falls back to "Hi there,"). Forms refuse such names (decision 050), but rows from
 * before that, and names a marketplace sends us, are not checked on the way in.
 */
export function nameForMail(name: string): string {
  const trimmed = name.trim();
  return isPlainName(trimmed) ? trimmed : "";
}

export const greeting = (name: string) => [`Hi ${nameForMail(name) || "there"},`];

/**
 * Which account a link is for (decision 048): whoever made the account chose its name, so the
 * owner of the address can tell an account they did not make. `created` is formatted ('3 Nov 2026').
 */
export type AccountLine = { name: string; created: string };
export const accountOf = (brand: string, account: AccountLine) => {
  const name = nameForMail(account.name);
  return name
    ? `the ${brand} account '${name}', created ${account.created}`
    : `the ${brand} account created ${account.created}`;
};
export const withReceipt = (receipt: Receipt | undefined): Block[] => (receipt ? [{ receipt }] : []);
/** Other products of the same funnel already on the account (an upsell bought before the front end). */
export const withAlsoAdded = (products: readonly string[] | undefined): Block[] =>
  products && products.length > 0 ? [["Also added to your account:", ...products.map((name) => `- ${name}`)]] : [];

/**
 * The private community's invite link (decision 055), in mail to paying members only: the mails
 * that welcome a member or tell them how to sign in (the welcome of a card purchase, the login
 * details of a marketplace one, an admin's invitation, a sign-in link), not security notices.
 */
export const withCommunity = (url: string | null | undefined): Block[] =>
  url ? [["Join the Private Community:"], { link: url }] : [];

/** Seconds until the next attempt after `attempts` failed ones: 30 s doubling, at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

/** Security notices (issue 11): each says what changed, when it was not you what to do. */
export function securityNotice(subject: string, input: { name: string; what: string; support: string }): Email {
  return compose(subject, [
    greeting(input.name),
    [input.what],
    [`If this was you, there is nothing to do. If it was not, reset your password now and write to ${input.support}.`],
  ]);
}

export type NoticeInput = { brand: string; name: string; support: string };
