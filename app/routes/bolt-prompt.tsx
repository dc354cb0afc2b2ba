import { redirect } from "@remix-run/node";

/** The mobile menu's app-builder link (docs/product.md §2) lands on the one app-builder page (docs/decisions/016-bolt-prompt-redirect.md). */
export async function loader() {
  return redirect("/app-builder");
}
