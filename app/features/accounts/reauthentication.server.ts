import { markPasswordVerified, passwordVerifiedWithin } from "./session-store.server";
import { findUserById, normalizeEmail } from "./users.server";
import { checkPassword } from "./password-throttle.server";
import { currentSessionIdHash } from "./session.server";

/**
 * Re-authentication (decision 047): a signed-in session proves again that its user knows the
 * password before a change a stolen cookie must not make (two-factor on, confirmed, its recovery
 * codes regenerated, or off). A password check in this session within REAUTH_MINUTES counts (its
 * sign-in, or an earlier re-entry); otherwise the current password is asked for, and checked
 * through the one password throttle like every other password check.
 */
export const REAUTH_MINUTES = 10;
export const WRONG_PASSWORD = "Your current password is not correct.";
export const PASSWORD_NEEDED = "Enter your current password to change two-factor authentication.";

/** Who asks: the signed-in account, its session, and the request's client address and cookies. */
export type Asker = {
  user: { id: string; email: string };
  sessionIdHash: string;
  clientAddress: string;
  cookieHeader: string | null;
};

export async function askerFor(
  request: Request,
  context: { clientAddress?: string },
  user: { id: string; email: string },
): Promise<Asker> {
  return {
    user,
    sessionIdHash: (await currentSessionIdHash(request)) ?? "",
    clientAddress: context.clientAddress ?? "unknown",
    cookieHeader: request.headers.get("Cookie"),
  };
}

export type ReauthResult = { ok: true } | { ok: false; message: string };

/** The current password typed on /account, through the throttle. Right: this session proved it now. */
export async function verifyCurrentPassword(asker: Asker, password: string): Promise<ReauthResult> {
  const account = await findUserById(asker.user.id);
  const check = await checkPassword(
    {
      email: normalizeEmail(asker.user.email),
      userId: account ? asker.user.id : null,
      clientAddress: asker.clientAddress,
      cookieHeader: asker.cookieHeader,
      sessionIdHash: asker.sessionIdHash || null,
    },
    password,
    account?.passwordHash ?? null,
  );
  if (check.outcome === "refused") return { ok: false, message: check.message };
  if (check.outcome === "wrong") return { ok: false, message: WRONG_PASSWORD };
  if (asker.sessionIdHash) await markPasswordVerified(asker.sessionIdHash);
  return { ok: true };
}

/** This session proved the password within REAUTH_MINUTES. */
export async function passwordRecentlyVerified(sessionIdHash: string | null): Promise<boolean> {
  return sessionIdHash ? passwordVerifiedWithin(sessionIdHash, REAUTH_MINUTES) : false;
}

/** Before a two-factor change: the password typed now, or a password check in this session within REAUTH_MINUTES. */
export async function reauthenticate(asker: Asker, password: string | null | undefined): Promise<ReauthResult> {
  if (password) return verifyCurrentPassword(asker, password);
  if (await passwordRecentlyVerified(asker.sessionIdHash)) return { ok: true };
  return { ok: false, message: PASSWORD_NEEDED };
}
