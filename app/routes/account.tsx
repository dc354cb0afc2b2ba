import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { FlashMessage } from "~/platform/ui/flash-message";
import { takeFlash } from "~/platform/flash.server";
import { AccountNav } from "~/features/accounts/account-nav";
import { answerProfileForm, requireUser } from "~/features/accounts/index.server";

/**
 * The account pages' frame (every signed-in user's own account, paid or not): the heading, the
 * sub-navigation and the flash message of the last form, whichever page it came from.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const { flash, headers } = await takeFlash(request);
  return data({ flash }, { headers });
}

/**
 * A POST to /account without `?index` reaches this route rather than the profile page (Remix's
 * rule for index routes): what posted there before the split (old pages, scripts) is the profile
 * page's form, or one that moved, which it sends on.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return answerProfileForm(request, context);
}

/** Each page of the frame reads the flash anew, so a message does not follow the member to the next page. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;

export default function AccountLayout() {
  const { flash } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">Account</h1>
      <p className="mt-2 text-slate-600">Your profile, sign-in and security settings.</p>
      <AccountNav />
      {flash ? (
        <div className="mt-6">
          <FlashMessage flash={flash} />
        </div>
      ) : null}
      <div className="mt-6 space-y-6">
        <Outlet />
      </div>
    </main>
  );
}
