/**
 * The messages the site sends, as plain text. Pure, so their wording is tested alone.
 * Links are absolute: the mail is read outside the site.
 */
export const RESET_TOKEN_HOURS = 24;

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

/**
 * A /special-access lead: the confirmation /thank-you-access promises, with what happens next and
 * a link to create an account with the address already filled in.
 */
export function leadConfirmationEmail(input: { brand: string; name: string; next: string[]; signupUrl: string; supportEmail: string }): Email {
  return {
    subject: `Your ${input.brand} access is confirmed`,
    text: [
      `Hi ${input.name.trim() || "there"},`,
      "",
      `Thank you for signing up: your email is registered for ${input.brand}.`,
      "",
      "What to expect next:",
      ...input.next.map((item) => `- ${item}`),
      "",
      "Create your account to get started (your email is already filled in):",
      "",
      input.signupUrl,
      "",
      `Questions? Reply to this email or write to ${input.supportEmail}.`,
    ].join("\n"),
  };
}

/** Seconds until the next attempt after `attempts` failed ones: 30 s doubling, at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}
