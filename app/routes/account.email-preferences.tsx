import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { EMAIL_PREFERENCES_PAGE } from "~/features/accounts/account-pages";
import { answer, UNKNOWN_INTENT, requireUser } from "~/features/accounts/index.server";
import { EmailPreferences } from "~/features/list/email-preferences";
import { emailPreferencesForm } from "~/features/list/subscription-forms";
import { NEWS_CONFIRMATION_SENT, saveNewsPreference, newsPreference } from "~/features/list/index.server";
import { brandedTitle } from "~/platform/page-meta";

export const meta: MetaFunction = ({ matches }) => [
  brandedTitle("Email preferences | Account", matches),
  { name: "robots", content: "noindex" },
];

/** Whether product news is on (marketing email is opt-out for members, issue 27). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { news: await newsPreference(user.id) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await request.formData(), { schema: emailPreferencesForm });
  if (submission.status !== "success") return answer(EMAIL_PREFERENCES_PAGE, UNKNOWN_INTENT);
  // An unchecked box is not sent at all.
  const outcome = await saveNewsPreference(user.id, submission.value.news === "on");
  if (typeof outcome === "object") return answer(EMAIL_PREFERENCES_PAGE, { ok: false, message: outcome.refused });
  if (outcome === "confirmation-sent")
    return answer(EMAIL_PREFERENCES_PAGE, { ok: true, message: NEWS_CONFIRMATION_SENT });
  return answer(EMAIL_PREFERENCES_PAGE, { ok: true, message: "Your email preferences were saved." });
}

export default function EmailPreferencesPage() {
  const { news } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  return <EmailPreferences news={news} busy={busy} />;
}
