import { redirect } from "@remix-run/node";

/** The mobile menu's app-builder link (SPEC §2) lands on the one app-builder page (ARCHITECTURE decision 2). */
export async function loader() {
  return redirect("/app-builder");
}
