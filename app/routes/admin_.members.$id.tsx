import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, Outlet, useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { AdminPage } from "~/platform/ui/admin/admin-page";
import { secondaryButton } from "~/platform/ui/admin/form-controls";
import { takeFlash } from "~/platform/flash.server";
import { requireAdmin } from "~/features/accounts/index.server";
import { accessAction, parseAccessForm, type AccessFailure } from "~/features/catalogue/index.server";
import { findMemberOr404, memberHeader } from "~/features/members/index.server";
import { memberPagePath, movedIntentPath } from "~/features/members/member-pages";
import { MemberNav, MemberSummary, type MemberOutletContext } from "~/features/members/member-layout";
import { brandedTitle } from "~/platform/page-meta";

/**
 * One member in the admin panel (docs/product.md "Admin: members"): the layout of the concern
 * pages (profile and access, orders and refunds, sign-in help, privacy). It loads the member once
 * for the header and carries the flash message; each page below loads only what it shows.
 */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  brandedTitle(`${data?.member.email ?? "Member"} | Admin`, matches),
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [member, { flash, headers }] = await Promise.all([memberHeader(params.id), takeFlash(request)]);
  return data({ member, flash }, { headers });
}

/** Moving between the concern pages reloads the header, and with it takes the next flash message. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;

/**
 * A POST to /admin/members/{id}: the profile page's access forms. An intent that moved to another
 * concern page (a page left open from before the split) is sent there with a 307, which keeps the
 * method and the form.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const member = await findMemberOr404(params.id);
  const submission = parseAccessForm(await request.formData());
  const moved = movedIntentPath(member.id, submission.payload.intent);
  if (moved) return redirect(moved, 307);
  return accessAction(admin, member, submission, memberPagePath(member.id));
}

export default function AdminMemberLayout() {
  const { member, flash } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>() as AccessFailure | undefined;
  const context: MemberOutletContext = { member, failure };
  return (
    <AdminPage
      title={member.email}
      flash={flash}
      actions={
        <Link to="/admin/members" className={secondaryButton}>
          All members
        </Link>
      }
    >
      <MemberSummary member={member} />
      <MemberNav memberId={member.id} />
      <Outlet context={context} />
    </AdminPage>
  );
}
