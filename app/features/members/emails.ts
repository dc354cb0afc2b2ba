import { type Email, type Block, compose, greeting, withCommunity } from "~/platform/mail/compose";

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
