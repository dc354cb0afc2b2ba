import {
  type Email,
  type Receipt,
  compose,
  greeting,
  type AccountLine,
  accountOf,
  withReceipt,
  withCommunity,
  securityNotice,
  type NoticeInput,
} from "~/platform/mail/compose";

export const RESET_TOKEN_HOURS = 24;

export const VERIFY_TOKEN_HOURS = 72;

/** A claim link (decision 048): long enough for a weekend; a fresh one can be asked for at any time. */
export const CLAIM_TOKEN_HOURS = 72;

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
