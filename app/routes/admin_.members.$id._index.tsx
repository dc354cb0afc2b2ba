import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useOutletContext } from "@remix-run/react";
import { requireAdmin } from "~/features/accounts/index.server";
import { memberIdOr404, memberProfile } from "~/features/members/index.server";
import { memberPagePath } from "~/features/members/member-pages";
import {
  AccessFacts,
  ComplimentaryActions,
  ComplimentaryGrants,
  MemberProducts,
} from "~/features/members/member-access";
import { ActivityLog, CourseProgress } from "~/features/members/member-history";
import type { MemberOutletContext } from "~/features/members/member-layout";

/**
 * 'Profile and access' (/admin/members/{id}): the member's access and its sources, the forms that
 * grant or revoke it, their course progress and the activity log. The forms post to this URL,
 * which the layout's action answers (admin_.members.$id.tsx).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return memberProfile(memberIdOr404(params.id));
}

export default function MemberProfilePage() {
  const { twoFactor, grants, entitlements, products, progress, activity } = useLoaderData<typeof loader>();
  const { member, failure } = useOutletContext<MemberOutletContext>();
  const action = memberPagePath(member.id);
  return (
    <>
      <AccessFacts member={member} twoFactor={twoFactor} grants={grants} />
      <ComplimentaryActions action={action} grants={grants} failure={failure} />
      <MemberProducts action={action} entitlements={entitlements} products={products} failure={failure} />
      <ComplimentaryGrants grants={grants} />
      <CourseProgress progress={progress} />
      <ActivityLog activity={activity} />
    </>
  );
}
