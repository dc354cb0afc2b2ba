import { RESET_TOKEN_HOURS } from "~/features/accounts";

import {
  type Email,
  type Receipt,
  compose,
  greeting,
  withReceipt,
  withAlsoAdded,
  withCommunity,
} from "~/platform/mail/compose";

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

/**
 * What a full refund ends, as its email says it: the training when the membership itself was
 * refunded; otherwise only the product refunded, while the membership (if the buyer still holds
 * one) and every other purchase stay. Null: an order of no known product (a marketplace item no
 * product maps to), whose access the email does not guess.
 */
export type RefundEnds = { kind: "membership" } | { kind: "product"; keepsMembership: boolean } | null;

/** A full refund: names the product and says what ends (issue 40). */
export function refundNoticeEmail(input: {
  brand: string;
  name: string;
  product: string;
  amount: string;
  reference: string;
  supportEmail: string;
  ends: RefundEnds;
}): Email {
  const ends =
    input.ends === null
      ? []
      : input.ends.kind === "membership"
        ? [`Your ${input.product} has ended, and with it your access to the training.`]
        : [
            input.ends.keepsMembership
              ? `Your ${input.product} has ended; your membership and everything else stay.`
              : `Your ${input.product} has ended; everything else you bought stays.`,
          ];
  return compose(`Your ${input.brand} refund`, [
    greeting(input.name),
    [`Your payment of ${input.amount} for ${input.product} (order ${input.reference}) has been refunded.`, ...ends],
    [`Questions? Write to ${input.supportEmail}`],
  ]);
}

/**
 * To the support address, the moment a custom SaaS package is sold: a client who paid for
 * coaching is waiting for a person, so the team hears at once rather than from the sales report.
 */
export function customSaasSaleEmail(input: {
  product: string;
  amount: string;
  reference: string;
  source: string;
  buyer: { email: string; name: string | null };
  applicationsUrl: string;
  ordersUrl: string | null;
}): Email {
  const buyer = input.buyer.name ? `${input.buyer.name} <${input.buyer.email}>` : input.buyer.email;
  return compose(`New custom SaaS sale: ${input.buyer.email}`, [
    [
      `${buyer} has just bought ${input.product}: ${input.amount} through ${input.source} (order ${input.reference}).`,
      "They are asked to fill in the application form next; reply to them if it does not arrive.",
    ],
    [`Applications: ${input.applicationsUrl}`, ...(input.ordersUrl ? [`Their orders: ${input.ordersUrl}`] : [])],
  ]);
}
