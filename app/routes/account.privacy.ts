import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { accountDeletedResponse, requireUser, askerFor } from "~/features/accounts/index.server";
import { env } from "~/platform/env.server";
import { redirectWithFlash } from "~/platform/flash.server";
import { siteOrigin } from "~/platform/site-origin";
import { deleteOwnAccount, exportPersonalData, personalDataResponse } from "~/features/privacy/index.server";

/** POST only (docs/product.md §2): a GET changes and reveals nothing. */
export async function loader() {
  return redirect("/account#privacy");
}

const back = (message: string) => redirectWithFlash("/account#privacy", { kind: "error", message });

/**
 * 'Privacy and data' on /account (issue 29, decision 056): 'Download my data' answers with the
 * JSON file; 'Delete my account' erases the account once the typed address, the current password
 * and (with two-factor on) a code are right, then signs this browser out.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  switch (field("intent")) {
    case "export": {
      const file = await exportPersonalData(user.id, { kind: "member" });
      return file.ok ? personalDataResponse(file) : back(file.message);
    }
    case "delete": {
      const asker = await askerFor(request, context, user);
      const result = await deleteOwnAccount(
        asker,
        { typedEmail: field("confirm_email"), password: field("current_password"), code: field("code") || undefined },
        siteOrigin(env().PUBLIC_URL, request.url),
      );
      if (result.ok === "link-sent")
        return redirectWithFlash("/account#privacy", { kind: "success", message: result.message });
      if (!result.ok) return back(result.message);
      return accountDeletedResponse();
    }
    default:
      return back("That action is not known. Please try again.");
  }
}
