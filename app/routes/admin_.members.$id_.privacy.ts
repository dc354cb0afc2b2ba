import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { redirectWithFlash } from "~/platform/flash.server";
import { isUuid } from "~/platform/uuid";
import { findUserById, requireAdmin } from "~/features/accounts/index.server";
import { eraseMemberByAdmin, exportPersonalData, personalDataResponse } from "~/features/privacy/index.server";

/** POST only (docs/product.md §2): a GET goes back to the member's page. */
export async function loader({ params }: ActionFunctionArgs) {
  return redirect(isUuid(params.id ?? "") ? `/admin/members/${params.id}` : "/admin/members");
}

/**
 * 'Export data' and 'Erase member' on /admin/members/{id} (issue 29, decision 056): the member's
 * JSON file, the same as their own 'Download my data'; and their erasure, the same as their own
 * 'Delete my account', with a reason and the address typed to confirm. Both audited.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const member = isUuid(params.id ?? "") ? await findUserById(params.id!) : undefined;
  if (!member) return redirectWithFlash("/admin/members", { kind: "error", message: "That member no longer exists." });
  const here = `/admin/members/${member.id}`;
  const form = await request.formData();
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  switch (field("intent")) {
    case "export": {
      const file = await exportPersonalData(member.id, { kind: "admin", admin });
      return file.ok ? personalDataResponse(file) : redirectWithFlash(here, { kind: "error", message: file.message });
    }
    case "erase": {
      const result = await eraseMemberByAdmin(admin, member, {
        reason: field("reason"),
        typedEmail: field("confirm_email"),
      });
      return result.ok
        ? redirectWithFlash("/admin/members", {
            kind: "success",
            message: `The member was erased; their orders are kept as ${result.pseudonym}.`,
          })
        : redirectWithFlash(here, { kind: "error", message: result.message });
    }
    default:
      return redirectWithFlash(here, { kind: "error", message: "Unknown action." });
  }
}
