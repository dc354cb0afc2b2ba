import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { siteOrigin } from "~/platform/site-origin";
import { env } from "~/platform/env.server";
import { redirectWithFlash } from "~/platform/flash.server";
import { requireAdmin } from "~/features/accounts/index.server";
import {
  findMemberOr404,
  memberSignInHelp,
  removeTwoFactor,
  sendSignInLink,
  signOutEverywhere,
} from "~/features/members/index.server";
import { firstError } from "~/platform/forms/submission-errors";
import { signInHelpFormSchema } from "~/features/members/member-forms";
import { memberPagePath } from "~/features/members/member-pages";
import { ActiveSessions, MemberEmails, SignInActions } from "~/features/members/sign-in-help";

/**
 * 'Sign-in help' (/admin/members/{id}/sign-in): send a sign-in link, sign out all sessions, remove
 * a lost second factor; the member's active sessions and the emails sent to their address.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return memberSignInHelp(await findMemberOr404(params.id));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const member = await findMemberOr404(params.id);
  const submission = parseWithZod(await request.formData(), { schema: signInHelpFormSchema });
  const here = memberPagePath(member.id, "sign-in");
  if (submission.status !== "success")
    return redirectWithFlash(here, { kind: "error", message: firstError(submission.error) });
  switch (submission.value.intent) {
    case "send-link": {
      await sendSignInLink(admin, member, siteOrigin(env().PUBLIC_URL, request.url));
      return redirectWithFlash(here, { kind: "success", message: `Sign-in link sent to ${member.email}.` });
    }
    case "sign-out": {
      const count = await signOutEverywhere(admin, member);
      return redirectWithFlash(here, { kind: "success", message: `Signed out of all sessions (${count} ended).` });
    }
    case "remove-2fa": {
      const removed = await removeTwoFactor(admin, member);
      return redirectWithFlash(
        here,
        removed
          ? { kind: "success", message: "Two-factor authentication removed. The member was signed out everywhere." }
          : { kind: "error", message: "This member has no two-factor authentication to remove." },
      );
    }
  }
}

export default function MemberSignInPage() {
  const { twoFactor, sessions, emails } = useLoaderData<typeof loader>();
  return (
    <>
      <SignInActions twoFactor={twoFactor} />
      <ActiveSessions sessions={sessions} />
      <MemberEmails emails={emails} />
    </>
  );
}
