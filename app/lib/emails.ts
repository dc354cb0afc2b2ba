/**
 * The messages the site sends, as plain text. Pure, so their wording is tested alone.
 * Links are absolute: the mail is read outside the site.
 */
export const RESET_TOKEN_HOURS = 24;
export const VERIFY_TOKEN_HOURS = 72;

type Email = { subject: string; text: string };

/** A marketplace buyer without a password: their login details (SPEC §9: within about 5 minutes). */
export function setPasswordEmail(input: { brand: string; name: string; link: string; loginUrl: string }): Email {
  return {
    subject: `Your ${input.brand} login details`,
    text: [
      `Hi ${input.name.trim() || "there"},`,
      "",
      `Thank you for your purchase. Your ${input.brand} account is ready.`,
      "Set your password with this link to sign in:",
      "",
      input.link,
      "",
      `The link works once and expires in ${RESET_TOKEN_HOURS} hours. After that, sign in at`,
      `${input.loginUrl} and choose "Forgot password?" to get a new one.`,
      "",
      `Your login email is the address this message was sent to.`,
    ].join("\n"),
  };
}

/** A marketplace buyer who already has an account: the purchase is on it. */
export function purchaseAddedEmail(input: { brand: string; name: string; loginUrl: string }): Email {
  return {
    subject: `Your ${input.brand} access is ready`,
    text: [
      `Hi ${input.name.trim() || "there"},`,
      "",
      `Thank you for your purchase. It has been added to your existing ${input.brand} account.`,
      `Sign in with this email address at ${input.loginUrl}`,
    ].join("\n"),
  };
}

/** After signup: a link that proves the address belongs to whoever signed up. */
export function verifyEmailEmail(input: { brand: string; name: string; link: string }): Email {
  return {
    subject: `Confirm your ${input.brand} email address`,
    text: [
      `Hi ${input.name.trim() || "there"},`,
      "",
      `Please confirm that this address belongs to your new ${input.brand} account:`,
      "",
      input.link,
      "",
      `The link works once and expires in ${VERIFY_TOKEN_HOURS} hours.`,
      "If you did not create an account, ignore this email: nothing will be confirmed.",
    ].join("\n"),
  };
}

export function resetPasswordEmail(input: { brand: string; link: string }): Email {
  return {
    subject: `Reset your ${input.brand} password`,
    text: [
      `Someone (hopefully you) asked to reset the password of your ${input.brand} account.`,
      "Choose a new password with this link:",
      "",
      input.link,
      "",
      `The link works once and expires in ${RESET_TOKEN_HOURS} hours.`,
      "If you did not ask for this, ignore this email: your password stays the same.",
    ].join("\n"),
  };
}

/** Seconds until the next attempt after `attempts` failed ones: 30 s doubling, at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

/** Security notices (issue 11): each says what changed, when it was not you what to do. */
function securityNotice(input: { brand: string; name: string; what: string; support: string }): string {
  return [
    `Hi ${input.name.trim() || "there"},`,
    "",
    input.what,
    "",
    `If this was you, there is nothing to do. If it was not, reset your password now and write to ${input.support}.`,
  ].join("\n");
}

type NoticeInput = { brand: string; name: string; support: string };

export function passwordChangedEmail(input: NoticeInput): Email {
  return {
    subject: `Your ${input.brand} password was changed`,
    text: securityNotice({ ...input, what: `The password of your ${input.brand} account was just changed. Every other session was signed out.` }),
  };
}

export const EMAIL_CHANGE_TOKEN_HOURS = 24;

/** To the NEW address: the change takes effect only when this link is used. */
export function confirmEmailChangeEmail(input: { brand: string; name: string; link: string }): Email {
  return {
    subject: `Confirm your new ${input.brand} email address`,
    text: [
      `Hi ${input.name.trim() || "there"},`,
      "",
      `Please confirm that your ${input.brand} account should use this address from now on:`,
      "",
      input.link,
      "",
      `The link works once and expires in ${EMAIL_CHANGE_TOKEN_HOURS} hours.`,
      "If you did not ask for this, ignore this email: nothing will change.",
    ].join("\n"),
  };
}

/** To the OLD address once the change took effect. */
export function emailChangedEmail(input: NoticeInput & { newEmail: string }): Email {
  return {
    subject: `Your ${input.brand} email address was changed`,
    text: securityNotice({ ...input, what: `Your ${input.brand} account now uses ${input.newEmail} instead of this address.` }),
  };
}

export function twoFactorEnabledEmail(input: NoticeInput): Email {
  return {
    subject: `Two-factor authentication is on for your ${input.brand} account`,
    text: securityNotice({ ...input, what: "Two-factor authentication was turned on: signing in now also asks for a code from your authentication app." }),
  };
}

export function twoFactorDisabledEmail(input: NoticeInput): Email {
  return {
    subject: `Two-factor authentication is off for your ${input.brand} account`,
    text: securityNotice({ ...input, what: "Two-factor authentication was turned off: signing in now asks for your password only." }),
  };
}

export function newSignInEmail(input: NoticeInput & { device: string; when: Date }): Email {
  return {
    subject: `New sign-in to your ${input.brand} account`,
    text: securityNotice({
      ...input,
      what: `Your ${input.brand} account was signed in to from a device it had not used before: ${input.device}, on ${input.when.toUTCString()}.`,
    }),
  };
}
