import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { useNonce } from "~/platform/hooks/use-nonce";
import { movedSectionScript } from "~/features/accounts/account-pages";
import { ProfileSettings } from "~/features/accounts/profile-settings";
import { answerProfileForm, profileView, requireUser } from "~/features/accounts/index.server";
import { brandedTitle } from "~/platform/page-meta";

export const meta: MetaFunction = ({ matches }) => [
  brandedTitle("Account", matches),
  { name: "robots", content: "noindex" },
];

/** The profile: the name and the email address. */
export async function loader({ request }: LoaderFunctionArgs) {
  return { profile: profileView(await requireUser(request)) };
}

/** The profile's forms (they post to /account?index); a form that moved is sent on with a 307. */
export async function action({ request, context }: ActionFunctionArgs) {
  return answerProfileForm(request, context);
}

export default function ProfilePage() {
  const { profile } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  const nonce = useNonce() || undefined;
  return (
    <>
      {/* Old links to a section that became a page (/account#privacy) go there; without JavaScript the sub-navigation does. */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: movedSectionScript() }} />
      <ProfileSettings profile={profile} busy={busy} />
    </>
  );
}
