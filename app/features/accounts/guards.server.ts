import { redirect } from "@remix-run/node";
import { STARTER_PRODUCT } from "~/features/catalogue/catalogue";
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

/**
 * A paid member, or an admin whose session holds admin rights (docs/product.md §6): other users
 * are sent to the plan page. An admin who has not paid and whose session has not passed the admin
 * rule yet is sent to pass it (the code step, or /account/security to set up a factor), as for /admin.
 */
export async function requirePaidMember(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.hasPaid) return user;
  if (!user.isAdmin) throw redirect("/payment-options");
  await passAdminRule(request, user, ADMIN_NEEDS_FACTOR_FOR_TRAINING);
  return user;
}

/**
 * The training area's door (issue 27): a paid member, an owner of the free starter product (a
 * lead who made an account: the starter courses and the idea generator, the paid courses shown
 * locked), or an admin as requirePaidMember lets in. Pages that sell the membership's own tools
 * (the app builder, the bonuses) keep requirePaidMember.
 */
export async function requireTrainingAccess(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (opensTraining(user)) return user;
  return requirePaidMember(request);
}

/**
 * Whether the training area has something for this user without admin rights: a paid member, or
 * an owner of the starter product (its courses open, the paid ones shown locked).
 */
export function opensTraining(user: Pick<SessionUser, "hasPaid" | "products">): boolean {
  return user.hasPaid || user.products.includes(STARTER_PRODUCT);
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
async function passAdminRule(request: Request, user: SessionUser, needsFactor: string): Promise<void> {
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

/**
 * Where a signed-in user belongs by default: the training area for an admin, a paid member or a
 * starter owner (docs/product.md §4 "Login flow"), else the plan page.
 */
export function homeFor(user: Pick<SessionUser, "isAdmin" | "hasPaid" | "products">): string {
  return user.isAdmin || opensTraining(user) ? "/dashboard" : "/payment-options";
}
