import { redirect } from "@remix-run/node";
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

/** A paid member or an admin (SPEC §6): others are sent to the plan page. */
export async function requirePaidMember(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!user.hasPaid && !user.isAdmin) throw redirect("/payment-options");
  return user;
}

/** Admins only; signed-in non-admins go to /dashboard, visitors to /login. */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw redirect("/dashboard");
  return user;
}

/** Where a signed-in user belongs by default: the training area when paid (or admin), else the plan page. */
export function homeFor(user: Pick<SessionUser, "isAdmin" | "hasPaid">): string {
  return user.isAdmin || user.hasPaid ? "/dashboard" : "/payment-options";
}
