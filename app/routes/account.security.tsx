import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { SECURITY_PAGE } from "~/features/accounts/account-pages";
import { PasswordSettings, TwoFactorSettings } from "~/features/accounts/security-settings";
import { answer, changeSecurity, securityView, requireUser } from "~/features/accounts/index.server";
import { brandedTitle } from "~/platform/page-meta";

export const meta: MetaFunction = ({ matches }) => [
  brandedTitle("Password and two-factor | Account", matches),
  { name: "robots", content: "noindex" },
];

/** The password, and two-factor authentication (its set-up steps are /account/two-factor). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return securityView(request, user);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  return answer(SECURITY_PAGE, await changeSecurity(request, context, user));
}

export default function SecurityPage() {
  const { hasTwoFactor, recoveryCodesLeft, passwordNeeded } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PasswordSettings busy={busy} />
      <TwoFactorSettings
        hasTwoFactor={hasTwoFactor}
        recoveryCodesLeft={recoveryCodesLeft}
        passwordNeeded={passwordNeeded}
        busy={busy}
      />
    </>
  );
}
