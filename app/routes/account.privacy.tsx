import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { accountDeletedResponse, requireUser, askerFor } from "~/features/accounts/index.server";
import { env } from "~/platform/env.server";
import { redirectWithFlash } from "~/platform/flash.server";
import { siteOrigin } from "~/platform/site-origin";
import { PERSONAL_DATA_FILE, PRIVACY_PAGE, UNKNOWN_INTENT_MESSAGE } from "~/features/accounts/account-pages";
import { deleteOwnAccount, memberPrivacyView } from "~/features/privacy/index.server";
import { PrivacyAndData } from "~/features/privacy/privacy-and-data";
import { brandedTitle } from "~/platform/page-meta";
import { privacyForms } from "~/features/privacy/privacy-forms";

export const meta: MetaFunction = ({ matches }) => [
  brandedTitle("Privacy and data | Account", matches),
  { name: "robots", content: "noindex" },
];

/** The page: a GET changes and reveals nothing (docs/product.md §2); the file comes from a POST. */
export async function loader({ request }: LoaderFunctionArgs) {
  return memberPrivacyView(await requireUser(request));
}

const back = (message: string) => redirectWithFlash(PRIVACY_PAGE, { kind: "error", message });

/**
 * 'Privacy and data' (issue 29, decision 056): 'Delete my account' erases the account once the
 * typed address, the current password and (with two-factor on) a code are right, then signs this
 * browser out. 'Download my data' posts to the file's own URL; posted here, as before this page
 * existed, it is sent there with a 307 (the browser posts the same form again).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await request.formData(), { schema: privacyForms });
  if (submission.status !== "success") return back(UNKNOWN_INTENT_MESSAGE);
  const form = submission.value;
  switch (form.intent) {
    case "export":
      return redirect(PERSONAL_DATA_FILE, 307);
    case "delete": {
      const asker = await askerFor(request, context, user);
      const result = await deleteOwnAccount(
        asker,
        { typedEmail: form.confirm_email ?? "", password: form.current_password ?? "", code: form.code },
        siteOrigin(env().PUBLIC_URL, request.url),
      );
      if (result.ok === "link-sent")
        return redirectWithFlash(PRIVACY_PAGE, { kind: "success", message: result.message });
      if (!result.ok) return back(result.message);
      return accountDeletedResponse();
    }
  }
}

export default function PrivacyPage() {
  const { email, hasTwoFactor, hasPassword } = useLoaderData<typeof loader>();
  return <PrivacyAndData email={email} hasTwoFactor={hasTwoFactor} hasPassword={hasPassword} />;
}
