import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useOutletContext } from "@remix-run/react";
import { redirectWithFlash } from "~/platform/flash.server";
import { isUuid } from "~/platform/uuid";
import { findUserById, requireAdmin } from "~/features/accounts/index.server";
import { memberIdOr404 } from "~/features/members/index.server";
import { firstError } from "~/platform/forms/submission-errors";
import { memberPrivacyFormSchema } from "~/features/members/member-forms";
import { memberPagePath } from "~/features/members/member-pages";
import type { MemberOutletContext } from "~/features/members/member-layout";
import { eraseMemberByAdmin } from "~/features/privacy/index.server";
import { adminExportPath, MemberPrivacy } from "~/features/privacy/member-privacy";

/**
 * 'Privacy' (/admin/members/{id}/privacy; issue 29, decision 056): 'Export data' and 'Erase
 * member'. The page shows only the layout's member, so its loader only guards.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  memberIdOr404(params.id);
  return null;
}

/**
 * 'Erase member', the same as the member's own 'Delete my account', with a reason and the address
 * typed to confirm; audited. 'Export data' answers with a file, which only a resource route can:
 * a form posted here for it (a page opened before the split) is sent on there with a 307.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const member = isUuid(params.id) ? await findUserById(params.id) : undefined;
  if (!member) return redirectWithFlash("/admin/members", { kind: "error", message: "That member no longer exists." });
  const here = memberPagePath(member.id, "privacy");
  const submission = parseWithZod(await request.formData(), { schema: memberPrivacyFormSchema });
  if (submission.status !== "success")
    return redirectWithFlash(here, { kind: "error", message: firstError(submission.error) });
  const form = submission.value;
  switch (form.intent) {
    case "export":
      return redirect(adminExportPath(member.id), 307);
    case "erase": {
      const result = await eraseMemberByAdmin(admin, member, { reason: form.reason, typedEmail: form.confirm_email });
      return result.ok
        ? redirectWithFlash("/admin/members", {
            kind: "success",
            message: `The member was erased; their orders are kept as ${result.pseudonym}.`,
          })
        : redirectWithFlash(here, { kind: "error", message: result.message });
    }
  }
}

export default function MemberPrivacyPage() {
  const { member } = useOutletContext<MemberOutletContext>();
  return <MemberPrivacy memberId={member.id} email={member.email} />;
}
