import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { SESSIONS_PAGE } from "~/features/accounts/account-pages";
import { SessionList } from "~/features/accounts/session-list";
import { answer, changeSessions, sessionsView, requireUser } from "~/features/accounts/index.server";
import { brandedTitle } from "~/platform/page-meta";

export const meta: MetaFunction = ({ matches }) => [
  brandedTitle("Sessions | Account", matches),
  { name: "robots", content: "noindex" },
];

/** Where the account is signed in now. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { sessions: await sessionsView(request, user) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  return answer(SESSIONS_PAGE, await changeSessions(request, user));
}

export default function SessionsPage() {
  const { sessions } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  return <SessionList sessions={sessions} busy={busy} />;
}
