import { redirect } from "@remix-run/node";
import { env } from "~/infra/env.server";
import { redirectWithFlash } from "~/infra/flash.server";
import type { SessionUser } from "~/models/session.server";
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

/** A paid member or an admin (docs/product.md §6): others are sent to the plan page. */
export async function requirePaidMember(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!user.hasPaid && !user.isAdmin) throw redirect("/payment-options");
  return user;
}

export const ADMIN_NEEDS_FACTOR = "Set up two-factor authentication to open the Admin Panel.";

/**
 * Admins only; signed-in non-admins go to /dashboard, visitors to /login. An admin with a second
 * factor needs a session that verified it (aal2): an aal1 session is sent to the code step. With
 * ADMIN_REQUIRE_2FA, an admin without a factor is sent to /account to set one up.
 */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw redirect("/dashboard");
  if (user.hasTwoFactor && user.aal !== "aal2") {
    const url = new URL(request.url);
    throw redirect(`/login/two-factor?${new URLSearchParams({ redirect: url.pathname + url.search })}`);
  }
  if (!user.hasTwoFactor && env().ADMIN_REQUIRE_2FA) {
    throw await redirectWithFlash("/account", { kind: "error", message: ADMIN_NEEDS_FACTOR });
  }
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

/** Where a signed-in user belongs by default: the training area when paid (or admin), else the plan page. */
export function homeFor(user: Pick<SessionUser, "isAdmin" | "hasPaid">): string {
  return user.isAdmin || user.hasPaid ? "/dashboard" : "/payment-options";
}
