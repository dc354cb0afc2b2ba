import { db } from "~/platform/db/db.server";
import { env } from "~/platform/env.server";
import { emailedSignInLinkEmail, SIGN_IN_LINK_MINUTES } from "./emails";
import { enqueueEmail } from "~/platform/mail/outbox.server";
import * as singleUseToken from "~/platform/single-use-token.server";
import { findUserByEmail, findUserById, markOwnerProven, normalizeEmail } from "./users.server";
import { claimHeldForAddress } from "./purchase-claims.server";
import { kickMailer } from "~/platform/mail/sender.server";
import { communityFor } from "./paid-access.server";
import { asMailRequester, type Requester } from "./known-device.server";
import { maskedEmail } from "./masked-email";
import { mailBudgetAllows, RATE_LIMITS } from "~/platform/rate-limit/rate-limit.server";

/**
 * Sign-in by an emailed link (issue 28, decision 055): /login/email-link asks for one,
 * /login/link uses it. The link carries a `sign_in` single-use token (decision 038): only its hash
 * is stored, it lasts SIGN_IN_LINK_MINUTES, and the outbox seals it at rest (decision 046).
 */
const signInLink = (origin: string, token: string) => `${origin}/login/link?${new URLSearchParams({ token })}`;

/**
 * 'Email me a sign-in link': when the account exists and the budgets allow (rate-limit.server
 * `mailBudgetAllows`: 3 an hour per requester and address, then 10 an hour for the address from
 * anyone, which a browser that signed in to the account before skips, then one an hour per
 * network; decision 069), a link is queued with its
 * token in one transaction. The caller's answer is the same in every case, so it reveals
 * neither who has an account nor the budget. An earlier unused link stays usable, as reset links
 * do (decision 046): anyone may ask for a link to any address, so ending the older one would let
 * a stranger spoil the link the owner is about to use, again and again.
 */
export async function requestSignInLink(
  email: string,
  origin: string,
  requester: Requester,
  redirectTo: string | null = null,
) {
  const address = normalizeEmail(email);
  const user = await findUserByEmail(address);
  const budget = {
    perRequester: RATE_LIMITS.signInLinkPerRequester,
    perEmail: RATE_LIMITS.signInLinkPerEmail,
    perNetwork: RATE_LIMITS.signInLinkPerNetwork,
    perDevice: RATE_LIMITS.signInLinkPerDevice,
  };
  if (!(await mailBudgetAllows(budget, address, await asMailRequester(requester, user?.id ?? null)))) return;
  if (!user) return;
  await db()
    .transaction()
    .execute(async (trx) => {
      const token = await singleUseToken.issue(trx, {
        purpose: "sign_in",
        userId: user.id,
        minutes: SIGN_IN_LINK_MINUTES,
        data: { email: user.email, redirectTo },
      });
      await enqueueEmail(trx, {
        to: user.email,
        ...emailedSignInLinkEmail({
          brand: env().BRAND_NAME,
          name: user.name,
          link: signInLink(origin, token),
          community: await communityFor(trx, user.id),
        }),
      });
    });
  kickMailer();
}

/**
 * The account a sign-in link opens, masked ("j•••@example.com"), or null when the link can no
 * longer be used: its page says 'Sign in as j•••@example.com' (issue 41, decision 069), so a
 * stranger's own link, opened by someone else, names the stranger's account before the click.
 */
export async function signInLinkAccount(token: string): Promise<string | null> {
  const grant = await singleUseToken.peek("sign_in", token);
  const user = grant ? await findUserById(grant.userId) : undefined;
  return user ? maskedEmail(user.email) : null;
}

/**
 * Uses a sign-in link up (once, even against a double submit) and returns who signs in, or null.
 * An account without a password has nobody in it but whoever reads the address's mail: it is
 * marked as its owner's, and marketplace purchases held for the address join it (decision 048).
 * An account with a password is left as it is: the link says nothing about who holds that.
 */
export async function spendSignInLink(
  token: string,
): Promise<{ userId: string; isAdmin: boolean; redirectTo: string | null } | null> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const grant = await singleUseToken.consume(trx, "sign_in", token);
      if (!grant) return null;
      const user = await findUserById(grant.userId, trx);
      if (!user) return null;
      const mailedTo = typeof grant.data?.email === "string" ? grant.data.email : null;
      if (user.passwordHash === null && mailedTo) {
        const email = await markOwnerProven(trx, user.id, mailedTo);
        if (email) await claimHeldForAddress(trx, user.id, email);
      }
      const redirectTo = typeof grant.data?.redirectTo === "string" ? grant.data.redirectTo : null;
      return { userId: user.id, isAdmin: user.isAdmin, redirectTo };
    });
}
