import { redirect } from "@remix-run/node";
import { env } from "~/platform/env.server";
import { redirectWithFlash } from "~/platform/flash.server";
import { SECURITY_PAGE } from "./account-pages";
import type { SessionUser } from "./session-store.server";
import { getSessionUser } from "./session.server";

/**
 * Route guards: each throws a redirect when the visitor may not be here. Remix runs no parent
 * loader before an action, so every action and resource route calls one of these itself.
 */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) {
    const url = new URL(request.url);
    const here = url.pathname + url.search;
    throw redirect(`/login?${new URLSearchParams({ redirect: here })}`);
  }
  return user;
}

export const ADMIN_NEEDS_FACTOR = "Set up two-factor authentication to open the Admin Panel.";
export const ADMIN_NEEDS_FACTOR_FOR_TRAINING = "Set up two-factor authentication to open the training as an admin.";

/**
 * The admin rule (decision 050): where this account stands as an admin in THIS session. An admin
 * with a second factor holds admin rights only in a session that verified it (aal2); with
 * ADMIN_REQUIRE_2FA, an admin without a factor holds none until one is set up. Every place where
 * being an admin gives more than a member gets (the admin pages, receipts of other people's
 * orders, drafts, the training without paying) asks this, never `isAdmin` alone.
 */
export type AdminStanding = "not-admin" | "admin" | "needs-step-up" | "needs-factor";

export function adminStanding(user: Pick<SessionUser, "isAdmin" | "hasTwoFactor" | "aal">): AdminStanding {
  if (!user.isAdmin) return "not-admin";
  if (user.hasTwoFactor) return user.aal === "aal2" ? "admin" : "needs-step-up";
  return env().ADMIN_REQUIRE_2FA ? "needs-factor" : "admin";
}

/** True when this session holds admin rights; an admin before step-up gets a member's view. */
export function hasAdminRights(user: Pick<SessionUser, "isAdmin" | "hasTwoFactor" | "aal">): boolean {
  return adminStanding(user) === "admin";
}

/** Throws the way to admin rights for an admin's session that lacks them: the code step or /account/security. */
export async function passAdminRule(request: Request, user: SessionUser, needsFactor: string): Promise<void> {
  const standing = adminStanding(user);
  if (standing === "needs-step-up") {
    const url = new URL(request.url);
    throw redirect(`/login/two-factor?${new URLSearchParams({ redirect: url.pathname + url.search })}`);
  }
  if (standing === "needs-factor") {
    throw await redirectWithFlash(SECURITY_PAGE, { kind: "error", message: needsFactor });
  }
}

/**
 * Admins only; signed-in non-admins go to /dashboard, visitors to /login. An admin with a second
 * factor needs a session that verified it (aal2): an aal1 session is sent to the code step. With
 * ADMIN_REQUIRE_2FA, an admin without a factor is sent to /account/security to set one up.
 */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw redirect("/dashboard");
  await passAdminRule(request, user, ADMIN_NEEDS_FACTOR);
  return user;
}

/**
 * Whether the request's session may use the Admin Panel as it stands (requireAdmin's rule, without
 * its redirects). The HTTP layer asks before it reads a body to /admin: only such a session gets
 * the editor's large body limit (server/body-limits.ts).
 */
export async function hasAdminSession(request: Request): Promise<boolean> {
  const user = await getSessionUser(request);
  if (!user?.isAdmin) return false;
  return user.hasTwoFactor ? user.aal === "aal2" : !env().ADMIN_REQUIRE_2FA;
}
