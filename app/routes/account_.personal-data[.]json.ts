import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { redirectWithFlash } from "~/platform/flash.server";
import { PRIVACY_PAGE } from "~/features/accounts/account-pages";
import { requireUser } from "~/features/accounts/index.server";
import { exportPersonalData, personalDataResponse } from "~/features/privacy/index.server";

/** POST only (docs/product.md §2): a GET reveals nothing, and goes to the page with the button. */
export async function loader() {
  return redirect(PRIVACY_PAGE);
}

/**
 * 'Download my data' on /account/privacy (issue 29, decision 056): the JSON file. A resource route
 * of its own, because a page's action cannot answer with a file; a post of the form to
 * /account/privacy, as before the page existed, is sent here with a 307.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const file = await exportPersonalData(user.id, { kind: "member" });
  return file.ok
    ? personalDataResponse(file)
    : redirectWithFlash(PRIVACY_PAGE, { kind: "error", message: file.message });
}
