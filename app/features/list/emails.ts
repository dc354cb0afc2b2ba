import { type Email, compose, greeting } from "~/platform/mail/compose";

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

/**
 * An account not proven to own its address turned product news back on for an address that had
 * unsubscribed (decision 067): only the address's owner may undo that, with this link to the
 * address's own subscription page ('Resubscribe').
 */
export function confirmNewsEmail(input: { brand: string; name: string; link: string }): Email {
  return compose(`Confirm ${input.brand} product news`, [
    greeting(input.name),
    [
      `Someone signed in to the ${input.brand} account that uses this address asked to receive product news`,
      "and announcements again. This address unsubscribed before, so nothing is sent until you confirm:",
    ],
    { link: input.link },
    ["Open the link and choose 'Resubscribe'. If you did not ask for this, ignore this mail: nothing changes."],
  ]);
}
