/**
 * The messages the site sends. Each is written once as blocks, from which this module makes
 * both parts: plain text, and a simple HTML part (escaped, inline styles, no images) for mail
 * clients that prefer it. Pure, so their wording is tested alone (tests/unit/emails.test.ts).
 * Links are absolute: the mail is read outside the site.
 */
import { isPlainName } from "~/platform/forms/auth-rules";

export const RESET_TOKEN_HOURS = 24;
export const VERIFY_TOKEN_HOURS = 72;
/** A claim link (decision 048): long enough for a weekend; a fresh one can be asked for at any time. */
export const CLAIM_TOKEN_HOURS = 72;

export type Email = { subject: string; text: string; html: string };

/** What a buyer's receipt says; amounts and dates are already formatted (lib/money, lib/dates). */
export type Receipt = {
  product: string;
  amount: string;
  date: string;
  reference: string;
  dashboardUrl: string;
  supportEmail: string;
};

/** A paragraph of lines, a link on its own line, or the receipt block. */
type Block = string[] | { link: string } | { receipt: Receipt };

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

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

function compose(subject: string, blocks: Block[]): Email {
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

const greeting = (name: string) => [`Hi ${nameForMail(name) || "there"},`];

/**
 * Which account a link is for (decision 048): whoever made the account chose its name, so the
 * owner of the address can tell an account they did not make. `created` is formatted ('3 Nov 2026').
 */
export type AccountLine = { name: string; created: string };
const accountOf = (brand: string, account: AccountLine) => {
  const name = nameForMail(account.name);
  return name
    ? `the ${brand} account '${name}', created ${account.created}`
    : `the ${brand} account created ${account.created}`;
};
const withReceipt = (receipt: Receipt | undefined): Block[] => (receipt ? [{ receipt }] : []);
/** Other products of the same funnel already on the account (an upsell bought before the front end). */
const withAlsoAdded = (products: readonly string[] | undefined): Block[] =>
  products && products.length > 0 ? [["Also added to your account:", ...products.map((name) => `- ${name}`)]] : [];

/**
 * The private community's invite link (decision 055), in mail to paying members only: the mails
 * that welcome a member or tell them how to sign in (the welcome of a card purchase, the login
 * details of a marketplace one, an admin's invitation, a sign-in link), not security notices.
 */
const withCommunity = (url: string | null | undefined): Block[] =>
  url ? [["Join the Private Community:"], { link: url }] : [];

/** A marketplace buyer without a password: their login details (docs/product.md §9: within about 5 minutes). */
export function setPasswordEmail(input: {
  brand: string;
  name: string;
  link: string;
  loginUrl: string;
  receipt?: Receipt;
  alsoAdded?: readonly string[];
  community?: string | null;
}): Email {
  return compose(`Your ${input.brand} login details`, [
    greeting(input.name),
    [
      `Thank you for your purchase. Your ${input.brand} account is ready.`,
      "Set your password with this link to sign in:",
    ],
    { link: input.link },
    [
      `The link works once and expires in ${RESET_TOKEN_HOURS} hours. After that, sign in at`,
      `${input.loginUrl} and choose "Forgot password?" to get a new one.`,
    ],
    [`Your login email is the address this message was sent to.`],
    ...withCommunity(input.community),
    ...withReceipt(input.receipt),
    ...withAlsoAdded(input.alsoAdded),
  ]);
}

/**
 * A marketplace buyer whose address an account already uses, but whose holder was never shown to
 * control the address (decision 048): the purchase is held for the address until this link claims it.
 */
export function claimPurchaseEmail(input: {
  brand: string;
  link: string;
  forgotUrl: string;
  account: AccountLine;
  receipt?: Receipt;
}): Email {
  return compose(`Claim your ${input.brand} purchase`, [
    [
      `A purchase made with this address is waiting for you. It is kept for this address until you claim it with this link:`,
    ],
    { link: input.link },
    [
      `This address is used by ${accountOf(input.brand, input.account)}.`,
      "If you are signed in to it when you open the link, one click adds the purchase.",
      "Otherwise you choose a new password and the account becomes yours: every other session,",
      "two-factor sign-in and emailed link of it ends.",
    ],
    [
      `The link works once and expires in ${CLAIM_TOKEN_HOURS} hours. Nothing you bought is lost: ask for a`,
      `new link at ${input.forgotUrl} with this address.`,
    ],
    ...withReceipt(input.receipt),
  ]);
}

/** A marketplace buyer who already has an account: the purchase is on it. */
export function purchaseAddedEmail(input: {
  brand: string;
  name: string;
  loginUrl: string;
  receipt?: Receipt;
  alsoAdded?: readonly string[];
  community?: string | null;
}): Email {
  return compose(`Your ${input.brand} access is ready`, [
    greeting(input.name),
    [
      `Thank you for your purchase. It has been added to your existing ${input.brand} account.`,
      `Sign in with this email address at ${input.loginUrl}`,
    ],
    ...withCommunity(input.community),
    ...withReceipt(input.receipt),
    ...withAlsoAdded(input.alsoAdded),
  ]);
}

export const ADDED_TO_ACCOUNT_SUBJECT = (brand: string) => `Added to your ${brand} account`;

/**
 * The one note for the upgrades of a funnel bought after its front end (decision 051): sent a
 * few minutes after the first, listing every upgrade added meanwhile, so a buyer of three items
 * gets one login email and this one note, never one message per item.
 */
export function addedToAccountEmail(input: {
  brand: string;
  name: string;
  products: ReadonlyArray<{ name: string; amount: string; reference: string }>;
  purchasesUrl: string;
  supportEmail: string;
}): Email {
  return compose(ADDED_TO_ACCOUNT_SUBJECT(input.brand), [
    greeting(input.name),
    [`Thank you for your purchase. These upgrades have been added to your ${input.brand} account:`],
    input.products.map((product) => `- ${product.name}: ${product.amount} (order reference ${product.reference})`),
    [`Your purchases and receipts: ${input.purchasesUrl}`, `Questions? Write to ${input.supportEmail}`],
  ]);
}

/** A card purchase through Stripe: welcome, with the receipt. */
export function welcomeEmail(input: {
  brand: string;
  name: string;
  receipt: Receipt;
  community?: string | null;
}): Email {
  return compose(`Welcome to ${input.brand}: your receipt`, [
    greeting(input.name),
    [`Thank you for your purchase. Your ${input.brand} access is active: open your training any time.`],
    ...withCommunity(input.community),
    { receipt: input.receipt },
  ]);
}

/** A full refund: access has ended. */
export function refundNoticeEmail(input: {
  brand: string;
  name: string;
  product: string;
  amount: string;
  reference: string;
  supportEmail: string;
}): Email {
  return compose(`Your ${input.brand} refund`, [
    greeting(input.name),
    [
      `Your payment of ${input.amount} for ${input.product} (order ${input.reference}) has been refunded.`,
      `Your access to the training has ended.`,
    ],
    [`Questions? Write to ${input.supportEmail}`],
  ]);
}

/** After signup: a link that proves the address belongs to whoever signed up. */
export function verifyEmailEmail(input: { brand: string; name: string; link: string; account: AccountLine }): Email {
  return compose(`Confirm your ${input.brand} email address`, [
    greeting(input.name),
    [`Please confirm that this address belongs to your new ${input.brand} account:`],
    { link: input.link },
    [
      `This confirms the address for ${accountOf(input.brand, input.account)}.`,
      "If you did not make this account, ignore this mail.",
    ],
    [
      `The link works once and expires in ${VERIFY_TOKEN_HOURS} hours.`,
      "If you did not create an account, ignore this email: nothing will be confirmed.",
    ],
  ]);
}

export function resetPasswordEmail(input: { brand: string; link: string }): Email {
  return compose(`Reset your ${input.brand} password`, [
    [
      `Someone (hopefully you) asked to reset the password of your ${input.brand} account.`,
      "Choose a new password with this link:",
    ],
    { link: input.link },
    [
      `The link works once and expires in ${RESET_TOKEN_HOURS} hours.`,
      "If you did not ask for this, ignore this email: your password stays the same.",
    ],
  ]);
}

/** Sent by an admin from a member's page ('Send sign-in link'): a link to choose a password. */
export function signInLinkEmail(input: {
  brand: string;
  name: string;
  link: string;
  loginUrl: string;
  community?: string | null;
}): Email {
  return compose(`Sign in to ${input.brand}`, [
    greeting(input.name),
    [
      `Our support team sent you a link to sign in to your ${input.brand} account.`,
      "Choose a password with this link:",
    ],
    { link: input.link },
    [`The link works once and expires in ${RESET_TOKEN_HOURS} hours. Afterwards, sign in at ${input.loginUrl}`],
    ...withCommunity(input.community),
  ]);
}

/** An admin's invitation ('Add member', 'Import members'): its set-password link lasts this long. */
export const INVITATION_TOKEN_HOURS = 72;

/**
 * An admin gave someone access (decision 055). A member who has no password yet gets a link to
 * choose one; a member who has one is told to sign in as usual.
 */
export function invitationEmail(input: {
  brand: string;
  name: string;
  products: readonly string[];
  loginUrl: string;
  link: string | null;
  community?: string | null;
}): Email {
  return compose(`You have been given access to ${input.brand}`, [
    greeting(input.name),
    [`You have been given access to ${input.brand}:`, ...input.products.map((name) => `- ${name}`)],
    ...(input.link
      ? ([
          ["Choose your password with this link to sign in:"],
          { link: input.link },
          [
            `The link works once and expires in ${INVITATION_TOKEN_HOURS} hours. After that, sign in at`,
            `${input.loginUrl} and choose "Email me a sign-in link".`,
          ],
        ] satisfies Block[])
      : ([[`Sign in as usual at ${input.loginUrl}`]] satisfies Block[])),
    [`Your login email is the address this message was sent to.`],
    ...withCommunity(input.community),
  ]);
}

/** An emailed sign-in link (/login/email-link, decision 055) lasts this long. */
export const SIGN_IN_LINK_MINUTES = 15;

/**
 * The link asked for with 'Email me a sign-in link': it opens a page whose 'Sign in' button signs
 * in (the link alone does nothing, so a mail scanner that follows it does not use it up).
 */
export function emailedSignInLinkEmail(input: {
  brand: string;
  name: string;
  link: string;
  community?: string | null;
}): Email {
  return compose(`Your ${input.brand} sign-in link`, [
    greeting(input.name),
    [`Someone (hopefully you) asked for a link to sign in to your ${input.brand} account.`, "Sign in with this link:"],
    { link: input.link },
    [
      `The link works once and expires in ${SIGN_IN_LINK_MINUTES} minutes.`,
      "If you did not ask for this, ignore this email: nobody can sign in without it.",
    ],
    ...withCommunity(input.community),
  ]);
}

/**
 * A /special-access lead: the confirmation /thank-you-access promises, with what happens next and
 * a link to create an account with the address already filled in.
 */
export function leadConfirmationEmail(input: {
  brand: string;
  name: string;
  next: string[];
  signupUrl: string;
  supportEmail: string;
}): Email {
  return compose(`Your ${input.brand} access is confirmed`, [
    greeting(input.name),
    [`Thank you for signing up: your email is registered for ${input.brand}.`],
    ["What to expect next:", ...input.next.map((item) => `- ${item}`)],
    ["Create your account to get started (your email is already filled in):"],
    { link: input.signupUrl },
    [`Questions? Reply to this email or write to ${input.supportEmail}.`],
  ]);
}

/** Seconds until the next attempt after `attempts` failed ones: 30 s doubling, at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

/** Security notices (issue 11): each says what changed, when it was not you what to do. */
function securityNotice(subject: string, input: { name: string; what: string; support: string }): Email {
  return compose(subject, [
    greeting(input.name),
    [input.what],
    [`If this was you, there is nothing to do. If it was not, reset your password now and write to ${input.support}.`],
  ]);
}

type NoticeInput = { brand: string; name: string; support: string };

export function passwordChangedEmail(input: NoticeInput): Email {
  return securityNotice(`Your ${input.brand} password was changed`, {
    ...input,
    what: `The password of your ${input.brand} account was just changed. Every other session was signed out.`,
  });
}

export const EMAIL_CHANGE_TOKEN_HOURS = 24;

/** To the NEW address: the change takes effect only when this link is used. */
export function confirmEmailChangeEmail(input: {
  brand: string;
  name: string;
  link: string;
  account: AccountLine;
}): Email {
  return compose(`Confirm your new ${input.brand} email address`, [
    greeting(input.name),
    [`Please confirm that your ${input.brand} account should use this address from now on:`],
    { link: input.link },
    [
      `This confirms this address for ${accountOf(input.brand, input.account)}.`,
      "If you did not make this account, ignore this mail.",
    ],
    [
      `The link works once and expires in ${EMAIL_CHANGE_TOKEN_HOURS} hours.`,
      "If you did not ask for this, ignore this email: nothing will change.",
    ],
  ]);
}

/** To the OLD address once the change took effect. */
export function emailChangedEmail(input: NoticeInput & { newEmail: string }): Email {
  return securityNotice(`Your ${input.brand} email address was changed`, {
    ...input,
    what: `Your ${input.brand} account now uses ${input.newEmail} instead of this address.`,
  });
}

export function twoFactorEnabledEmail(input: NoticeInput): Email {
  return securityNotice(`Two-factor authentication is on for your ${input.brand} account`, {
    ...input,
    what: "Two-factor authentication was turned on: signing in now also asks for a code from your authentication app.",
  });
}

export function twoFactorDisabledEmail(input: NoticeInput): Email {
  return securityNotice(`Two-factor authentication is off for your ${input.brand} account`, {
    ...input,
    what: "Two-factor authentication was turned off: signing in now asks for your password only.",
  });
}

export function newSignInEmail(input: NoticeInput & { device: string; when: Date }): Email {
  return securityNotice(`New sign-in to your ${input.brand} account`, {
    ...input,
    what: `Your ${input.brand} account was signed in to from a device it had not used before: ${input.device}, on ${input.when.toUTCString()}.`,
  });
}

/** The wrong code that starts an account's code delays (once per burst of wrong codes). */
export function wrongTwoFactorCodesEmail(input: NoticeInput): Email {
  return securityNotice(`Wrong two-factor codes for your ${input.brand} account`, {
    ...input,
    what: `Several wrong two-factor codes were just entered for your ${input.brand} account, by someone who had your password or was signed in to your account. Each further try now waits longer.`,
  });
}

/** An admin removed the member's second factor (the member lost their authentication app). */
export function twoFactorRemovedEmail(input: NoticeInput): Email {
  return securityNotice(`Two-factor authentication was removed from your ${input.brand} account`, {
    ...input,
    what: `Our team removed two-factor authentication from your ${input.brand} account and signed out every session: signing in now asks for your password only. You can set it up again from your account page.`,
  });
}

/**
 * The last message to an erased person (issue 29, decision 056). Its outbox row is deleted once
 * delivered, so it greets no one by name and names nothing but the address it goes to.
 */
export function accountDeletedEmail(input: { brand: string; support: string; byRequest: boolean }): Email {
  return compose(`Your ${input.brand} account was deleted`, [
    ["Hi there,"],
    [
      input.byRequest
        ? `As you asked us, your ${input.brand} account and the personal data it held were deleted.`
        : `Your ${input.brand} account and the personal data it held were deleted, as you asked.`,
      "Your orders are kept for tax and accounting law under a random pseudonym, without your name or email address. You can sign up again with this address as a new member at any time.",
    ],
    [`Questions? Write to ${input.support}.`],
  ]);
}

export const DELETION_LINK_HOURS = 1;

/** 'Delete my account' of an account without a password: this link confirms it (decision 056). */
export function confirmDeletionEmail(input: { brand: string; name: string; link: string }): Email {
  return compose(`Confirm the deletion of your ${input.brand} account`, [
    greeting(input.name),
    [`Someone signed in to your ${input.brand} account asked to delete it. To delete it, open this link:`],
    { link: input.link },
    [
      `The link works once and expires in ${DELETION_LINK_HOURS} hour. Deleting cannot be undone: your orders stay for accounting under a pseudonym, everything else about you goes.`,
      "If you did not ask for this, ignore this email: nothing will change.",
    ],
  ]);
}
