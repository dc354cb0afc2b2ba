import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/platform/ui/admin/admin-page";
import { inputClass, panelClass, primaryButton } from "~/platform/ui/admin/form-controls";
import { env } from "~/platform/env.server";
import { redirectWithFlash, takeFlash } from "~/platform/flash.server";
import { readCommunityOverride, saveCommunityInviteUrl } from "~/features/community/index.server";
import { COMMUNITY_URL_MAX, inviteUrlFormSchema } from "~/features/community/community-forms";
import { firstError } from "~/platform/forms/submission-errors";
import { requireAdmin } from "~/features/accounts/index.server";
import { brandedTitle } from "~/platform/page-meta";

export const meta: MetaFunction = ({ matches }) => [brandedTitle("Community | Admin", matches)];

/** The private community's invite link (docs/product.md §2 "Admin: community", decision 055). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [{ flash, headers }, override] = await Promise.all([takeFlash(request), readCommunityOverride()]);
  return data({ flash, override, configured: env().COMMUNITY_INVITE_URL ?? null }, { headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: inviteUrlFormSchema });
  if (submission.status !== "success") {
    const typed = submission.payload.inviteUrl;
    return data(
      { error: firstError(submission.error), value: typeof typed === "string" ? typed : "" },
      { status: 400 },
    );
  }
  const { inviteUrl } = submission.value;
  await saveCommunityInviteUrl(admin, inviteUrl);
  return redirectWithFlash("/admin/community", {
    kind: "success",
    message: inviteUrl ? "Community invite link saved." : "Override removed: the configured link applies.",
  });
}

export default function AdminCommunity() {
  const { flash, override, configured } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const effective = override ?? configured;
  return (
    <AdminPage title="Community" flash={flash}>
      <Form method="post" className={panelClass} aria-label="Community invite link">
        {failure ? (
          <p
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-700"
          >
            {failure.error}
          </p>
        ) : null}
        <p className="text-sm text-slate-700">
          Paid members see &apos;Join the Private Community&apos; with this link on /bonuses and the dashboard, and
          their welcome and login emails include it. Nobody else ever sees it.{" "}
          {effective ? (
            <>
              In use now: <code className="break-all">{effective}</code>
              {override ? " (this override)" : " (COMMUNITY_INVITE_URL)"}.
            </>
          ) : (
            "No link is set: members see 'Join Discord (Coming Soon)'."
          )}
        </p>
        <label className="block text-sm font-medium text-slate-700">
          Invite link override{" "}
          <span className="font-normal text-slate-500">
            (empty: use COMMUNITY_INVITE_URL{configured ? "" : ", unset"})
          </span>
          <input
            type="url"
            name="inviteUrl"
            maxLength={COMMUNITY_URL_MAX}
            defaultValue={failure?.value ?? override ?? ""}
            placeholder="https://discord.gg/..."
            className={inputClass}
          />
        </label>
        <button type="submit" className={primaryButton}>
          Save
        </button>
      </Form>
    </AdminPage>
  );
}
