import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { secureCookies } from "~/platform/env.server";
import { clearSessionCookie, getSessionUser, deleteAllSessionsOfUser } from "~/features/accounts/index.server";
import { specialAccessCookie } from "~/features/accounts/login-flow";

/** Logging out is a POST only: a GET never changes anything. */
export async function loader() {
  return redirect("/");
}

/**
 * Global sign-out (docs/product.md §4): every session of the user ends, on every device. Cookies tied to the
 * account go too; the cookie-consent choice stays (docs/decisions/011-logout-keeps-the-consent-choice.md).
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await getSessionUser(request);
  if (user) await deleteAllSessionsOfUser(user.id);
  const headers = new Headers();
  headers.append("Set-Cookie", await clearSessionCookie());
  headers.append("Set-Cookie", specialAccessCookie(null, { secure: secureCookies() }));
  // Private member pages the browser kept (Cache-Control: private, max-age) go too.
  headers.append("Clear-Site-Data", '"cache", "storage"');
  return redirect("/", { status: 303, headers });
}
