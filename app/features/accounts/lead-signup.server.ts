import { now } from "~/platform/clock.server";
import { isLinkSigned, signLink } from "~/platform/signed-link.server";

/** How long the confirmation email's signup link proves the address. */
export const LEAD_SIGNUP_LINK_DAYS = 7;

const signedPart = (email: string, expiresDay: number) => `lead-signup\n${email}\n${expiresDay}`;

/**
 * The token of the confirmation email's signup link: whoever opens it reads the lead's mail, so
 * an account made through it with that address is verified at once and gets the starter product
 * (decision 054). `{expiry day in base 36}-{signature}`: base64url characters only, so the outbox
 * withholds it at rest like every `token=` link (decision 046).
 */
export function leadSignupToken(email: string): string {
  const expiresDay = Math.floor(now().getTime() / 86_400_000) + LEAD_SIGNUP_LINK_DAYS;
  return `${expiresDay.toString(36)}-${signLink("lead-signup-link", signedPart(email, expiresDay))}`;
}

export function isLeadSignupToken(token: unknown, email: string): boolean {
  if (typeof token !== "string") return false;
  const match = token.match(/^([0-9a-z]{1,8})-([A-Za-z0-9_-]{24})$/);
  if (!match) return false;
  const expiresDay = Number.parseInt(match[1]!, 36);
  if (expiresDay < Math.floor(now().getTime() / 86_400_000)) return false;
  return isLinkSigned("lead-signup-link", signedPart(email, expiresDay), match[2]!);
}
