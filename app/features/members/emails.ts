import { type Email, type Block, compose, greeting, withCommunity } from "~/platform/mail/compose";

/** An admin's invitation ('Add member', 'Import members'): its set-password link lasts this long. */
export const INVITATION_TOKEN_HOURS = 72;

/**
 * An admin gave someone access (decision 055). A member who has no password yet gets a link to
 * choose one; a member who has one is told to sign in as usual. When the account's holder is not
 * proven to own the address (decision 067), the access is held for the address and the mail's
 * link is a claim link (`claim`).
 */
export function invitationEmail(input: {
  brand: string;
  name: string;
  products: readonly string[];
  loginUrl: string;
  link: string | null;
  claim?: { link: string; forgotUrl: string; hours: number } | null;
  community?: string | null;
}): Email {
  if (input.claim) {
    return compose(`You have been given access to ${input.brand}`, [
      greeting(input.name),
      [`You have been given access to ${input.brand}:`, ...input.products.map((name) => `- ${name}`)],
      [`It is kept for this address until you claim it with this link:`],
      { link: input.claim.link },
      [
        "An account already uses this address. If you are signed in to it when you open the link, one click",
        "adds the access. Otherwise you choose a new password and the account becomes yours: every other",
        "session, two-factor sign-in and emailed link of it ends.",
      ],
      [
        `The link works once and expires in ${input.claim.hours} hours. Nothing is lost: ask for a new link at`,
        `${input.claim.forgotUrl} with this address.`,
      ],
    ]);
  }
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
