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
