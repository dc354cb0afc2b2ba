import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { redirectWithFlash } from "~/platform/flash.server";
import { isUuid } from "~/platform/uuid";
import { findUserById, requireAdmin } from "~/features/accounts/index.server";
import { firstError } from "~/platform/forms/submission-errors";
import { memberExportFormSchema } from "~/features/members/member-forms";
import { memberPagePath } from "~/features/members/member-pages";
import { exportPersonalData, personalDataResponse } from "~/features/privacy/index.server";

/** POST only: a GET goes back to the member's privacy page. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect(isUuid(params.id) ? memberPagePath(params.id, "privacy") : "/admin/members");
}

/**
 * 'Export data' on /admin/members/{id}/privacy (issue 29, decision 056): the member's JSON file,
 * the same as their own 'Download my data'. Audited. A resource route, so it can answer with the file.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const member = isUuid(params.id) ? await findUserById(params.id) : undefined;
  if (!member) return redirectWithFlash("/admin/members", { kind: "error", message: "That member no longer exists." });
  const here = memberPagePath(member.id, "privacy");
  const submission = parseWithZod(await request.formData(), { schema: memberExportFormSchema });
  if (submission.status !== "success")
    return redirectWithFlash(here, { kind: "error", message: firstError(submission.error) });
  const file = await exportPersonalData(member.id, { kind: "admin", admin });
  return file.ok ? personalDataResponse(file) : redirectWithFlash(here, { kind: "error", message: file.message });
}
