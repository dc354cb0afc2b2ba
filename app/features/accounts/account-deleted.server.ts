import { redirect } from "@remix-run/node";
import { secureCookies } from "~/platform/env.server";
import { specialAccessCookie } from "./login-flow";
import { clearSessionCookie } from "./session.server";

/** After a deletion: this browser signed out and sent to the login page, which says so. */
export async function accountDeletedResponse() {
  const headers = new Headers();
  headers.append("Set-Cookie", await clearSessionCookie());
  headers.append("Set-Cookie", specialAccessCookie(null, { secure: secureCookies() }));
  // Private member pages the browser kept go; the cookie-consent choice stays (decision 011).
  headers.append("Clear-Site-Data", '"cache"');
  return redirect("/login?notice=account-deleted", { status: 303, headers });
}
