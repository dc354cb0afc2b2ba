import { redirect } from "@remix-run/node";
import { STARTER_PRODUCT } from "./catalogue";
import { destinationAfterLogin, hasSpecialAccessFlag } from "~/features/accounts";
import { hasPaidAccess, hasVerifiedFactor, startSession, beginChallenge } from "~/features/accounts/index.server";
import { ownsProduct } from "./entitlement.server";
import type { Aal } from "~/features/accounts/index.server";

type Login = { userId: string; isAdmin: boolean; redirectTo?: string | null; specialAccess: boolean };

/**
 * The end of a sign-in (docs/product.md §4), the same after a password alone or after a password and a code:
 * special_access (form, query or the browser-session flag) goes to /dashboard, admins, paid
 * members and starter owners (a lead's account: its course is on the dashboard) to the redirect
 * parameter or /dashboard, others to it or /payment-options.
 */
export async function completeLogin(
  request: Request,
  login: Login,
  init: { headers?: Headers; aal?: Aal; passwordVerifiedAt?: Date | null } = {},
) {
  const specialAccess =
    login.specialAccess || hasSpecialAccessFlag(new URL(request.url), request.headers.get("Cookie"));
  const opensTraining =
    !login.isAdmin &&
    !specialAccess &&
    ((await hasPaidAccess(login.userId)) || (await ownsProduct(login.userId, STARTER_PRODUCT)));
  const destination = destinationAfterLogin({
    isAdmin: login.isAdmin,
    opensTraining,
    specialAccess,
    redirectTo: login.redirectTo ?? undefined,
  });
  return startSession(request, login.userId, destination, init);
}

/**
 * After a correct password (typed at /login, or chosen with a reset link). An account with a
 * verified second factor gets NO session yet: the browser gets the half-signed-in cookie and goes
 * to the code step, which finishes the login. The session remembers when the password was typed
 * (the challenge's start, after a code): two-factor changes within 10 minutes need no re-entry.
 */
export async function continueAfterPassword(request: Request, login: Login, headers: Headers) {
  if (await hasVerifiedFactor(login.userId)) {
    const specialAccess =
      login.specialAccess || hasSpecialAccessFlag(new URL(request.url), request.headers.get("Cookie"));
    headers.append(
      "Set-Cookie",
      await beginChallenge({ userId: login.userId, redirectTo: login.redirectTo ?? null, specialAccess }),
    );
    return redirect("/login/two-factor", { status: 303, headers });
  }
  return completeLogin(request, login, { headers, passwordVerifiedAt: new Date() });
}

/**
 * After an emailed sign-in link was used (decision 055): the same as after a password, except
 * that no password was typed, so a second factor's challenge and the session do not claim one.
 */
export async function continueAfterEmailLink(request: Request, login: Login, headers: Headers) {
  if (await hasVerifiedFactor(login.userId)) {
    headers.append(
      "Set-Cookie",
      await beginChallenge({
        userId: login.userId,
        redirectTo: login.redirectTo ?? null,
        specialAccess: login.specialAccess,
        passwordTyped: false,
      }),
    );
    return redirect("/login/two-factor", { status: 303, headers });
  }
  return completeLogin(request, login, { headers });
}
